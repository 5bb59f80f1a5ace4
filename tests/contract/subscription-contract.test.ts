import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareSubscriptions, NotFoundError, type Store, type SubscriptionCreate } from '../../src/api/stores/repository.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-subscriptions';
const OTHER_TENANT = 'tenant-subscriptions-other';

/** A fresh secret's hash, as the service makes them. */
const newHash = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');

function link(fields: Partial<SubscriptionCreate> = {}): SubscriptionCreate {
  return { tenantId: TENANT, userId: 'ada', userName: 'Ada Admin', calendarId: 'calendar-1', categoryId: null, secretHash: newHash(), ...fields };
}

/** A store opened for a describe block. */
function openedFor(open: () => Promise<OpenedStore>) {
  const state = {} as { opened: OpenedStore; store: Store };
  beforeAll(async () => {
    state.opened = await open();
    state.store = state.opened.store;
  });
  afterAll(() => state.opened.dispose());
  return state;
}

describe.each(STORE_FACTORIES)('the %s store’s subscription links', (_name, open) => {
  const state = openedFor(open);

  it('creates a link, without its hash in what it gives back, and finds it by its hash in any tenant', async () => {
    const input = link({ userId: 'finder', categoryId: 'category-1' });
    const created = await state.store.subscriptions.create(input);
    expect(created).toEqual({
      id: expect.any(String),
      tenantId: TENANT,
      userId: 'finder',
      userName: 'Ada Admin',
      calendarId: 'calendar-1',
      categoryId: 'category-1',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(created)).not.toContain(input.secretHash);
    expect(await state.store.subscriptions.findBySecretHash(input.secretHash)).toEqual(created);
    expect(await state.store.subscriptions.findBySecretHash(newHash())).toBeNull();
    expect(await state.store.subscriptions.get({ tenantId: TENANT, subscriptionId: created.id })).toEqual(created);
    expect(await state.store.subscriptions.get({ tenantId: OTHER_TENANT, subscriptionId: created.id })).toBeNull();
  });

  it('lists a person’s links and a tenant’s, oldest first, never another person’s or tenant’s', async () => {
    const first = await state.store.subscriptions.create(link({ userId: 'lister' }));
    const second = await state.store.subscriptions.create(link({ userId: 'lister', calendarId: 'calendar-2' }));
    const someoneElse = await state.store.subscriptions.create(link({ userId: 'other-lister' }));
    const elsewhere = await state.store.subscriptions.create(link({ tenantId: OTHER_TENANT, userId: 'lister' }));

    // Made within one millisecond, they go by id.
    expect(await state.store.subscriptions.listByUser({ tenantId: TENANT, userId: 'lister' })).toEqual([first, second].sort(compareSubscriptions));
    expect(await state.store.subscriptions.listByUser({ tenantId: OTHER_TENANT, userId: 'lister' })).toEqual([elsewhere]);
    const tenant = await state.store.subscriptions.listByTenant({ tenantId: TENANT });
    expect(tenant).toEqual(expect.arrayContaining([first, second, someoneElse]));
    expect(tenant).not.toContainEqual(elsewhere);
    expect(tenant).toEqual([...tenant].sort(compareSubscriptions));
  });

  it('deletes a link of the tenant only, after which its hash finds nothing; a second delete is NotFoundError', async () => {
    const input = link({ userId: 'deleter' });
    const created = await state.store.subscriptions.create(input);
    const key = { tenantId: TENANT, subscriptionId: created.id };
    await expect(state.store.subscriptions.delete({ ...key, tenantId: OTHER_TENANT })).rejects.toBeInstanceOf(NotFoundError);
    expect(await state.store.subscriptions.get(key)).toEqual(created);
    await state.store.subscriptions.delete(key);
    expect(await state.store.subscriptions.get(key)).toBeNull();
    expect(await state.store.subscriptions.findBySecretHash(input.secretHash)).toBeNull();
    await expect(state.store.subscriptions.delete(key)).rejects.toBeInstanceOf(NotFoundError);
  });

});

describe.each(STORE_FACTORIES)('the %s store’s subscription links over time', (_name, open) => {
  const state = openedFor(open);

  it('records a link’s last use, and a use recorded after its delete does not bring it back', async () => {
    const created = await state.store.subscriptions.create(link({ userId: 'user' }));
    const key = { tenantId: TENANT, subscriptionId: created.id };
    await state.store.subscriptions.recordUse({ ...key, at: '2027-01-02T03:04:05.000Z' });
    expect(await state.store.subscriptions.get(key)).toEqual({ ...created, lastUsedAt: '2027-01-02T03:04:05.000Z' });
    await state.store.subscriptions.delete(key);
    await state.store.subscriptions.recordUse({ ...key, at: '2027-01-02T04:04:05.000Z' });
    expect(await state.store.subscriptions.get(key)).toBeNull();
    expect(await state.store.subscriptions.listByUser({ tenantId: TENANT, userId: 'user' })).toEqual([]);
  });

  it('counts no link write as a change of the tenant’s calendars: cached feeds stay valid', async () => {
    const before = await state.store.changes.version({ tenantId: TENANT });
    const created = await state.store.subscriptions.create(link({ userId: 'quiet' }));
    await state.store.subscriptions.recordUse({ tenantId: TENANT, subscriptionId: created.id, at: new Date().toISOString() });
    await state.store.subscriptions.delete({ tenantId: TENANT, subscriptionId: created.id });
    expect(await state.store.changes.version({ tenantId: TENANT })).toBe(before);
  });

  it('shows the same links to a second store over the same data', async () => {
    const input = link({ userId: 'durable' });
    const created = await state.store.subscriptions.create(input);
    const again = await state.opened.reopen();
    expect(await again.subscriptions.findBySecretHash(input.secretHash)).toEqual(created);
  });
});
