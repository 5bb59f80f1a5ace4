import { randomUUID } from 'node:crypto';
import { CosmosClient } from '@azure/cosmos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGES_DOC_ID } from '../../src/api/stores/cosmos/change-versions.ts';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { cosmosOptions } from './store-factories.ts';

// What the Cosmos store answers when part of a write fails after the write itself landed: the part that only keeps
// caches fresh (the tenant's change counter) never turns a stored write into a failure.

const TENANT = 'tenant-outcomes';
const ACTOR = { id: 'tester', name: 'Tester' };

function draft(title: string): EventDraft {
  const result = normaliseEvent({ title, start: '2031-05-05T09:00:00Z', end: '2031-05-05T10:00:00Z' });
  if (!result.ok) throw new Error('bad draft');
  return result.draft;
}

const database = `outcomes-${randomUUID()}`;
let store: Store;
let counter: ReturnType<ReturnType<ReturnType<CosmosClient['database']>['container']>['item']>;

beforeAll(async () => {
  store = await openCosmosStore(cosmosOptions(database));
  const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
  counter = client.database(database).container(COSMOS_EVENTS_CONTAINER).item(CHANGES_DOC_ID, TENANT);
});
afterAll(() => store.close());

describe('a write whose change-version bump fails after the write landed', () => {
  it('is acknowledged, its tenant’s version changes at every read until the bump lands in the background, then settles', async () => {
    const calendar = await store.calendars.create({ tenantId: TENANT, actor: ACTOR, input: { name: 'Outcomes', color: '#123456', description: '', editors: [] } });
    const first = await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Counted'), actor: ACTOR });
    const { resource } = await counter.read<{ changeVersion: number }>();
    // A counter an increment cannot add to: every bump of it fails until it is put right.
    await counter.replace({ ...resource!, changeVersion: 'broken' });

    const created = await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Stored anyway'), actor: ACTOR });
    expect(await store.events.get({ tenantId: TENANT, calendarId: calendar.id, eventId: created.id })).not.toBeNull();
    expect(created.id).not.toBe(first.id);
    // No read may be served from a cache kept under a version that does not count the write.
    const unsettled = [await store.changes.version({ tenantId: TENANT }), await store.changes.version({ tenantId: TENANT })];
    expect(unsettled[0]).not.toBe(unsettled[1]);

    await counter.replace({ ...resource!, changeVersion: resource!.changeVersion });
    await vi.waitFor(async () => {
      const [a, b] = [await store.changes.version({ tenantId: TENANT }), await store.changes.version({ tenantId: TENANT })];
      expect(a).toBe(b);
      expect(a).not.toContain('unsettled');
    }, { timeout: 10_000, interval: 100 });
    const { resource: settled } = await counter.read<{ changeVersion: number }>();
    expect(settled!.changeVersion).toBeGreaterThan(resource!.changeVersion);
  });
});
