import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import type { Principal } from '../../src/api/auth/principal.ts';
import { createEventService, type EventService } from '../../src/api/events/event-service.ts';
import { SERIES_OPEN_END_MS } from '../../src/api/recurrence/expand-series.ts';
import { PreconditionFailedError, type EventWindow, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft, type EventWrite } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';
import { FEED_EVENTS_MAX } from '../../src/shared/limits.ts';

const TENANT = 'tenant-series';
const ACTOR = { id: 'tester', name: 'Tester' };

/** A series draft as the service makes one: rule and exdates already in canonical form. */
function seriesDraft(fields: EventWrite & { rrule: string }): EventDraft {
  const result = normaliseEvent({ extendedProps: { timeZone: 'America/New_York' }, ...fields });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

function windowOf(start: string, end: string): EventWindow {
  const window = resolveEventWindow(start, end, 'UTC');
  if ('field' in window) throw new Error(window.message);
  return window;
}

const weekly = (title: string, rrule = 'FREQ=WEEKLY;BYDAY=TU') =>
  seriesDraft({ title, start: '2031-03-04T14:00:00Z', end: '2031-03-04T15:00:00Z', rrule });

describe.each(STORE_FACTORIES)('series in the %s store', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  let calendarId: string;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    calendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: { name: 'Series', color: '#123456', description: '', editors: [] } })).id;
  });
  afterAll(() => opened.dispose());

  const titles = async (window: EventWindow) =>
    (await store.events.listSeriesInWindow({ tenantId: TENANT, calendarIds: [calendarId], window })).map((e) => e.title).sort();

  it('creates a series with its rule, exdates and overrides, and reads it back', async () => {
    const draft = { ...weekly('Stored'), exdate: ['2031-03-11T13:00:00.000Z'], overrides: { '2031-03-18T13:00:00.000Z': { title: 'Moved', start: '2031-03-19T13:00:00.000Z', end: '2031-03-19T14:00:00.000Z' } } };
    const created = await store.events.create({ tenantId: TENANT, calendarId, draft, actor: ACTOR });
    expect(created).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU', exdate: draft.exdate, extendedProps: { overrides: draft.overrides, timeZone: 'America/New_York' } });
    expect(await store.events.get({ tenantId: TENANT, calendarId, eventId: created.id })).toEqual(created);
    expect(await (await opened.reopen()).events.findById({ tenantId: TENANT, eventId: created.id })).toEqual(created);
  });

  it('finds the series whose range overlaps a window, not those wholly before or after it, and keeps series out of the single-event query', async () => {
    await store.events.create({ tenantId: TENANT, calendarId, draft: weekly('Ended in March', 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310325T235959Z'), actor: ACTOR });
    await store.events.create({ tenantId: TENANT, calendarId, draft: weekly('Ten times', 'FREQ=WEEKLY;BYDAY=TU;COUNT=10'), actor: ACTOR });
    const later = seriesDraft({ title: 'From 2032', start: '2032-01-06T14:00:00Z', end: '2032-01-06T15:00:00Z', rrule: 'FREQ=DAILY' });
    await store.events.create({ tenantId: TENANT, calendarId, draft: later, actor: ACTOR });
    const allDay = seriesDraft({ title: 'All-day yearly', start: '2031-03-04', rrule: 'FREQ=YEARLY;COUNT=2' });
    await store.events.create({ tenantId: TENANT, calendarId, draft: allDay, actor: ACTOR });

    expect(await titles(windowOf('2031-03-01', '2031-03-08'))).toEqual(['All-day yearly', 'Ended in March', 'Stored', 'Ten times']);
    expect(await titles(windowOf('2031-04-01', '2031-05-01'))).toEqual(['All-day yearly', 'Stored', 'Ten times']);
    expect(await titles(windowOf('2031-06-01', '2031-07-01'))).toEqual(['All-day yearly', 'Stored']);
    expect(await titles(windowOf('2032-04-01', '2032-05-01'))).toEqual(['From 2032', 'Stored']);
    expect(await titles(windowOf('2050-06-01', '2050-07-01'))).toEqual(['From 2032', 'Stored']);
    expect(await titles(windowOf('2030-06-01', '2031-03-01'))).toEqual([]);
    // The masters' first occurrences fall in this window, yet the single-event query leaves series to the feed's expansion.
    expect(await store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendarId], window: windowOf('2031-03-01', '2031-03-08'), limit: FEED_EVENTS_MAX })).toEqual([]);
  });

  it('keeps a series’ extra dates (rdate), and its range reaches one after the rule’s end', async () => {
    const draft = { ...weekly('Extra date', 'FREQ=WEEKLY;BYDAY=TU;COUNT=2'), rdate: ['2031-06-05T13:00:00.000Z'] };
    const created = await store.events.create({ tenantId: TENANT, calendarId, draft, actor: ACTOR });
    expect(created.rdate).toEqual(['2031-06-05T13:00:00.000Z']);
    expect(await (await opened.reopen()).events.findById({ tenantId: TENANT, eventId: created.id })).toEqual(created);
    expect(await titles(windowOf('2031-06-01', '2031-06-08'))).toContain('Extra date');
    expect(await titles(windowOf('2031-06-08', '2031-06-15'))).not.toContain('Extra date');
  });

  it('widens a series range to cover an override moved outside it', async () => {
    const overrides = { '2031-03-04T14:00:00.000Z': { start: '2031-02-20T14:00:00.000Z', end: '2031-02-20T15:00:00.000Z' } };
    const draft = { ...weekly('Moved early', 'FREQ=WEEKLY;BYDAY=TU;COUNT=2'), overrides };
    await store.events.create({ tenantId: TENANT, calendarId, draft, actor: ACTOR });
    expect(await titles(windowOf('2031-02-19', '2031-02-21'))).toEqual(['Moved early']);
  });

  it('keeps an unbounded series open to the far-future sentinel', async () => {
    expect(SERIES_OPEN_END_MS).toBe(Date.parse('9999-12-31T23:59:59.999Z'));
    expect(await titles(windowOf('2200-12-01', '2200-12-31'))).toContain('From 2032');
  });

  it('refuses a write of a series on a stale version', async () => {
    const created = await store.events.create({ tenantId: TENANT, calendarId, draft: weekly('Versioned'), actor: ACTOR });
    const changed = { ...weekly('Versioned'), exdate: ['2031-03-11T13:00:00.000Z'] };
    const updated = await store.events.update({ tenantId: TENANT, calendarId, eventId: created.id, draft: changed, actor: ACTOR, expected: 1 });
    expect(updated).toMatchObject({ exdate: changed.exdate, extendedProps: { version: 2 } });
    await expect(store.events.update({ tenantId: TENANT, calendarId, eventId: created.id, draft: weekly('Lost'), actor: ACTOR, expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId, eventId: created.id, expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await store.events.get({ tenantId: TENANT, calendarId, eventId: created.id })).toEqual(updated);
  });
});

