import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/api/content/search-text.ts';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { CalendarTrashedError, NotFoundError, PreconditionFailedError, type EventWindow, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type CalendarEvent, type EventDraft, type EventWrite } from '../../src/shared/event-schema.ts';
import { CALENDAR_TRASH_DAYS, EVENT_TRASH_DAYS, FEED_EVENTS_MAX, HISTORY_RETENTION_DAYS, TRASH_LIST_MAX } from '../../src/shared/limits.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-trash';
const OTHER_TENANT = 'tenant-trash-other';
const ADA = { id: 'ada', name: 'Ada Admin' };
const EDDIE = { id: 'eddie', name: 'Eddie Editor' };
const DAY_MS = 86_400_000;

function draft(fields: EventWrite): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const at9 = (day: string, title: string, more: Partial<EventWrite> = {}) => draft({ title, start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z`, ...more });
const weekly = (title: string) => draft({ title, start: '2032-03-02T09:00:00Z', end: '2032-03-02T10:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=4', extendedProps: { timeZone: 'UTC' } });

function windowOf(start: string, end: string): EventWindow {
  const window = resolveEventWindow(start, end, 'UTC');
  if ('field' in window) throw new Error(window.message);
  return window;
}

/** A store of its own per describe block, and the reads every trash test looks through. */
function openedFor(open: () => Promise<OpenedStore>) {
  const state = {} as { opened: OpenedStore; store: Store };
  beforeAll(async () => {
    state.opened = await open();
    state.store = state.opened.store;
  });
  afterAll(() => state.opened.dispose());
  const newCalendar = async (name: string, tenantId = TENANT) =>
    (await state.store.calendars.create({ tenantId, actor: ADA, input: { name, color: '#123456', description: '', editors: [] } })).id;
  /** Every read but the trash's: what each finds of the event. */
  async function sightings(calendarId: string, event: CalendarEvent, term: string) {
    const { store } = state;
    const window = windowOf('2032-01-01', '2033-01-01');
    const match = { tenantId: TENANT, terms: searchTerms(term), calendarIds: [calendarId] };
    const uid = event.extendedProps.importSource?.uid;
    const categoryId = event.extendedProps.categoryId;
    return {
      get: await store.events.get({ tenantId: TENANT, calendarId, eventId: event.id }),
      findById: await store.events.findById({ tenantId: TENANT, eventId: event.id }),
      window: (await store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendarId], window, limit: FEED_EVENTS_MAX })).filter((e) => e.id === event.id),
      series: (await store.events.listSeriesInWindow({ tenantId: TENANT, calendarIds: [calendarId], window })).filter((e) => e.id === event.id),
      search: (await store.search.findEvents({ ...match, after: null, limit: 100 })).filter((e) => e.id === event.id),
      searchSeries: (await store.search.findSeries(match)).filter((e) => e.id === event.id),
      byUid: uid ? await store.events.findByImportUids({ tenantId: TENANT, calendarId, uids: [uid] }) : [],
      categoryCount: categoryId ? await store.categories.countEvents({ tenantId: TENANT, calendarId, categoryId }) : 0,
    };
  }
  return { state, newCalendar, sightings };
}

describe.each(STORE_FACTORIES)('the %s store’s event trash', (_name, open) => {
  const { state, newCalendar, sightings } = openedFor(open);
  let calendarId: string;
  let categoryId: string;
  beforeAll(async () => {
    calendarId = await newCalendar('Trashy');
    categoryId = (await state.store.categories.create({ tenantId: TENANT, calendarId, actor: ADA, input: { name: 'Parties', color: '#0F6CBD', icon: 'Megaphone' } })).id;
  });
  const key = (event: CalendarEvent) => ({ tenantId: TENANT, calendarId, eventId: event.id });

  it('hides a deleted event from every read (window, get, search, imports’ UIDs, category counts), and lists it in the trash one version on', async () => {
    const { store } = state;
    const imported = { ...at9('2032-02-10', 'Zeppelin launch', { extendedProps: { categoryId } }), importSource: { uid: 'uid-zeppelin', sequence: 0, modified: '2032-01-01T00:00:00.000Z' } };
    const [event] = await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: EDDIE, creates: [imported], updates: [] });
    const seen = await sightings(calendarId, event!, 'zeppelin');
    expect(seen).toMatchObject({ get: event, findById: event, window: [event], search: [event], byUid: [event], categoryCount: 1 });

    await store.events.delete({ ...key(event!), expected: 1, actor: ADA });
    expect(await sightings(calendarId, event!, 'zeppelin')).toEqual({ get: null, findById: null, window: [], series: [], search: [], searchSeries: [], byUid: [], categoryCount: 0 });
    const [trashed] = await store.events.listTrash({ tenantId: TENANT, calendarId, limit: TRASH_LIST_MAX });
    expect(trashed).toMatchObject({ deletedBy: ADA, event: { ...event, extendedProps: { ...event!.extendedProps, version: 2 } } });
    expect(Math.abs(Date.parse(trashed!.deletedAt) - Date.now())).toBeLessThan(60_000);
    // Deleting it again finds nothing to delete.
    await expect(store.events.delete({ ...key(event!), expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('hides a deleted series from the series window and search, and restores it with its overrides and exdates', async () => {
    const { store } = state;
    const overrides = { '2032-03-09T09:00:00.000Z': { title: 'Moved once', start: '2032-03-10T09:00:00.000Z', end: '2032-03-10T10:00:00.000Z' } };
    const series = await store.events.create({ tenantId: TENANT, calendarId, draft: { ...weekly('Quokka club'), exdate: ['2032-03-16T09:00:00.000Z'], overrides }, actor: EDDIE });
    expect((await sightings(calendarId, series, 'quokka')).searchSeries).toEqual([series]);
    await store.events.delete({ ...key(series), expected: 1, actor: EDDIE, context: { scope: 'all', recurrenceId: null } });
    expect(await sightings(calendarId, series, 'quokka')).toMatchObject({ get: null, findById: null, series: [], searchSeries: [] });

    const restored = await store.events.restore({ ...key(series), expected: 2, actor: ADA });
    expect(restored).toEqual({ ...series, extendedProps: { ...series.extendedProps, version: 3, updatedBy: ADA, updatedAt: restored.extendedProps.updatedAt } });
    expect(restored.extendedProps.overrides).toEqual(overrides);
    expect(restored.exdate).toEqual(['2032-03-16T09:00:00.000Z']);
    expect(await sightings(calendarId, series, 'quokka')).toMatchObject({ get: restored, findById: restored, series: [restored], searchSeries: [restored] });
  });

  it('restores only with the trash’s version, into its own calendar, once', async () => {
    const { store } = state;
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2032-04-01', 'Wombat', { extendedProps: { categoryId } }), actor: EDDIE });
    await store.events.update({ ...key(event), draft: at9('2032-04-01', 'Wombat walk', { extendedProps: { categoryId } }), expected: 1, actor: EDDIE });
    await store.events.delete({ ...key(event), expected: 2, actor: EDDIE });
    const other = await newCalendar('Not its calendar');
    // The ETag from before the delete no longer matches.
    await expect(store.events.restore({ ...key(event), expected: 2, actor: ADA })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.events.restore({ ...key(event), calendarId: other, expected: 3, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.events.restore({ ...key(event), tenantId: OTHER_TENANT, expected: 3, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.events.get(key(event))).toBeNull();

    const restored = await store.events.restore({ ...key(event), expected: 3, actor: ADA });
    expect(restored).toMatchObject({ id: event.id, title: 'Wombat walk', start: event.start, end: event.end, extendedProps: { calendarId, categoryId, createdBy: EDDIE, updatedBy: ADA, version: 4 } });
    expect(await sightings(calendarId, restored, 'wombat')).toMatchObject({ get: restored, window: [restored], search: [restored], categoryCount: 1 });
    expect((await store.events.listTrash({ tenantId: TENANT, calendarId, limit: TRASH_LIST_MAX })).map((t) => t.event.id)).not.toContain(event.id);
    await expect(store.events.restore({ ...key(event), expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    // Restored, it is an event like any other again: it updates and deletes with its new version.
    await store.events.update({ ...key(event), draft: at9('2032-04-02', 'Wombat walk'), expected: 4, actor: EDDIE });
  });

  it('lets exactly one of several concurrent restores win; the others find it gone or the version moved on', async () => {
    const { store } = state;
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2032-04-10', 'Raced back'), actor: EDDIE });
    await store.events.delete({ ...key(event), expected: 1, actor: EDDIE });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => store.events.restore({ ...key(event), expected: 2, actor: ADA })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect([PreconditionFailedError, NotFoundError]).toContain((outcome.reason as object).constructor);
    }
    expect((await store.events.get(key(event)))?.extendedProps.version).toBe(3);
    const restored = (await store.history.forEvent({ tenantId: TENANT, eventId: event.id, before: null, limit: 10 })).filter((e) => e.kind === 'restored');
    expect(restored).toHaveLength(1);
  });

  it('lists a calendar’s trash newest deletion first, up to the limit, that calendar’s only', async () => {
    const { store } = state;
    const id = await newCalendar('Listed');
    const elsewhere = await newCalendar('Listed elsewhere');
    const events = [];
    for (const title of ['first', 'second', 'third']) {
      const event = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2032-05-01', title), actor: EDDIE });
      await store.events.delete({ tenantId: TENANT, calendarId: id, eventId: event.id, expected: 1, actor: EDDIE });
      events.push(event);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const theirs = await store.events.create({ tenantId: TENANT, calendarId: elsewhere, draft: at9('2032-05-01', 'theirs'), actor: EDDIE });
    await store.events.delete({ tenantId: TENANT, calendarId: elsewhere, eventId: theirs.id, expected: 1, actor: EDDIE });
    const trash = await store.events.listTrash({ tenantId: TENANT, calendarId: id, limit: TRASH_LIST_MAX });
    expect(trash.map((t) => t.event.title)).toEqual(['third', 'second', 'first']);
    expect((await store.events.listTrash({ tenantId: TENANT, calendarId: id, limit: 2 })).map((t) => t.event.title)).toEqual(['third', 'second']);
    expect(await store.events.listTrash({ tenantId: OTHER_TENANT, calendarId: id, limit: TRASH_LIST_MAX })).toEqual([]);
  });

  it('purges a trashed event for good, keeping its history', async () => {
    const { store } = state;
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2032-06-01', 'Purged'), actor: EDDIE });
    await expect(store.events.purge(key(event))).rejects.toBeInstanceOf(NotFoundError);
    await store.events.delete({ ...key(event), expected: 1, actor: EDDIE });
    await expect(store.events.purge({ ...key(event), tenantId: OTHER_TENANT })).rejects.toBeInstanceOf(NotFoundError);
    await store.events.purge(key(event));
    expect((await store.events.listTrash({ tenantId: TENANT, calendarId, limit: TRASH_LIST_MAX })).map((t) => t.event.id)).not.toContain(event.id);
    await expect(store.events.restore({ ...key(event), expected: 2, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.events.purge(key(event))).rejects.toBeInstanceOf(NotFoundError);
    const history = await store.history.forEvent({ tenantId: TENANT, eventId: event.id, before: null, limit: 10 });
    expect(history.map((e) => e.kind)).toEqual(['deleted', 'created']);
  });

  it('restores an event without the category deleted meanwhile, and an imported one without a UID imported again meanwhile', async () => {
    const { store } = state;
    const doomed = (await store.categories.create({ tenantId: TENANT, calendarId, actor: ADA, input: { name: 'Doomed', color: '#0F6CBD', icon: 'Megaphone' } })).id;
    const source = { uid: 'uid-again', sequence: 0, modified: '2032-01-01T00:00:00.000Z' };
    const [event] = await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: EDDIE, creates: [{ ...at9('2032-07-01', 'Tagged', { extendedProps: { categoryId: doomed } }), importSource: source }], updates: [] });
    await store.events.delete({ ...key(event!), expected: 1, actor: EDDIE });
    await store.categories.delete({ tenantId: TENANT, calendarId, categoryId: doomed, expected: 1, actor: ADA });
    // The file is imported again while its event is in the trash: a new event takes the UID.
    const [again] = await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: EDDIE, creates: [{ ...at9('2032-07-01', 'Tagged'), importSource: source }], updates: [] });
    const restored = await store.events.restore({ ...key(event!), expected: 2, actor: ADA });
    expect(restored.extendedProps.categoryId).toBe('');
    expect(await store.events.findByImportUids({ tenantId: TENANT, calendarId, uids: ['uid-again'] })).toEqual([again]);
  });
});

describe.each(STORE_FACTORIES)('the %s store’s calendar trash', (_name, open) => {
  const { state, newCalendar, sightings } = openedFor(open);

  it('moves a calendar with its events and categories to the trash, and brings them back as one', async () => {
    const { store } = state;
    const id = await newCalendar('Departing');
    const keptId = await newCalendar('Staying');
    const category = await store.categories.create({ tenantId: TENANT, calendarId: id, actor: ADA, input: { name: 'Goes along', color: '#0F6CBD', icon: 'Megaphone' } });
    const event = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2032-08-01', 'Platypus', { extendedProps: { categoryId: category.id } }), actor: EDDIE });
    const series = await store.events.create({ tenantId: TENANT, calendarId: id, draft: weekly('Platypus weekly'), actor: EDDIE });
    const alreadyTrashed = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2032-08-02', 'Trashed before'), actor: EDDIE });
    await store.events.delete({ tenantId: TENANT, calendarId: id, eventId: alreadyTrashed.id, expected: 1, actor: EDDIE });

    await expect(store.calendars.delete({ tenantId: TENANT, calendarId: id, expected: 7, actor: ADA })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.calendars.delete({ tenantId: OTHER_TENANT, calendarId: id, expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    await store.calendars.delete({ tenantId: TENANT, calendarId: id, expected: 1, actor: ADA });

    expect(await store.calendars.get({ tenantId: TENANT, calendarId: id })).toBeNull();
    expect((await store.calendars.list({ tenantId: TENANT })).map((c) => c.id)).toEqual([keptId]);
    expect(await sightings(id, event, 'platypus')).toMatchObject({ get: null, findById: null, window: [], search: [] });
    expect(await sightings(id, series, 'platypus')).toMatchObject({ get: null, findById: null, series: [], searchSeries: [] });
    expect(await store.categories.list({ tenantId: TENANT })).toEqual([]);
    expect(await store.categories.listByCalendar({ tenantId: TENANT, calendarId: id })).toEqual([]);
    expect(await store.categories.get({ tenantId: TENANT, calendarId: id, categoryId: category.id })).toBeNull();
    // Nothing writes into a trashed calendar.
    await expect(store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2032-08-03', 'Late'), actor: EDDIE })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.calendars.update({ tenantId: TENANT, calendarId: id, patch: { name: 'Renamed', color: undefined, description: undefined, editors: undefined }, expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.calendars.delete({ tenantId: TENANT, calendarId: id, expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    // An event trashed before its calendar waits for the calendar.
    await expect(store.events.restore({ tenantId: TENANT, calendarId: id, eventId: alreadyTrashed.id, expected: 2, actor: ADA })).rejects.toBeInstanceOf(CalendarTrashedError);

    const [trashed, ...others] = await store.calendars.listTrash({ tenantId: TENANT });
    expect(others).toEqual([]);
    expect(trashed).toMatchObject({ calendar: { id, name: 'Departing', version: 2 }, eventCount: 2, deletedBy: ADA });
    expect(await store.calendars.listTrash({ tenantId: OTHER_TENANT })).toEqual([]);

    await expect(store.calendars.restore({ tenantId: TENANT, calendarId: id, expected: 1, actor: ADA })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.calendars.restore({ tenantId: TENANT, calendarId: keptId, expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    const restored = await store.calendars.restore({ tenantId: TENANT, calendarId: id, expected: 2, actor: ADA });
    expect(restored).toMatchObject({ id, name: 'Departing', version: 3 });
    expect(await store.calendars.get({ tenantId: TENANT, calendarId: id })).toEqual(restored);
    expect(await store.calendars.listTrash({ tenantId: TENANT })).toEqual([]);
    expect(await sightings(id, event, 'platypus')).toMatchObject({ get: event, findById: event, window: [event], search: [event], categoryCount: 1 });
    expect((await sightings(id, series, 'platypus')).series).toEqual([series]);
    expect(await store.categories.listByCalendar({ tenantId: TENANT, calendarId: id })).toEqual([category]);
    // The event trashed on its own stays in the calendar's trash, and can now come back.
    expect((await store.events.listTrash({ tenantId: TENANT, calendarId: id, limit: TRASH_LIST_MAX })).map((t) => t.event.id)).toEqual([alreadyTrashed.id]);
    await store.events.restore({ tenantId: TENANT, calendarId: id, eventId: alreadyTrashed.id, expected: 2, actor: ADA });

    const own = await store.history.forCalendar({ tenantId: TENANT, calendarId: id, before: null, limit: 100 });
    expect(own.filter((e) => e.eventId === null).map((e) => [e.kind, e.version])).toEqual([['restored', 3], ['deleted', 2], ['updated', 1], ['created', 1]]);
  });

  it('purges a trashed calendar for good, with its events, categories and history', async () => {
    const { store } = state;
    const id = await newCalendar('Purged');
    const event = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2032-09-01', 'Echidna'), actor: EDDIE });
    const trashedEvent = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2032-09-02', 'Echidna too'), actor: EDDIE });
    await store.events.delete({ tenantId: TENANT, calendarId: id, eventId: trashedEvent.id, expected: 1, actor: EDDIE });
    await expect(store.calendars.purge({ tenantId: TENANT, calendarId: id })).rejects.toBeInstanceOf(NotFoundError);
    await store.calendars.delete({ tenantId: TENANT, calendarId: id, expected: 1, actor: ADA });
    await expect(store.calendars.purge({ tenantId: OTHER_TENANT, calendarId: id })).rejects.toBeInstanceOf(NotFoundError);
    await store.calendars.purge({ tenantId: TENANT, calendarId: id });

    expect((await store.calendars.listTrash({ tenantId: TENANT })).map((t) => t.calendar.id)).not.toContain(id);
    await expect(store.calendars.restore({ tenantId: TENANT, calendarId: id, expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.events.restore({ tenantId: TENANT, calendarId: id, eventId: trashedEvent.id, expected: null, actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.events.findById({ tenantId: TENANT, eventId: event.id })).toBeNull();
    const page = { tenantId: TENANT, before: null, limit: 100 };
    expect(await store.history.forCalendar({ ...page, calendarId: id })).toEqual([]);
    expect(await store.history.forEvent({ ...page, eventId: event.id })).toEqual([]);
    expect(await store.history.forEvent({ ...page, eventId: trashedEvent.id })).toEqual([]);
    await expect(store.calendars.purge({ tenantId: TENANT, calendarId: id })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe.each(STORE_FACTORIES)('the %s store’s purge of what outlived its keeping', (_name, open) => {
  const { state, newCalendar } = openedFor(open);

  it('purges trashed events, trashed calendars and old history entries exactly when each is due', async () => {
    const { store } = state;
    const live = await newCalendar('Lives on');
    const kept = await store.events.create({ tenantId: TENANT, calendarId: live, draft: at9('2032-10-01', 'Kept'), actor: EDDIE });
    const trashed = await store.events.create({ tenantId: TENANT, calendarId: live, draft: at9('2032-10-02', 'Binned'), actor: EDDIE });
    await store.events.delete({ tenantId: TENANT, calendarId: live, eventId: trashed.id, expected: 1, actor: EDDIE });
    const doomed = await newCalendar('Binned calendar', OTHER_TENANT);
    await store.events.create({ tenantId: OTHER_TENANT, calendarId: doomed, draft: at9('2032-10-03', 'Goes with it'), actor: EDDIE });
    await store.calendars.delete({ tenantId: OTHER_TENANT, calendarId: doomed, expected: 1, actor: ADA });
    const [firstEntry] = (await store.history.forCalendar({ tenantId: TENANT, calendarId: live, before: null, limit: 100 })).slice(-1);

    const later = (days: number) => new Date(Date.now() + days * DAY_MS);
    const steps = [...new Set([0, EVENT_TRASH_DAYS + 1, CALENDAR_TRASH_DAYS + 1, HISTORY_RETENTION_DAYS + 1])].sort((a, b) => a - b);
    const purged = { events: 0, calendars: 0, entries: 0 };
    for (const days of steps) {
      const result = await store.purgeExpired(later(days));
      purged.events += result.events;
      purged.calendars += result.calendars;
      purged.entries += result.entries;
      const trash = await store.events.listTrash({ tenantId: TENANT, calendarId: live, limit: TRASH_LIST_MAX });
      const calendarTrash = await store.calendars.listTrash({ tenantId: OTHER_TENANT });
      const history = await store.history.forCalendar({ tenantId: TENANT, calendarId: live, before: null, limit: 100 });
      expect({ trashed: trash.length, calendars: calendarTrash.length, entries: history.length, purged }).toEqual({
        trashed: days > EVENT_TRASH_DAYS ? 0 : 1,
        calendars: days > CALENDAR_TRASH_DAYS ? 0 : 1,
        // The calendar's created entry, the events' two created and one deleted: kept until their retention ends.
        entries: days > HISTORY_RETENTION_DAYS ? 0 : 4,
        purged: { events: days > EVENT_TRASH_DAYS ? 1 : 0, calendars: days > CALENDAR_TRASH_DAYS ? 1 : 0, entries: days > HISTORY_RETENTION_DAYS ? 4 : 0 },
      });
      // A purged event's history stays until its retention ends.
      expect((await store.history.forEvent({ tenantId: TENANT, eventId: trashed.id, before: null, limit: 10 })).length).toBe(days > HISTORY_RETENTION_DAYS ? 0 : 2);
    }
    expect(await store.events.get({ tenantId: TENANT, calendarId: live, eventId: kept.id })).toEqual(kept);
    expect(await store.calendars.get({ tenantId: TENANT, calendarId: live })).not.toBeNull();
    // Entries after the cursor were purged: a live stream reconnecting with it must refetch.
    expect(await store.history.since({ tenantId: TENANT, after: firstEntry!.cursor, limit: 100 })).toBeNull();
  });
});
