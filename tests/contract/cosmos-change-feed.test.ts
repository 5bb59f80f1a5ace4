import { randomUUID } from 'node:crypto';
import { BulkOperationType, ChangeFeedStartFrom, CosmosClient } from '@azure/cosmos';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import type { ChangeEntry } from '../../src/shared/history-schema.ts';
import { cosmosOptions } from './store-factories.ts';

const TENANT = 'tenant-feed';
const ADA = { id: 'ada', name: 'Ada Admin' };
/** What the issue asks of two instances over one account: a write through one reaches the other's viewers within 2 s. */
const ACROSS_INSTANCES_MS = 2_000;

function draft(title: string, day: string): EventDraft {
  const result = normaliseEvent({ title, start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z` });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const client = () => new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });

describe('two Cosmos store instances over one account (the events container’s change feed)', () => {
  const database = `feed-${randomUUID()}`;
  let a: Store;
  let b: Store;
  let calendarId: string;

  beforeAll(async () => {
    [a, b] = [await openCosmosStore(cosmosOptions(database)), await openCosmosStore(cosmosOptions(database))];
    calendarId = (await a.calendars.create({ tenantId: TENANT, actor: ADA, input: { name: 'Shared', color: '#123456', description: '', editors: [] } })).id;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('tells a subscriber of instance B of a write through instance A within 2 s, the entry as A’s history has it', async () => {
    const heard: { tenantId: string; entry: ChangeEntry; at: number }[] = [];
    const stop = b.history.subscribe((tenantId, entry) => heard.push({ tenantId, entry, at: Date.now() }));
    const writtenAt = Date.now();
    const event = await a.events.create({ tenantId: TENANT, calendarId, draft: draft('Across', '2033-01-03'), actor: ADA });
    const [entry] = await a.history.forEvent({ tenantId: TENANT, eventId: event.id, before: null, limit: 1 });
    await vi.waitFor(() => expect(heard.map((h) => h.entry.id)).toContain(entry!.id), { timeout: ACROSS_INSTANCES_MS, interval: 20 });
    const told = heard.find((h) => h.entry.id === entry!.id)!;
    expect(told).toMatchObject({ tenantId: TENANT, entry });
    expect(told.at - writtenAt).toBeLessThan(ACROSS_INSTANCES_MS);
    stop();
  });

  it('starts from the moment of subscribing, and then tells each later entry once, in the order written', async () => {
    await a.events.create({ tenantId: TENANT, calendarId, draft: draft('Before', '2033-01-04'), actor: ADA });
    // The start is a time, to the second (as Cosmos's If-Modified-Since): a second later, the write above is history.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const heard: ChangeEntry[] = [];
    const stop = b.history.subscribe((_tenantId, entry) => heard.push(entry));
    const titles = ['one', 'two', 'three', 'four'];
    for (const title of titles) await a.events.create({ tenantId: TENANT, calendarId, draft: draft(title, '2033-01-05'), actor: ADA });
    await vi.waitFor(() => expect(heard).toHaveLength(titles.length), { timeout: 5_000, interval: 20 });
    expect(heard.map((entry) => entry.title)).toEqual(titles);
    expect(heard.map((entry) => Number(entry.cursor))).toEqual([...heard.map((entry) => Number(entry.cursor))].sort((x, y) => x - y));
    // Nothing more comes: the continuation moved past what was read.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(heard).toHaveLength(titles.length);
    stop();
  });
});

describe('the local protocol server’s additions (tests/support/cosmos-protocol-additions.ts)', () => {
  const database = `protocol-${randomUUID()}`;
  let store: Store;
  const cosmos = client();
  const events = () => cosmos.database(database).container(COSMOS_EVENTS_CONTAINER);

  beforeAll(async () => {
    store = await openCosmosStore(cosmosOptions(database));
  });
  afterAll(async () => {
    await store.close();
    cosmos.dispose();
  });

  it('applies a transactional batch all or nothing, answering the failed operation’s status and 424 for the others', async () => {
    const kept = { id: 'kept', tenantId: TENANT, value: 1 };
    const { resource } = await events().items.create(kept);
    const operations = [
      { operationType: BulkOperationType.Replace, id: 'kept', resourceBody: { ...kept, value: 2 }, ifMatch: resource!._etag },
      { operationType: BulkOperationType.Create, resourceBody: { id: 'new', tenantId: TENANT } },
      { operationType: BulkOperationType.Replace, id: 'kept', resourceBody: { ...kept, value: 3 }, ifMatch: '"stale"' },
    ];
    const failure = await events().items.batch(operations, TENANT).catch((error: unknown) => (error as { cause: { code: number; body: { statusCode: number }[] } }).cause);
    expect(failure).toMatchObject({ code: 412, body: [{ statusCode: 424 }, { statusCode: 424 }, { statusCode: 412 }] });
    const { resource: after } = await events().item('kept', TENANT).read();
    expect(after).toMatchObject({ value: 1, _etag: resource!._etag });
    expect((await events().item('new', TENANT).read()).resource).toBeUndefined();

    const success = await events().items.batch(operations.slice(0, 2), TENANT);
    expect(success.result?.map((result) => result.statusCode)).toEqual([200, 201]);
  });

  it('reads the change feed from now, from a time and on from its continuation, latest versions only', async () => {
    await events().items.create({ id: 'old', tenantId: TENANT });
    const fromNow = events().items.getChangeFeedIterator({ changeFeedStartFrom: ChangeFeedStartFrom.Now() });
    expect((await fromNow.readNext()).statusCode).toBe(304);
    await events().items.create({ id: 'first', tenantId: TENANT });
    const { resource } = await events().items.create({ id: 'second', tenantId: TENANT, value: 1 });
    await events().item('second', TENANT).replace({ ...resource, value: 2 });
    const page = await fromNow.readNext();
    expect(page.statusCode).toBe(200);
    expect(page.result.map((doc: { id: string; value?: number }) => [doc.id, doc.value])).toEqual([['first', undefined], ['second', 2]]);
    expect((await fromNow.readNext()).statusCode).toBe(304);

    const fromBeginning = events().items.getChangeFeedIterator({ changeFeedStartFrom: ChangeFeedStartFrom.Beginning() });
    expect((await fromBeginning.readNext()).result.map((doc: { id: string }) => doc.id)).toEqual(expect.arrayContaining(['old', 'first', 'second']));
  });
});