/** The series edits of issue 8, through the event service over each store: what a route does, less HTTP. */
describe.each(STORE_FACTORIES)('series edits over the %s store', (_name, open) => {
  const admin: Principal = { id: 'ada', name: 'Ada', tenantId: 'tenant-series-edits', appRoles: ['Calendar.Admin'], groups: [] };
  let opened: OpenedStore;
  let events: EventService;
  let calendarIds: [string, string];
  beforeAll(async () => {
    opened = await open();
    events = createEventService(opened.store);
    const input = (name: string) => ({ name, color: '#123456', description: '', editors: [] });
    const made = await Promise.all(['One', 'Two'].map((name) => opened.store.calendars.create({ actor: ACTOR, tenantId: admin.tenantId, input: input(name) })));
    calendarIds = [made[0]!.id, made[1]!.id];
  });
  afterAll(() => opened.dispose());

  const calendar = (index = 0) => events.editableCalendar(admin, calendarIds[index]!);
  const feed = async (seriesId: string, calendarId = calendarIds[0]) =>
    (await events.listInWindow(admin, { start: '2031-03-01', end: '2031-05-01', timeZone: 'UTC', calendarId: [calendarId] }))
      .filter((e) => e.extendedProps.seriesId === seriesId)
      .map((e) => [e.start, e.title]);
  async function tuesdays(title: string, rrule: string) {
    const input = { title, start: '2031-03-04T09:00:00-05:00', end: '2031-03-04T10:00:00-05:00', rrule, extendedProps: { timeZone: 'America/New_York' } };
    return events.create(admin, { calendar: await calendar(), input });
  }
  const edit = async (eventId: string, recurrenceId: string, scope: 'this' | 'following', patch: object, expected: number) =>
    events.updateOccurrence(admin, { calendar: await calendar(), eventId, recurrenceId, scope, patch, expected });
  const remove = async (eventId: string, recurrenceId: string, scope: 'this' | 'following', expected: number) =>
    events.deleteOccurrence(admin, { calendar: await calendar(), eventId, recurrenceId, scope, expected });

  it('creates, expands, overrides one occurrence and deletes another, each a conditional write of the series', async () => {
    const series = await tuesdays('Weekly', 'FREQ=WEEKLY;BYDAY=TU;COUNT=4');
    expect(await feed(series.id)).toEqual([
      ['2031-03-04T14:00:00.000Z', 'Weekly'], ['2031-03-11T13:00:00.000Z', 'Weekly'], ['2031-03-18T13:00:00.000Z', 'Weekly'], ['2031-03-25T13:00:00.000Z', 'Weekly'],
    ]);
    await edit(series.id, '2031-03-11T13:00:00Z', 'this', { title: 'Changed', start: '2031-03-12T13:00:00Z', end: '2031-03-12T14:00:00Z' }, 1);
    await remove(series.id, '2031-03-18T13:00:00Z', 'this', 2);
    await expect(edit(series.id, '2031-03-25T13:00:00Z', 'this', { title: 'Stale' }, 2)).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(remove(series.id, '2031-03-25T13:00:00Z', 'following', 1)).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await feed(series.id)).toEqual([['2031-03-04T14:00:00.000Z', 'Weekly'], ['2031-03-12T13:00:00.000Z', 'Changed'], ['2031-03-25T13:00:00.000Z', 'Weekly']]);
  });

  it('splits "this and following", keeping the count of a COUNT rule (exdated occurrences counted) and carrying later exdates and overrides', async () => {
    const series = await tuesdays('Counted', 'FREQ=WEEKLY;BYDAY=TU;COUNT=6');
    await remove(series.id, '2031-03-11T13:00:00Z', 'this', 1);
    await remove(series.id, '2031-04-01T13:00:00Z', 'this', 2);
    await edit(series.id, '2031-04-08T13:00:00Z', 'this', { title: 'Last, changed' }, 3);
    const result = await edit(series.id, '2031-03-25T13:00:00Z', 'following', { title: 'Counted, later' }, 4);
    if (result.scope !== 'following') throw new Error('expected a split');
    const fresh = result.series;
    expect(fresh).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=3;BYDAY=TU', exdate: ['2031-04-01T13:00:00.000Z'], extendedProps: { overrides: { '2031-04-08T13:00:00.000Z': { title: 'Last, changed' } } } });
    expect(await events.get(admin, { calendarId: calendarIds[0], eventId: series.id })).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=3;BYDAY=TU', exdate: ['2031-03-11T13:00:00.000Z'] });
    expect([...(await feed(series.id)), ...(await feed(fresh.id))]).toEqual([
      ['2031-03-04T14:00:00.000Z', 'Counted'], ['2031-03-18T13:00:00.000Z', 'Counted'],
      ['2031-03-25T13:00:00.000Z', 'Counted, later'], ['2031-04-08T13:00:00.000Z', 'Last, changed'],
    ]);
  });

  it('splits an UNTIL rule: the old series ends just before the occurrence, the new one keeps the UNTIL', async () => {
    const series = await tuesdays('Until', 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310326T000000Z');
    const result = await edit(series.id, '2031-03-18T13:00:00Z', 'following', { extendedProps: { location: 'Elsewhere' } }, 1);
    expect(result.series.rrule).toBe('FREQ=WEEKLY;UNTIL=20310326T000000Z;BYDAY=TU');
    expect((await events.get(admin, { calendarId: calendarIds[0], eventId: series.id })).rrule).toBe('FREQ=WEEKLY;UNTIL=20310318T125959Z;BYDAY=TU');
    expect((await feed(series.id)).length + (await feed(result.series.id)).length).toBe(4);
  });

  it('edits all occurrences keeping overrides attached, and moves a series with its overrides to another calendar', async () => {
    const series = await tuesdays('All of them', 'FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    await edit(series.id, '2031-03-11T13:00:00Z', 'this', { title: 'Middle' }, 1);
    const moved = await events.update(admin, { calendar: await calendar(), eventId: series.id, expected: 2, patch: { start: '2031-03-04T08:00:00-05:00', end: '2031-03-04T09:00:00-05:00' } });
    expect(moved.extendedProps.overrides).toEqual({ '2031-03-11T12:00:00.000Z': { title: 'Middle' } });
    await events.update(admin, { calendar: await calendar(), eventId: series.id, expected: 3, patch: { extendedProps: { calendarId: calendarIds[1] } } });
    expect(await feed(series.id)).toEqual([]);
    expect(await feed(series.id, calendarIds[1])).toEqual([['2031-03-04T13:00:00.000Z', 'All of them'], ['2031-03-11T12:00:00.000Z', 'Middle'], ['2031-03-18T12:00:00.000Z', 'All of them']]);
  });
});
