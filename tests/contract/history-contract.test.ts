import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFoundError, PreconditionFailedError, type Store } from '../../src/api/stores/repository.ts';
import { changeEntrySchema, type ChangeEntry } from '../../src/shared/history-schema.ts';
import { EVENT_DESCRIPTION_MAX } from '../../src/shared/limits.ts';
import { normaliseEvent, type EventDraft, type EventWrite } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-history';
const OTHER_TENANT = 'tenant-history-other';
const ADA = { id: 'ada', name: 'Ada Admin' };
const EDDIE = { id: 'eddie', name: 'Eddie Editor' };
const NO_PATCH = { name: undefined, color: undefined, description: undefined, editors: undefined };
const NO_CATEGORY_PATCH = { name: undefined, color: undefined, icon: undefined };

function draft(fields: EventWrite): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const at9 = (day: string, title = 'Standup', more: Partial<EventWrite> = {}) => draft({ title, start: `${day}T09:00:00Z`, end: `${day}T10:00:00Z`, ...more });
const byField = (entry: ChangeEntry) => [...entry.changes].sort((a, b) => (a.field < b.field ? -1 : 1));

describe.each(STORE_FACTORIES)('history in the %s store', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  let calendarId: string;
  let otherCalendarId: string;
  /** Every entry the store told its subscriber about, from the first test on. */
  const heard: [string, ChangeEntry][] = [];
  let unsubscribe: () => void;

  const newCalendar = async (name: string, tenantId = TENANT) =>
    (await store.calendars.create({ tenantId, actor: ADA, input: { name, color: '#123456', description: '', editors: [] } })).id;
  const forEvent = (eventId: string, more: { before?: string | null; limit?: number } = {}) =>
    store.history.forEvent({ tenantId: TENANT, eventId, before: null, limit: 100, ...more });
  const forCalendar = (id: string, more: Partial<Parameters<Store['history']['forCalendar']>[0]> = {}) =>
    store.history.forCalendar({ tenantId: TENANT, calendarId: id, before: null, limit: 100, ...more });
  /** Waits until the subscriber heard the entry (at once in SQLite; through the change feed in Cosmos). */
  const heardOf = async (entry: ChangeEntry) => vi.waitFor(() => expect(heard.map(([, e]) => e.id)).toContain(entry.id), { timeout: 10_000, interval: 50 });

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    unsubscribe = store.history.subscribe((tenantId, entry) => heard.push([tenantId, entry]));
    calendarId = await newCalendar('History');
    otherCalendarId = await newCalendar('Elsewhere');
  });
  afterAll(async () => {
    unsubscribe();
    await opened.dispose();
  });

  it('records a created event as one entry, with who, when, its version and no field changes', async () => {
    const before = Date.now();
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-01-06'), actor: EDDIE });
    const entries = await forEvent(event.id);
    expect(entries).toHaveLength(1);
    const [entry] = entries as [ChangeEntry];
    expect(changeEntrySchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      calendarId,
      fromCalendarId: null,
      eventId: event.id,
      series: false,
      title: 'Standup',
      kind: 'created',
      scope: null,
      recurrenceId: null,
      by: EDDIE,
      version: 1,
      changes: [],
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await heardOf(entry);
    expect(heard.filter(([, e]) => e.id === entry.id)).toEqual([[TENANT, entry]]);
  });

  it('records an update with every changed field’s old and new value, long values whole', async () => {
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-01-07'), actor: EDDIE });
    const long = `<p>${'x'.repeat(EVENT_DESCRIPTION_MAX - 7)}</p>`;
    const next = at9('2031-01-07', 'Standup (moved)', { start: '2031-01-07T10:00:00Z', end: '2031-01-07T11:00:00Z', extendedProps: { description: long } });
    await store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: next, actor: ADA, expected: 1 });
    const [latest, first] = (await forEvent(event.id)) as [ChangeEntry, ChangeEntry];
    expect(first.kind).toBe('created');
    expect(latest).toMatchObject({ kind: 'updated', by: ADA, version: 2, title: 'Standup (moved)', fromCalendarId: null, calendarId });
    expect(byField(latest)).toEqual([
      { field: 'description', old: '', new: long },
      { field: 'end', old: '2031-01-07T10:00:00.000Z', new: '2031-01-07T11:00:00.000Z' },
      { field: 'start', old: '2031-01-07T09:00:00.000Z', new: '2031-01-07T10:00:00.000Z' },
      { field: 'title', old: 'Standup', new: 'Standup (moved)' },
    ]);
    // An update that changes nothing is still a write: one entry, no field changes.
    await store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: next, actor: ADA, expected: 2 });
    const [same] = (await forEvent(event.id)) as [ChangeEntry];
    expect(same).toMatchObject({ kind: 'updated', version: 3, changes: [] });
  });

  it('records a move with the calendar it came from, in both calendars’ activity', async () => {
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-01-08', 'Moving'), actor: EDDIE });
    await store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: at9('2031-01-08', 'Moved'), actor: EDDIE, expected: 1, toCalendarId: otherCalendarId });
    const [moved] = (await forEvent(event.id)) as [ChangeEntry];
    expect(moved).toMatchObject({ kind: 'moved', calendarId: otherCalendarId, fromCalendarId: calendarId, version: 2, changes: [{ field: 'title', old: 'Moving', new: 'Moved' }] });
    expect((await forCalendar(otherCalendarId)).map((e) => e.id)).toContain(moved.id);
    expect((await forCalendar(calendarId)).map((e) => e.id)).toContain(moved.id);
  });

  it('records a change to a series through one occurrence with its scope, occurrence and the override', async () => {
    const series = await store.events.create({
      tenantId: TENANT,
      calendarId,
      draft: draft({ title: 'Weekly', start: '2031-02-04T14:00:00Z', end: '2031-02-04T15:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=5', extendedProps: { timeZone: 'UTC' } }),
      actor: EDDIE,
      context: { scope: 'all', recurrenceId: null },
    });
    const occurrence = '2031-02-11T14:00:00.000Z';
    const override = { start: '2031-02-11T16:00:00.000Z', end: '2031-02-11T17:00:00.000Z' };
    const changed = { ...draft({ title: 'Weekly', start: '2031-02-04T14:00:00Z', end: '2031-02-04T15:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=5', extendedProps: { timeZone: 'UTC' } }), overrides: { [occurrence]: override } };
    await store.events.update({ tenantId: TENANT, calendarId, eventId: series.id, draft: changed, actor: ADA, expected: 1, context: { scope: 'this', recurrenceId: occurrence } });
    const [updated, created] = (await forEvent(series.id)) as [ChangeEntry, ChangeEntry];
    expect(created).toMatchObject({ kind: 'created', series: true, scope: 'all', recurrenceId: null });
    expect(updated).toMatchObject({ kind: 'updated', series: true, scope: 'this', recurrenceId: occurrence, changes: [{ field: `overrides.${occurrence}`, old: null, new: override }] });
  });

  it('records a delete and a restore, each with its version', async () => {
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-01-09', 'Doomed'), actor: EDDIE });
    await store.events.delete({ tenantId: TENANT, calendarId, eventId: event.id, expected: 1, actor: ADA });
    await store.events.restore({ tenantId: TENANT, calendarId, eventId: event.id, expected: 2, actor: EDDIE });
    const entries = await forEvent(event.id);
    expect(entries.map((e) => [e.kind, e.version, e.by.id, e.title, e.changes])).toEqual([
      ['restored', 3, 'eddie', 'Doomed', []],
      ['deleted', 2, 'ada', 'Doomed', []],
      ['created', 1, 'eddie', 'Doomed', []],
    ]);
  });

  it('records nothing for a write that fails, and tells nobody', async () => {
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-01-10', 'Kept'), actor: EDDIE });
    const [created] = (await forEvent(event.id)) as [ChangeEntry];
    await heardOf(created);
    const counted = (await forCalendar(calendarId)).length;
    const heardBefore = heard.length;
    const key = { tenantId: TENANT, calendarId, eventId: event.id, actor: ADA };
    await expect(store.events.update({ ...key, draft: at9('2031-01-10', 'Stale'), expected: 7 })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.events.update({ ...key, draft: at9('2031-01-10', 'Nowhere'), expected: 1, toCalendarId: 'no-such-calendar' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.events.delete({ ...key, expected: 7 })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.events.restore({ ...key, expected: 1 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.events.create({ tenantId: TENANT, calendarId: 'no-such-calendar', draft: at9('2031-01-10'), actor: ADA })).rejects.toBeInstanceOf(NotFoundError);
    await expect(store.calendars.update({ tenantId: TENANT, calendarId, patch: { ...NO_PATCH, name: 'Stale' }, expected: 99, actor: ADA })).rejects.toBeInstanceOf(PreconditionFailedError);
    // A batch whose second update fails writes none of it, and none of its entries.
    const batch = { tenantId: TENANT, calendarId, actor: ADA, creates: [at9('2031-01-11', 'Batch new')] };
    const updates = [{ eventId: event.id, expected: 1, draft: at9('2031-01-10', 'Batch kept') }, { eventId: 'gone', expected: 1, draft: at9('2031-01-10') }];
    await expect(store.events.writeBatch({ ...batch, updates })).rejects.toBeInstanceOf(NotFoundError);
    expect(await forCalendar(calendarId)).toHaveLength(counted);
    expect(await forEvent(event.id)).toEqual([created]);
    // Whatever a change feed still had to deliver would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(heard.slice(heardBefore)).toEqual([]);
  });

  it('records one entry per event a batch writes', async () => {
    const [kept] = await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: EDDIE, creates: [at9('2031-03-01', 'Imported')], updates: [] });
    const written = await store.events.writeBatch({
      tenantId: TENANT,
      calendarId,
      actor: ADA,
      creates: [at9('2031-03-02', 'Imported two')],
      updates: [{ eventId: kept!.id, expected: 1, draft: at9('2031-03-01', 'Imported, renamed') }],
    });
    expect((await forEvent(written[0]!.id)).map((e) => [e.kind, e.by.id, e.version])).toEqual([['created', 'ada', 1]]);
    const [renamed] = (await forEvent(kept!.id)) as [ChangeEntry];
    expect(renamed).toMatchObject({ kind: 'updated', by: ADA, version: 2, changes: [{ field: 'title', old: 'Imported', new: 'Imported, renamed' }] });
  });

  it('records a calendar’s own changes and its categories’ as calendar entries', async () => {
    const id = await newCalendar('Team');
    await store.calendars.update({ tenantId: TENANT, calendarId: id, patch: { ...NO_PATCH, name: 'Team calendar', editors: ['eddie'] }, expected: 1, actor: ADA });
    const category = await store.categories.create({ tenantId: TENANT, calendarId: id, actor: EDDIE, input: { name: 'Social', color: '#0F6CBD', icon: 'Megaphone' } });
    const shape = { name: 'Social', color: '#0F6CBD', icon: 'Megaphone' };
    await store.categories.update({ tenantId: TENANT, calendarId: id, categoryId: category.id, patch: { ...NO_CATEGORY_PATCH, name: 'Parties' }, expected: 1, actor: EDDIE });
    const tagged = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2031-04-01', 'Party', { extendedProps: { categoryId: category.id } }), actor: EDDIE });
    await store.categories.delete({ tenantId: TENANT, calendarId: id, categoryId: category.id, expected: 2, actor: ADA });

    const own = (await forCalendar(id)).filter((e) => e.eventId === null);
    expect(own.map((e) => [e.kind, e.by.id, e.title, e.version, byField(e)])).toEqual([
      ['updated', 'ada', 'Team calendar', 2, [{ field: `category.${category.id}`, old: { ...shape, name: 'Parties' }, new: null }]],
      ['updated', 'eddie', 'Team calendar', 2, [{ field: `category.${category.id}`, old: shape, new: { ...shape, name: 'Parties' } }]],
      ['updated', 'eddie', 'Team calendar', 2, [{ field: `category.${category.id}`, old: null, new: shape }]],
      ['updated', 'ada', 'Team calendar', 2, [{ field: 'editors', old: [], new: ['eddie'] }, { field: 'name', old: 'Team', new: 'Team calendar' }]],
      ['created', 'ada', 'Team', 1, []],
    ]);
    for (const entry of own) expect(entry).toMatchObject({ calendarId: id, fromCalendarId: null, series: false, scope: null, recurrenceId: null });
    // Clearing the deleted category from its event is the category delete's one entry, not one per event.
    expect((await forEvent(tagged.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('pages an event’s history newest first with before and limit', async () => {
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-05-01', 'v1'), actor: EDDIE });
    for (let version = 1; version < 7; version++) {
      await store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: at9('2031-05-01', `v${version + 1}`), actor: EDDIE, expected: version });
    }
    const all = await forEvent(event.id);
    expect(all.map((e) => e.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const first = await forEvent(event.id, { limit: 3 });
    expect(first).toEqual(all.slice(0, 3));
    const second = await forEvent(event.id, { limit: 3, before: first[2]!.cursor });
    expect(second).toEqual(all.slice(3, 6));
    expect(await forEvent(event.id, { limit: 3, before: second[2]!.cursor })).toEqual(all.slice(6));
    expect(await forEvent(event.id, { before: all[6]!.cursor })).toEqual([]);
    expect(await store.history.forEvent({ tenantId: OTHER_TENANT, eventId: event.id, before: null, limit: 100 })).toEqual([]);
  });

  it('filters a calendar’s activity by person and by time, newest first, paged', async () => {
    const id = await newCalendar('Busy');
    for (let i = 0; i < 6; i++) {
      await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9(`2031-06-1${i}`, `e${i}`), actor: i % 2 === 0 ? ADA : EDDIE });
      // Entries a few ms apart, so that the time filter has edges to find.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = await forCalendar(id);
    expect(all.map((e) => e.title)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1', 'e0', 'Busy']);
    const cursors = all.map((e) => e.cursor);
    expect(new Set(cursors).size).toBe(all.length);

    expect((await forCalendar(id, { byUserId: 'eddie' })).map((e) => e.title)).toEqual(['e5', 'e3', 'e1']);
    const eddiePage = await forCalendar(id, { byUserId: 'eddie', limit: 2 });
    expect(eddiePage.map((e) => e.title)).toEqual(['e5', 'e3']);
    expect((await forCalendar(id, { byUserId: 'eddie', limit: 2, before: eddiePage[1]!.cursor })).map((e) => e.title)).toEqual(['e1']);

    const [fromMs, toMs] = [Date.parse(all[4]!.at), Date.parse(all[1]!.at)];
    const within = all.filter((e) => Date.parse(e.at) >= fromMs && Date.parse(e.at) < toMs).map((e) => e.title);
    expect(within).toContain('e1');
    expect(within).not.toContain('e4');
    expect((await forCalendar(id, { fromMs, toMs })).map((e) => e.title)).toEqual(within);
    expect((await forCalendar(id, { fromMs })).map((e) => e.title)).toEqual(all.filter((e) => Date.parse(e.at) >= fromMs).map((e) => e.title));
    expect((await forCalendar(id, { byUserId: 'ada', toMs })).map((e) => e.title)).toEqual(all.filter((e) => e.by.id === 'ada' && Date.parse(e.at) < toMs).map((e) => e.title));
    expect(await store.history.forCalendar({ tenantId: OTHER_TENANT, calendarId: id, before: null, limit: 100 })).toEqual([]);
  });

  it('answers since(cursor) oldest first within the tenant, and null for a cursor it never gave out', async () => {
    const id = await newCalendar('Since');
    const theirs = await newCalendar('Theirs', OTHER_TENANT);
    const titles = ['s1', 's2', 's3', 's4'];
    for (const title of titles) {
      await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2031-07-01', title), actor: EDDIE });
      await store.events.create({ tenantId: OTHER_TENANT, calendarId: theirs, draft: at9('2031-07-01', `theirs ${title}`), actor: EDDIE });
    }
    const [created] = (await forCalendar(id)).slice(-1) as [ChangeEntry];
    const after = await store.history.since({ tenantId: TENANT, after: created.cursor, limit: 100 });
    expect(after?.map((e) => e.title)).toEqual(titles);
    expect(after).toEqual((await forCalendar(id)).slice(0, 4).reverse());
    expect((await store.history.since({ tenantId: TENANT, after: created.cursor, limit: 2 }))?.map((e) => e.title)).toEqual(['s1', 's2']);
    expect(await store.history.since({ tenantId: TENANT, after: after![3]!.cursor, limit: 100 })).toEqual([]);
    expect(await store.history.since({ tenantId: TENANT, after: 'not-a-cursor', limit: 100 })).toBeNull();
  });

  it('keeps its entries and cursors across a restart, or for another instance over the same data', async () => {
    const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-07-20', 'Durable'), actor: EDDIE });
    const [created] = (await forEvent(event.id)) as [ChangeEntry];
    const again = await opened.reopen();
    expect(await again.history.forEvent({ tenantId: TENANT, eventId: event.id, before: null, limit: 10 })).toEqual([created]);
    await again.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: at9('2031-07-21', 'Durable'), actor: ADA, expected: 1 });
    const [updated] = (await forEvent(event.id)) as [ChangeEntry];
    expect(updated).toMatchObject({ kind: 'updated', by: ADA, version: 2 });
    expect((await again.history.since({ tenantId: TENANT, after: created.cursor, limit: 100 }))?.map((e) => e.id)).toContain(updated.id);
  });

  it('tells a subscriber every entry once, in the order written, with its tenant, until it unsubscribes', async () => {
    const mine: [string, ChangeEntry][] = [];
    const stop = store.history.subscribe((tenantId, entry) => mine.push([tenantId, entry]));
    const id = await newCalendar('Subscribed');
    const event = await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2031-08-01', 'Told'), actor: EDDIE });
    await store.events.update({ tenantId: TENANT, calendarId: id, eventId: event.id, draft: at9('2031-08-02', 'Told'), actor: ADA, expected: 1 });
    await store.events.delete({ tenantId: TENANT, calendarId: id, eventId: event.id, expected: 2, actor: ADA });
    const written = (await forCalendar(id)).reverse();
    expect(written).toHaveLength(4);
    await vi.waitFor(() => expect(mine.map(([, e]) => e.id)).toEqual(expect.arrayContaining(written.map((e) => e.id))), { timeout: 10_000, interval: 50 });
    stop();
    await store.events.create({ tenantId: TENANT, calendarId: id, draft: at9('2031-08-03', 'Untold'), actor: EDDIE });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ofThisCalendar = mine.filter(([, e]) => e.calendarId === id);
    expect(ofThisCalendar).toEqual(written.map((entry) => [TENANT, entry]));
  });

  it('keeps a failing subscriber from failing the write or keeping the others from hearing', async () => {
    const stopFailing = store.history.subscribe(() => {
      throw new Error('A subscriber failing on purpose');
    });
    // Subscribed after the failing one: told after it.
    const later: ChangeEntry[] = [];
    const stopLater = store.history.subscribe((_tenantId, entry) => later.push(entry));
    try {
      const event = await store.events.create({ tenantId: TENANT, calendarId, draft: at9('2031-09-01', 'Heard anyway'), actor: EDDIE });
      const [created] = (await forEvent(event.id)) as [ChangeEntry];
      await vi.waitFor(() => expect(later.map((e) => e.id)).toContain(created.id), { timeout: 10_000, interval: 50 });
    } finally {
      stopFailing();
      stopLater();
    }
  });
});
