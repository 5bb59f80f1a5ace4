import { randomUUID } from 'node:crypto';
import { CosmosClient } from '@azure/cosmos';
import { describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import {
  activityQuery,
  calendarEntryIdsQuery,
  calendarEventCountQuery,
  calendarEventIdsQuery,
  calendarsQuery,
  calendarTrashQuery,
  eventHistoryQuery,
  eventTrashQuery,
  sinceQuery,
  windowQuery,
} from '../../src/api/stores/cosmos/cosmos-queries.ts';
import { CHANGES_DOC_ID } from '../../src/api/stores/cosmos/change-versions.ts';
import { ENTRY_RECOVERY_GRACE_SECONDS, HISTORY_SEQUENCE_ID } from '../../src/api/stores/cosmos/cosmos-history.ts';
import { calendarEntry } from '../../src/api/stores/change-entries.ts';
import { COSMOS_CALENDARS_CONTAINER, COSMOS_EVENTS_CONTAINER, EVENTS_DEFAULT_TTL, EVENTS_INDEXING_POLICY, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { cosmosOptions } from './store-factories.ts';
import { EVENT_TRASH_DAYS, FEED_EVENTS_MAX, HISTORY_RETENTION_DAYS } from '../../src/shared/limits.ts';

const TENANT = 'tenant-cosmos';
const ACTOR = { id: 'tester', name: 'Tester' };

function draft(title: string, start: string): EventDraft {
  const result = normaliseEvent({ title, start });
  if (!result.ok) throw new Error('bad draft');
  return result.draft;
}

describe('Cosmos queries (asserted on query text and options: the protocol server ignores the partitionKey option)', () => {
  it('target the tenant’s partition, both in the WHERE clause and as the partitionKey option', () => {
    const queries = [
      windowQuery(TENANT, 'cal', false, 0, 1, 2),
      calendarsQuery(TENANT),
      calendarEventIdsQuery(TENANT, 'cal', 'trash:cal'),
      calendarTrashQuery(TENANT),
      calendarEventCountQuery(TENANT, 'cal'),
      eventTrashQuery(TENANT, 'trash:cal'),
      eventHistoryQuery(TENANT, 'event', 5),
      activityQuery({ tenantId: TENANT, calendarId: 'cal', byUserId: 'ada', fromMs: 1, toMs: 2, beforeSeq: 5 }),
      sinceQuery(TENANT, 5),
      calendarEntryIdsQuery(TENANT, 'cal'),
    ];
    for (const query of queries) {
      expect(query.partitionKey).toBe(TENANT);
      expect(query.spec.query).toContain('c.tenantId = @tenantId');
      expect(query.spec.parameters).toContainEqual({ name: '@tenantId', value: TENANT });
    }
  });

  it('bound the window query’s start on both sides, with parameters and not string-built values', () => {
    const query = windowQuery(TENANT, 'cal"; DROP', true, 10, 20, 30);
    expect(query.spec.query).toMatch(/c\.startMs >= @lowest AND c\.startMs < @to AND c\["endMs"\] > @from/);
    expect(query.spec.query).not.toContain('DROP');
    expect(query.spec.query).not.toMatch(/OFFSET|LIMIT/);
    expect(query.spec.parameters).toContainEqual({ name: '@calendarId', value: 'cal"; DROP' });
  });
});

describe('the Cosmos store after a crash', () => {
  it('leaves nothing visible when a calendar purge dies half-way, and the next start-up finishes it, history too', async () => {
    const database = `crash-${randomUUID()}`;
    const running = await openCosmosStore(cosmosOptions(database));
    const calendar = await running.calendars.create({ tenantId: TENANT, input: { name: 'Half-deleted', color: '#000000', description: '', editors: [] }, actor: ACTOR });
    const event = await running.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Orphan to be', '2027-04-01'), actor: ACTOR });

    await running.calendars.delete({ tenantId: TENANT, calendarId: calendar.id, expected: 1, actor: ACTOR });
    // What the first step of a purge leaves behind if the process dies right after it: the trashed calendar marked.
    const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    const calendars = client.database(database).container(COSMOS_CALENDARS_CONTAINER);
    const events = client.database(database).container(COSMOS_EVENTS_CONTAINER);
    const { resource } = await calendars.item(calendar.id, TENANT).read();
    await calendars.item(calendar.id, TENANT).replace({ ...resource, deleting: true });

    // Until something finishes the job, no instance shows the calendar or its events.
    const window = resolveEventWindow('2027-04-01', '2027-04-02', 'UTC') as EventWindow;
    expect(await running.calendars.list({ tenantId: TENANT })).toEqual([]);
    expect(await running.calendars.get({ tenantId: TENANT, calendarId: calendar.id })).toBeNull();
    expect(await running.events.findById({ tenantId: TENANT, eventId: event.id })).toBeNull();
    expect(await running.events.get({ tenantId: TENANT, calendarId: calendar.id, eventId: event.id })).toBeNull();
    expect(await running.events.listInWindow({ tenantId: TENANT, calendarIds: [calendar.id], window, limit: FEED_EVENTS_MAX })).toEqual([]);
    const eventsBefore = await events.items.query({ query: 'SELECT c.id FROM c WHERE c.calendarId = @c', parameters: [{ name: '@c', value: calendar.id }] }).fetchAll();
    expect(eventsBefore.resources).toHaveLength(1);
    expect(await running.calendars.listTrash({ tenantId: TENANT })).toEqual([]);
    expect(await running.history.forCalendar({ tenantId: TENANT, calendarId: calendar.id, before: null, limit: 10 })).toHaveLength(3);
    await running.close();

    // The next start-up finishes the purge: the documents are gone, the calendar's history with them.
    const restarted = await openCosmosStore({ ...cosmosOptions(database), createResources: false });
    expect(await restarted.history.forCalendar({ tenantId: TENANT, calendarId: calendar.id, before: null, limit: 10 })).toEqual([]);
    const eventsAfter = await events.items.query({ query: 'SELECT c.id FROM c WHERE c.calendarId = @c', parameters: [{ name: '@c', value: calendar.id }] }).fetchAll();
    expect(eventsAfter.resources).toEqual([]);
    expect((await calendars.item(calendar.id, TENANT).read()).resource).toBeUndefined();
    await restarted.close();
    client.dispose();
  });

  it('records the entry of a calendar change whose process died before recording it, once, at the next purge', async () => {
    const database = `lost-entry-${randomUUID()}`;
    const running = await openCosmosStore(cosmosOptions(database));
    const calendar = await running.calendars.create({ tenantId: TENANT, input: { name: 'Before', color: '#000000', description: '', editors: [] }, actor: ACTOR });
    await running.close();
    // What an update leaves if its process dies between the calendar's replace and its entry: the entry on the calendar only.
    const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    const item = client.database(database).container(COSMOS_CALENDARS_CONTAINER).item(calendar.id, TENANT);
    const { resource } = await item.read();
    const changes = [{ field: 'name', old: 'Before', new: 'After' }];
    const lastEntry = calendarEntry({ id: calendar.id, name: 'After' }, { kind: 'updated', by: ACTOR, at: new Date().toISOString(), version: 2, changes });
    await item.replace({ ...resource, name: 'After', version: 2, lastEntry });

    const page = { tenantId: TENANT, calendarId: calendar.id, before: null, limit: 10 };
    const restarted = await openCosmosStore({ ...cosmosOptions(database), createResources: false });
    const kinds = async () => (await restarted.history.forCalendar(page)).map((entry) => [entry.kind, entry.version, entry.changes]);
    // Within the grace period it may be a live write on another instance, about to record its entry itself.
    await restarted.purgeExpired(new Date());
    expect(await kinds()).toEqual([['created', 1, []]]);
    // The purge at start-up and every hour records it once the grace period has passed, and only once.
    const later = new Date(Date.now() + (ENTRY_RECOVERY_GRACE_SECONDS + 5) * 1000);
    for (let run = 0; run < 2; run++) {
      await restarted.purgeExpired(later);
      expect(await kinds()).toEqual([['updated', 2, changes], ['created', 1, []]]);
    }
    await restarted.close();
    client.dispose();
  });

});

describe('the Cosmos store’s containers and documents', () => {
  it('keeps each tenant’s change counters, history sequence and entries out of every calendar and event read', async () => {
    const database = `changes-${randomUUID()}`;
    const store = await openCosmosStore(cosmosOptions(database));
    const calendar = await store.calendars.create({ tenantId: TENANT, input: { name: 'Counted', color: '#000000', description: '', editors: [] }, actor: ACTOR });
    await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Counted too', '2027-04-01'), actor: ACTOR });
    expect((await store.calendars.list({ tenantId: TENANT })).map((c) => c.id)).toEqual([calendar.id]);
    expect(await store.calendars.get({ tenantId: TENANT, calendarId: CHANGES_DOC_ID })).toBeNull();
    expect(await store.events.findById({ tenantId: TENANT, eventId: CHANGES_DOC_ID })).toBeNull();
    expect(await store.events.get({ tenantId: TENANT, calendarId: calendar.id, eventId: CHANGES_DOC_ID })).toBeNull();
    const [entry] = await store.history.forCalendar({ tenantId: TENANT, calendarId: calendar.id, before: null, limit: 1 });
    for (const eventId of [HISTORY_SEQUENCE_ID, entry!.id]) {
      expect(await store.events.findById({ tenantId: TENANT, eventId })).toBeNull();
      expect(await store.events.get({ tenantId: TENANT, calendarId: calendar.id, eventId })).toBeNull();
    }
    // A trashed calendar is still there; purged, it leaves only counters and entries: as good as empty for the demo seed.
    await store.calendars.delete({ tenantId: TENANT, calendarId: calendar.id, expected: null, actor: ACTOR });
    expect(await store.claimDemoSeed()).toBe(false);
    await store.calendars.purge({ tenantId: TENANT, calendarId: calendar.id });
    expect(await store.claimDemoSeed()).toBe(true);
    await store.close();
  });

  it('gives trashed events and history entries their time to live, and takes a restored event’s away', async () => {
    const database = `ttl-${randomUUID()}`;
    const store = await openCosmosStore(cosmosOptions(database));
    const calendar = await store.calendars.create({ tenantId: TENANT, input: { name: 'Expiring', color: '#000000', description: '', editors: [] }, actor: ACTOR });
    const event = await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Binned', '2027-04-01'), actor: ACTOR });
    await store.events.delete({ tenantId: TENANT, calendarId: calendar.id, eventId: event.id, expected: 1, actor: ACTOR });
    const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    const events = client.database(database).container(COSMOS_EVENTS_CONTAINER);
    expect((await events.read()).resource?.defaultTtl).toBe(EVENTS_DEFAULT_TTL);
    expect((await events.item(event.id, TENANT).read()).resource).toMatchObject({ ttl: EVENT_TRASH_DAYS * 86_400, calendarId: `trash:${calendar.id}` });
    const entries = await store.history.forEvent({ tenantId: TENANT, eventId: event.id, before: null, limit: 10 });
    for (const entry of entries) expect((await events.item(entry.id, TENANT).read()).resource).toMatchObject({ ttl: HISTORY_RETENTION_DAYS * 86_400 });
    await store.events.restore({ tenantId: TENANT, calendarId: calendar.id, eventId: event.id, expected: 2, actor: ACTOR });
    expect((await events.item(event.id, TENANT).read()).resource).not.toHaveProperty('ttl');
    await store.close();
    client.dispose();
  });

  it('brings an events container an older build created up to date: the history’s composite index and time to live', async () => {
    const database = `older-${randomUUID()}`;
    const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    await client.databases.create({ id: database });
    const compositeIndexes = EVENTS_INDEXING_POLICY.compositeIndexes!.slice(0, 3);
    await client.database(database).containers.create({ id: COSMOS_EVENTS_CONTAINER, partitionKey: { paths: ['/tenantId'] }, indexingPolicy: { ...EVENTS_INDEXING_POLICY, compositeIndexes } });
    const store = await openCosmosStore(cosmosOptions(database));
    const { resource } = await client.database(database).container(COSMOS_EVENTS_CONTAINER).read();
    expect(resource).toMatchObject({ defaultTtl: EVENTS_DEFAULT_TTL, indexingPolicy: { compositeIndexes: EVENTS_INDEXING_POLICY.compositeIndexes } });
    const calendar = await store.calendars.create({ tenantId: TENANT, input: { name: 'Upgraded', color: '#000000', description: '', editors: [] }, actor: ACTOR });
    const event = await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Has a history', '2027-04-01'), actor: ACTOR });
    expect(await store.history.forEvent({ tenantId: TENANT, eventId: event.id, before: null, limit: 5 })).toHaveLength(1);
    await store.close();
    client.dispose();
  });

});

describe('the Cosmos store’s demo seed', () => {
  it('lets only one of several instances starting together claim the demo seed', async () => {
    const database = `seed-${randomUUID()}`;
    const stores = await Promise.all([0, 1, 2].map(() => openCosmosStore(cosmosOptions(database))));
    const claims = await Promise.all(stores.map((store) => store.claimDemoSeed()));
    expect(claims.filter(Boolean)).toHaveLength(1);
    for (const store of stores) await store.close();
  });
});
