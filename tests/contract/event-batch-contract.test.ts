import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_UIDS_PER_QUERY } from '../../src/api/stores/cosmos/cosmos-event-batch.ts';
import { NotFoundError, PreconditionFailedError, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft, type ImportSource } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-batch';
const OTHER_TENANT = 'tenant-batch-other';
const ACTOR = { id: 'importer', name: 'Importer' };

function draft(title: string, uid: string | null, day = 10): EventDraft {
  const result = normaliseEvent({ title, start: `2031-05-${day}T09:00:00Z`, end: `2031-05-${day}T10:00:00Z` });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const importSource: ImportSource | null = uid === null ? null : { uid, sequence: 0, modified: '2031-01-01T00:00:00.000Z' };
  return { ...result.draft, importSource };
}

describe.each(STORE_FACTORIES)('event batches in the %s store', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  let calendarId: string;
  let otherCalendarId: string;
  const newCalendar = async (tenantId = TENANT) =>
    (await store.calendars.create({ actor: ACTOR, tenantId, input: { name: 'Imports', color: '#123456', description: '', editors: [] } })).id;

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    [calendarId, otherCalendarId] = [await newCalendar(), await newCalendar()];
  });
  afterAll(() => opened.dispose());

  const titlesIn = async (id: string, uids: string[]) => (await store.events.findByImportUids({ tenantId: TENANT, calendarId: id, uids })).map((e) => e.title).sort();

  it('creates and updates together, as one change, and finds imported events by UID in their calendar only', async () => {
    const [kept] = await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: ACTOR, creates: [draft('Kept', 'uid-kept')], updates: [] });
    const before = await store.changes.version({ tenantId: TENANT });
    const written = await store.events.writeBatch({
      tenantId: TENANT,
      calendarId,
      actor: ACTOR,
      creates: [draft('New one', 'uid-1'), draft('New two', 'uid-2', 11)],
      updates: [{ eventId: kept!.id, expected: 1, draft: draft('Kept, renamed', 'uid-kept') }],
    });
    expect(written.map((e) => [e.title, e.extendedProps.version])).toEqual([['New one', 1], ['New two', 1], ['Kept, renamed', 2]]);
    expect(written[0]!.extendedProps).toMatchObject({ importSource: { uid: 'uid-1', sequence: 0 }, createdBy: ACTOR, calendarId });
    expect(await store.changes.version({ tenantId: TENANT })).not.toBe(before);
    expect(await store.events.get({ tenantId: TENANT, calendarId, eventId: written[1]!.id })).toEqual(written[1]);

    expect(await titlesIn(calendarId, ['uid-1', 'uid-kept', 'uid-missing'])).toEqual(['Kept, renamed', 'New one']);
    expect(await titlesIn(otherCalendarId, ['uid-1'])).toEqual([]);
    expect(await store.events.findByImportUids({ tenantId: OTHER_TENANT, calendarId, uids: ['uid-1'] })).toEqual([]);
    expect(await titlesIn(calendarId, [])).toEqual([]);
  });

  it(`creates many in one batch and finds them all by UID, past one query's worth (IMPORT_UIDS_PER_QUERY, ${IMPORT_UIDS_PER_QUERY})`, async () => {
    const id = await newCalendar();
    const uids = Array.from({ length: IMPORT_UIDS_PER_QUERY + 1 }, (_, i) => `many-${i}`);
    const written = await store.events.writeBatch({ tenantId: TENANT, calendarId: id, actor: ACTOR, creates: uids.map((uid) => draft(uid, uid)), updates: [] });
    expect(written).toHaveLength(uids.length);
    expect((await store.events.findByImportUids({ tenantId: TENANT, calendarId: id, uids })).map((e) => e.extendedProps.importSource!.uid).sort()).toEqual([...uids].sort());
  });

  it('keeps the same UID apart in two calendars, and an event without a source out of UID lookups', async () => {
    await store.events.writeBatch({ tenantId: TENANT, calendarId: otherCalendarId, actor: ACTOR, creates: [draft('Elsewhere', 'uid-1'), draft('Plain', null)], updates: [] });
    expect(await titlesIn(otherCalendarId, ['uid-1'])).toEqual(['Elsewhere']);
    expect(await titlesIn(calendarId, ['uid-1'])).toEqual(['New one']);
  });

  it('writes nothing of a batch whose update expects a version that moved on: creates undone, earlier updates restored', async () => {
    const id = await newCalendar();
    const [first, second] = await store.events.writeBatch({ tenantId: TENANT, calendarId: id, actor: ACTOR, creates: [draft('First', 'a'), draft('Second', 'b')], updates: [] });
    await store.events.update({ tenantId: TENANT, calendarId: id, eventId: second!.id, draft: draft('Second, edited by someone', 'b'), actor: ACTOR, expected: 1 });
    const attempt = store.events.writeBatch({
      tenantId: TENANT,
      calendarId: id,
      actor: ACTOR,
      creates: [draft('Would be new', 'c'), draft('Also new', 'd')],
      updates: [
        { eventId: first!.id, expected: 1, draft: draft('First, imported again', 'a') },
        { eventId: second!.id, expected: 1, draft: draft('Second, imported again', 'b') },
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await titlesIn(id, ['a', 'b', 'c', 'd'])).toEqual(['First', 'Second, edited by someone']);
  });

  it('writes nothing when an updated event is gone, or the calendar is not there', async () => {
    const id = await newCalendar();
    const [gone] = await store.events.writeBatch({ tenantId: TENANT, calendarId: id, actor: ACTOR, creates: [draft('Gone soon', 'x')], updates: [] });
    await store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId: id, eventId: gone!.id, expected: 1 });
    const missingEvent = store.events.writeBatch({ tenantId: TENANT, calendarId: id, actor: ACTOR, creates: [draft('New', 'y')], updates: [{ eventId: gone!.id, expected: 1, draft: draft('Back', 'x') }] });
    await expect(missingEvent).rejects.toBeInstanceOf(NotFoundError);
    expect(await titlesIn(id, ['x', 'y'])).toEqual([]);
    const missingCalendar = store.events.writeBatch({ tenantId: OTHER_TENANT, calendarId: id, actor: ACTOR, creates: [draft('Nowhere', 'z')], updates: [] });
    await expect(missingCalendar).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('the SQLite store’s unique UID per calendar', () => {
  it('refuses a second event with a UID the calendar holds, as a stale batch, and writes none of it', async () => {
    const opened = await STORE_FACTORIES[0]![1]();
    try {
      const { store } = opened;
      const calendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: { name: 'Unique', color: '#123456', description: '', editors: [] } })).id;
      await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: ACTOR, creates: [draft('Once', 'same')], updates: [] });
      const twice = store.events.writeBatch({ tenantId: TENANT, calendarId, actor: ACTOR, creates: [draft('Other', 'other'), draft('Twice', 'same')], updates: [] });
      await expect(twice).rejects.toBeInstanceOf(PreconditionFailedError);
      expect((await store.events.findByImportUids({ tenantId: TENANT, calendarId, uids: ['same', 'other'] })).map((e) => e.title)).toEqual(['Once']);
    } finally {
      await opened.dispose();
    }
  });
});
