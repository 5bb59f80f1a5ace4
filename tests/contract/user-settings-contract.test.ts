import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreconditionFailedError, type Store } from '../../src/api/stores/repository.ts';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../src/shared/user-settings-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-settings';
const OTHER_TENANT = 'tenant-settings-other';
/** Writes racing on one version of a person's settings. */
const RACERS = 8;

const settings = (changes: Partial<UserSettings>): UserSettings => ({ ...DEFAULT_USER_SETTINGS, ...changes });

describe.each(STORE_FACTORIES)('the %s store’s user settings', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.dispose());

  it('holds none for a person until a write expecting version 0 creates them at version 1', async () => {
    const user = { tenantId: TENANT, userId: 'first-write' };
    expect(await store.userSettings.get(user)).toBeNull();
    await expect(store.userSettings.put({ ...user, values: settings({ weekNumbers: true }), expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await store.userSettings.put({ ...user, values: settings({ weekNumbers: true }), expected: 0 })).toEqual({ values: settings({ weekNumbers: true }), version: 1 });
    expect(await store.userSettings.get(user)).toEqual({ values: settings({ weekNumbers: true }), version: 1 });
  });

  it('replaces them with the expected version, refuses a stale one, and takes any with "*"', async () => {
    const user = { tenantId: TENANT, userId: 'replace' };
    await store.userSettings.put({ ...user, values: settings({ timeFormat: 'h23' }), expected: 0 });
    expect(await store.userSettings.put({ ...user, values: settings({ timeFormat: 'h12' }), expected: 1 })).toMatchObject({ version: 2 });
    await expect(store.userSettings.put({ ...user, values: settings({ timeFormat: 'locale' }), expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.userSettings.put({ ...user, values: settings({ timeFormat: 'locale' }), expected: 0 })).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await store.userSettings.put({ ...user, values: settings({ workingHours: { startHour: 7, endHour: 15 } }), expected: null })).toMatchObject({ version: 3 });
    expect(await store.userSettings.get(user)).toEqual({ values: settings({ workingHours: { startHour: 7, endHour: 15 } }), version: 3 });
  });

  it('keeps each tenant’s people apart, one user id in two tenants included', async () => {
    await store.userSettings.put({ tenantId: TENANT, userId: 'same-id', values: settings({ weekNumbers: true }), expected: 0 });
    expect(await store.userSettings.get({ tenantId: OTHER_TENANT, userId: 'same-id' })).toBeNull();
    await store.userSettings.put({ tenantId: OTHER_TENANT, userId: 'same-id', values: settings({ timeFormat: 'h12' }), expected: 0 });
    expect((await store.userSettings.get({ tenantId: TENANT, userId: 'same-id' }))?.values).toEqual(settings({ weekNumbers: true }));
  });

  it('takes any user id an identity provider may give, slashes and hashes included', async () => {
    const user = { tenantId: TENANT, userId: 'oidc|a/b?c#d\\e' };
    await store.userSettings.put({ ...user, values: settings({ timeFormat: 'h23' }), expected: 0 });
    expect((await store.userSettings.get(user))?.values).toEqual(settings({ timeFormat: 'h23' }));
    expect(await store.userSettings.get({ tenantId: TENANT, userId: 'oidc|a/b?c#d' })).toBeNull();
  });

  it(`lets exactly one of ${RACERS} writes expecting one version win, the first write included`, async () => {
    for (const expected of [0, 1]) {
      const user = { tenantId: TENANT, userId: 'racers' };
      const outcomes = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, index) => store.userSettings.put({ ...user, values: settings({ workingHours: { startHour: index, endHour: 20 } }), expected })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(PreconditionFailedError);
      expect((await store.userSettings.get(user))?.version).toBe(expected + 1);
    }
  });

  it('keeps them across a restart', async () => {
    const user = { tenantId: TENANT, userId: 'durable' };
    await store.userSettings.put({ ...user, values: settings({ weekNumbers: true, timeFormat: 'h12' }), expected: 0 });
    const again = await opened.reopen();
    expect(await again.userSettings.get(user)).toEqual({ values: settings({ weekNumbers: true, timeFormat: 'h12' }), version: 1 });
  });
});
