import { randomUUID } from 'node:crypto';
import { CosmosClient } from '@azure/cosmos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import { eventRecord, type EventWindow, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { plainTextToHtml } from '../../src/shared/rich-text.ts';
import { FEED_EVENTS_MAX } from '../../src/shared/limits.ts';
import { cosmosOptions } from './store-factories.ts';

const TENANT = 'tenant-legacy-descriptions';
const ACTOR = { id: 'author', name: 'Author' };
const PLAIN = 'Bring a laptop\nand <snacks> & "tea"\n\nRoom 2';
const AS_HTML = plainTextToHtml(PLAIN);
const RECURRENCE_ID = '2027-05-11T09:00:00.000Z';

function draft(fields: Parameters<typeof normaliseEvent>[0]): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

/** An event document exactly as a build before issue 11 wrote it: the record and its partition key, no description mark. */
function legacyDoc(calendarId: string, fields: EventDraft) {
  const now = new Date().toISOString();
  const record = eventRecord({ id: randomUUID(), calendarId, draft: fields, authorship: { createdBy: ACTOR, updatedBy: ACTOR, createdAt: now, updatedAt: now }, version: 1 });
  return { ...record, tenantId: TENANT };
}

describe('the Cosmos store, over event documents written before descriptions were rich text', () => {
  const database = `legacy-${randomUUID()}`;
  let store: Store;
  let client: CosmosClient;
  let calendarId: string;
  let single: ReturnType<typeof legacyDoc>;
  let series: ReturnType<typeof legacyDoc>;

  beforeAll(async () => {
    store = await openCosmosStore(cosmosOptions(database));
    calendarId = (await store.calendars.create({ tenantId: TENANT, input: { name: 'Legacy', color: '#000000', description: '', editors: [] }, actor: ACTOR })).id;
    client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    const events = client.database(database).container(COSMOS_EVENTS_CONTAINER);
    single = legacyDoc(calendarId, draft({ title: 'Workshop', start: '2027-05-03T09:00:00Z', extendedProps: { description: PLAIN } }));
    const weekly = draft({ title: 'Weekly', start: '2027-05-04T09:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=4', extendedProps: { timeZone: 'UTC', description: 'Agenda\nfirst' } });
    series = legacyDoc(calendarId, { ...weekly, overrides: { [RECURRENCE_ID]: { description: 'Moved to <Room 3>' }, '2027-05-18T09:00:00.000Z': { title: 'Renamed only' } } });
    await events.items.create(single);
    await events.items.create(series);
  });
  afterAll(async () => {
    await store.close();
    client.dispose();
  });

  it('reads their plain-text descriptions, and each override’s, as HTML through every read', async () => {
    // What plainTextToHtml makes of it: escaped, in paragraphs.
    expect(AS_HTML).toMatch(/^<p>Bring a laptop<br ?\/?>and &lt;snacks&gt; &amp; (&quot;|")tea(&quot;|")<\/p><p>Room 2<\/p>$/);
    const window = resolveEventWindow('2027-05-01', '2027-06-01', 'UTC') as EventWindow;
    const [inWindow] = await store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendarId], window, limit: FEED_EVENTS_MAX });
    const byGet = await store.events.get({ tenantId: TENANT, calendarId, eventId: single.id });
    const byId = await store.events.findById({ tenantId: TENANT, eventId: single.id });
    for (const event of [inWindow, byGet, byId]) expect(event?.extendedProps.description).toBe(AS_HTML);

    const [seriesInWindow] = await store.events.listSeriesInWindow({ tenantId: TENANT, calendarIds: [calendarId], window });
    for (const event of [seriesInWindow, await store.events.findById({ tenantId: TENANT, eventId: series.id })]) {
      expect(event?.extendedProps.description).toBe(plainTextToHtml('Agenda\nfirst'));
      expect(event?.extendedProps.overrides).toEqual({ [RECURRENCE_ID]: { description: '<p>Moved to &lt;Room 3&gt;</p>' }, '2027-05-18T09:00:00.000Z': { title: 'Renamed only' } });
    }
  });

  it('stores an event’s HTML as it is once the event is written again, converting nothing twice', async () => {
    const read = (await store.events.get({ tenantId: TENANT, calendarId, eventId: single.id }))!;
    const updated = await store.events.update({
      tenantId: TENANT,
      calendarId,
      eventId: single.id,
      draft: draft({ title: 'Workshop, again', start: read.start, end: read.end, extendedProps: { description: read.extendedProps.description } }),
      actor: ACTOR,
      expected: 1,
    });
    expect(updated.extendedProps.description).toBe(AS_HTML);
    expect((await store.events.get({ tenantId: TENANT, calendarId, eventId: single.id }))?.extendedProps.description).toBe(AS_HTML);
    const created = await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'New', start: '2027-05-05', extendedProps: { description: '<p>a &amp; b</p>' } }), actor: ACTOR });
    expect((await store.events.findById({ tenantId: TENANT, eventId: created.id }))?.extendedProps.description).toBe('<p>a &amp; b</p>');
  });
});
