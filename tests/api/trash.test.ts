import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import { normaliseEvent, type CalendarEvent } from '../../src/shared/event-schema.ts';
import type { HistoryPage, TrashedCalendar, TrashedEvent } from '../../src/shared/history-schema.ts';
import { CALENDAR_TRASH_DAYS, EVENT_TRASH_DAYS, HISTORY_RETENTION_DAYS, TRASH_LIST_MAX } from '../../src/shared/limits.ts';
import { CALENDAR_TRASHED_TYPE, type Problem } from '../../src/shared/problem.ts';
import type { SearchPage } from '../../src/shared/search-schema.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let outsider: string;
let company: Calendar;

const DAY_MS = 86_400_000;
const ifMatch = (etag: string) => ({ 'if-match': etag });
const eventPath = (calendarId: string, eventId: string) => `/api/calendars/${calendarId}/events/${eventId}`;
const trashPath = (calendarId: string) => `/api/calendars/${calendarId}/trash`;
/** Tomorrow and the day after, UTC: inside the feed window and the iCalendar export's default range. */
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function create(title: string, calendarId = company.id, more: object = {}): Promise<CalendarEvent> {
  const body = { title, start: `${day(1)}T09:00:00Z`, end: `${day(1)}T10:00:00Z`, ...more };
  const response = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, { token: eddie, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function trashOf(calendarId: string, token = eddie): Promise<TrashedEvent[]> {
  const response = await api.request<{ entries: TrashedEvent[] }>('GET', trashPath(calendarId), { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.entries;
}

async function remove(event: CalendarEvent, token = eddie): Promise<void> {
  const response = await api.request('DELETE', eventPath(event.extendedProps.calendarId, event.id), { token, headers: ifMatch(`"${event.extendedProps.version}"`) });
  expect(response.status).toBe(204);
}

/** What a reader finds of the event: in the feed, in search, in the calendar's iCalendar export, by its address. */
async function findings(event: CalendarEvent) {
  const calendarId = event.extendedProps.calendarId;
  const feed = await api.request<CalendarEvent[]>('GET', `/api/events?start=${day(0)}&end=${day(3)}&calendarId=${calendarId}`, { token: riley });
  const search = await api.request<SearchPage>('GET', `/api/search?q=${encodeURIComponent(event.title)}`, { token: riley });
  const ics = await fetch(`${api.url}/api/calendars/${calendarId}/calendar.ics`, { headers: { authorization: `Bearer ${riley}` } });
  const read = await api.request('GET', eventPath(calendarId, event.id), { token: riley });
  return {
    feed: feed.body.some((e) => e.id === event.id),
    search: search.body.hits.some((hit) => hit.title === event.title),
    ics: (await ics.text()).includes(`UID:${event.id}`),
    read: read.status,
  };
}

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  outsider = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
});
afterAll(() => api.close());

describe('deleting an event moves it to its calendar’s trash', () => {
  it('hides it from the feed, search, the iCalendar export and its address, and lists it in the trash', async () => {
    const event = await create('Quarterly zeppelin review');
    expect(await findings(event)).toEqual({ feed: true, search: true, ics: true, read: 200 });
    await remove(event);
    expect(await findings(event)).toEqual({ feed: false, search: false, ics: false, read: 404 });

    const [entry] = (await trashOf(company.id)).filter((trashed) => trashed.id === event.id);
    expect(entry).toMatchObject({ id: event.id, etag: '"2"', deletedBy: { id: 'eddie', name: 'Eddie Editor' }, event: { id: event.id, title: event.title } });
    expect(Date.parse(entry!.purgeAt) - Date.parse(entry!.deletedAt)).toBe(EVENT_TRASH_DAYS * DAY_MS);
  });

  it('lists the newest deletion first', async () => {
    const [first, second] = [await create('Trashed first'), await create('Trashed second')];
    await remove(first);
    await remove(second);
    const ids = (await trashOf(company.id)).map((trashed) => trashed.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });
});

describe(`a trash longer than ${TRASH_LIST_MAX}`, () => {
  it(`lists the ${TRASH_LIST_MAX} newest deletions`, async () => {
    const calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Busy trash', color: '#336699', editors: ['eddie'] } })).body;
    const draft = (i: number) => {
      const result = normaliseEvent({ title: `Bulk ${i}`, start: `${day(5)}T09:00:00Z`, end: `${day(5)}T10:00:00Z` });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      return result.draft;
    };
    const key = { tenantId: company.tenantId, calendarId: calendar.id };
    const actor = { id: 'eddie', name: 'Eddie Editor' };
    // Straight through the store, fifty at a time: the limit is about listing, not writing.
    const events = await api.server.store.events.writeBatch({ ...key, actor, creates: Array.from({ length: TRASH_LIST_MAX + 1 }, (_, i) => draft(i)), updates: [] });
    for (let at = 0; at < events.length; at += 50) {
      await Promise.all(events.slice(at, at + 50).map((event) => api.server.store.events.delete({ ...key, eventId: event.id, expected: null, actor })));
    }
    const listed = await trashOf(calendar.id);
    expect(listed).toHaveLength(TRASH_LIST_MAX);
    expect(listed.some((trashed) => trashed.id === events.at(-1)!.id)).toBe(true);
  });
});

describe('POST /api/calendars/:calendarId/trash/:eventId/restore', () => {
  it('brings the event back with its id, fields and history; If-Match must name the trash’s ETag', async () => {
    const event = await create('Restored quokka briefing', company.id, { extendedProps: { location: 'Room 9' } });
    await remove(event);
    const restorePath = `${trashPath(company.id)}/${event.id}/restore`;
    expect((await api.request('POST', restorePath, { token: eddie })).status).toBe(428);
    // The ETag from before the delete never matches after it.
    expect((await api.request('POST', restorePath, { token: eddie, headers: ifMatch('"1"') })).status).toBe(412);

    const restored = await api.request<CalendarEvent>('POST', restorePath, { token: eddie, headers: ifMatch('"2"') });
    expect(restored.status).toBe(200);
    expect(restored.headers.get('etag')).toBe('"3"');
    expect(restored.body).toMatchObject({ id: event.id, title: event.title, start: event.start, extendedProps: { location: 'Room 9', version: 3 } });
    expect(await findings(event)).toEqual({ feed: true, search: true, ics: true, read: 200 });
    expect((await trashOf(company.id)).some((trashed) => trashed.id === event.id)).toBe(false);

    const history = await api.request<HistoryPage>('GET', `${eventPath(company.id, event.id)}/history`, { token: riley });
    expect(history.body.entries.map((entry) => [entry.kind, entry.version])).toEqual([['restored', 3], ['deleted', 2], ['created', 1]]);
    // Restored once: a second restore finds nothing in the trash.
    expect((await api.request('POST', restorePath, { token: eddie, headers: ifMatch('"2"') })).status).toBe(404);
  });

  it('brings back a series with its changed occurrences', async () => {
    const series = await create('Restored series', company.id, { rrule: 'FREQ=DAILY;COUNT=5', extendedProps: { timeZone: 'UTC' } });
    const occurrence = `${eventPath(company.id, series.id)}/occurrences/${day(2)}T09:00:00.000Z?scope=this`;
    const changed = await api.request('PATCH', occurrence, { token: eddie, body: { title: 'Moved one' }, headers: ifMatch('"1"') });
    expect(changed.status).toBe(200);
    await remove({ ...series, extendedProps: { ...series.extendedProps, version: 2 } });
    const restored = await api.request<CalendarEvent>('POST', `${trashPath(company.id)}/${series.id}/restore`, { token: eddie, headers: ifMatch('"3"') });
    expect(restored.status).toBe(200);
    expect(Object.values(restored.body.extendedProps.overrides ?? {})).toEqual([{ title: 'Moved one' }]);
  });

  it('is for the calendar’s editors: 403 for readers, 404 for another tenant', async () => {
    const event = await create('Guarded');
    await remove(event);
    const restorePath = `${trashPath(company.id)}/${event.id}/restore`;
    expect((await api.request('GET', trashPath(company.id), { token: riley })).status).toBe(403);
    expect((await api.request('POST', restorePath, { token: riley, headers: ifMatch('"2"') })).status).toBe(403);
    expect((await api.request('GET', trashPath(company.id), { token: outsider })).status).toBe(404);
    expect((await api.request('POST', restorePath, { token: outsider, headers: ifMatch('"2"') })).status).toBe(404);
    expect((await api.request('DELETE', `${trashPath(company.id)}/${event.id}`, { token: outsider })).status).toBe(404);
    expect((await trashOf(company.id)).some((trashed) => trashed.id === event.id)).toBe(true);
  });
});

describe('DELETE /api/calendars/:calendarId/trash/:eventId', () => {
  it('purges for good, for administrators only; the history stays', async () => {
    const event = await create('Purged');
    await remove(event);
    const purgePath = `${trashPath(company.id)}/${event.id}`;
    expect((await api.request('DELETE', purgePath, { token: eddie })).status).toBe(403);
    expect((await api.request('DELETE', purgePath, { token: ada })).status).toBe(204);
    expect((await trashOf(company.id)).some((trashed) => trashed.id === event.id)).toBe(false);
    expect((await api.request('POST', `${purgePath}/restore`, { token: eddie, headers: ifMatch('"2"') })).status).toBe(404);
    expect((await api.request('DELETE', purgePath, { token: ada })).status).toBe(404);
    const history = await api.request<HistoryPage>('GET', `${eventPath(company.id, event.id)}/history`, { token: riley });
    expect(history.body.entries.map((entry) => entry.kind)).toEqual(['deleted', 'created']);
  });
});

describe('the purge of what outlived its keeping', () => {
  it(`purges a trashed event after ${EVENT_TRASH_DAYS} days, and history after ${HISTORY_RETENTION_DAYS}`, async () => {
    const event = await create('Expiring');
    await remove(event);
    const store = api.server.store;
    await store.purgeExpired(new Date(Date.now() + (EVENT_TRASH_DAYS - 1) * DAY_MS));
    expect((await trashOf(company.id)).some((trashed) => trashed.id === event.id)).toBe(true);
    const purged = await store.purgeExpired(new Date(Date.now() + (EVENT_TRASH_DAYS + 1) * DAY_MS));
    expect(purged.events).toBeGreaterThanOrEqual(1);
    expect((await trashOf(company.id)).some((trashed) => trashed.id === event.id)).toBe(false);
    expect((await api.request('POST', `${trashPath(company.id)}/${event.id}/restore`, { token: eddie, headers: ifMatch('"2"') })).status).toBe(404);

    const kept = await create('Long history');
    await store.purgeExpired(new Date(Date.now() + (HISTORY_RETENTION_DAYS + 1) * DAY_MS));
    const history = await api.request<HistoryPage>('GET', `${eventPath(company.id, kept.id)}/history`, { token: riley });
    // Its only entry is gone: an event with no history left has none to show.
    expect(history.status).toBe(404);
    expect((await api.request('GET', eventPath(company.id, kept.id), { token: riley })).status).toBe(200);
  });
});

describe('deleting a calendar moves it, with its events, to the administrators’ calendar trash', () => {
  let calendar: Calendar;
  let event: CalendarEvent;
  let category: Category;

  beforeAll(async () => {
    calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Short-lived', color: '#654321', editors: ['eddie'] } })).body;
    category = (await api.request<Category>('POST', `/api/calendars/${calendar.id}/categories`, { token: ada, body: { name: 'Kept', color: '#0F6CBD', icon: 'Megaphone' } })).body;
    event = await create('In a trashed calendar', calendar.id, { extendedProps: { categoryId: category.id } });
    const deleted = await api.request('DELETE', `/api/calendars/${calendar.id}`, { token: ada, headers: ifMatch(`"${calendar.version}"`) });
    expect(deleted.status).toBe(204);
  });

  it('hides it and its events from everyone, and lists it for administrators', async () => {
    const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body;
    expect(calendars.some((c) => c.id === calendar.id)).toBe(false);
    expect(await findings(event)).toMatchObject({ search: false, read: 404 });
    const trash = await api.request<{ entries: TrashedCalendar[] }>('GET', '/api/calendar-trash', { token: ada });
    const entry = trash.body.entries.find((c) => c.id === calendar.id);
    expect(entry).toMatchObject({ name: 'Short-lived', color: '#654321', eventCount: 1, etag: `"${calendar.version + 1}"`, deletedBy: { id: 'ada' } });
    expect(Date.parse(entry!.purgeAt) - Date.parse(entry!.deletedAt)).toBe(CALENDAR_TRASH_DAYS * DAY_MS);
    expect((await api.request('GET', '/api/calendar-trash', { token: eddie })).status).toBe(403);
    expect((await api.request<{ entries: TrashedCalendar[] }>('GET', '/api/calendar-trash', { token: outsider })).body.entries).toEqual([]);
  });

  it('refuses to restore one of its events: restore the calendar first (409)', async () => {
    const response = await api.request<Problem>('POST', `${trashPath(calendar.id)}/${event.id}/restore`, { token: eddie, headers: ifMatch('"2"') });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ type: CALENDAR_TRASHED_TYPE, calendarId: calendar.id });
    expect(response.body.detail).toContain('Restore the calendar "Short-lived" first');
    expect((await api.request('POST', `${trashPath(calendar.id)}/${event.id}/restore`, { token: riley, headers: ifMatch('"2"') })).status).toBe(404);
  });

  it('restores it as one, with its events and categories, under the ETag rules', async () => {
    const restorePath = `/api/calendar-trash/${calendar.id}/restore`;
    expect((await api.request('POST', restorePath, { token: eddie, headers: ifMatch(`"${calendar.version + 1}"`) })).status).toBe(403);
    expect((await api.request('POST', restorePath, { token: ada })).status).toBe(428);
    expect((await api.request('POST', restorePath, { token: ada, headers: ifMatch(`"${calendar.version}"`) })).status).toBe(412);
    expect((await api.request('POST', restorePath, { token: outsider, headers: ifMatch(`"${calendar.version + 1}"`) })).status).toBe(404);
    const restored = await api.request<Calendar>('POST', restorePath, { token: ada, headers: ifMatch(`"${calendar.version + 1}"`) });
    expect(restored.status).toBe(200);
    expect(restored.headers.get('etag')).toBe(`"${calendar.version + 2}"`);
    expect(restored.body).toMatchObject({ id: calendar.id, name: 'Short-lived', version: calendar.version + 2, categories: [{ id: category.id, name: 'Kept' }] });
    expect(await findings(event)).toEqual({ feed: true, search: true, ics: true, read: 200 });
    const activity = await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity`, { token: ada });
    expect(activity.body.entries.slice(0, 2).map((entry) => [entry.kind, entry.eventId])).toEqual([['restored', null], ['deleted', null]]);
  });

  it('purges a trashed calendar for good, for administrators only', async () => {
    const doomed = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Doomed', color: '#111111', editors: ['eddie'] } })).body;
    await create('Goes with it', doomed.id);
    expect((await api.request('DELETE', `/api/calendars/${doomed.id}`, { token: ada, headers: ifMatch(`"${doomed.version}"`) })).status).toBe(204);
    expect((await api.request('DELETE', `/api/calendar-trash/${doomed.id}`, { token: eddie })).status).toBe(403);
    expect((await api.request('DELETE', `/api/calendar-trash/${doomed.id}`, { token: ada })).status).toBe(204);
    const trash = await api.request<{ entries: TrashedCalendar[] }>('GET', '/api/calendar-trash', { token: ada });
    expect(trash.body.entries.some((c) => c.id === doomed.id)).toBe(false);
    expect((await api.request('POST', `/api/calendar-trash/${doomed.id}/restore`, { token: ada, headers: ifMatch(`"${doomed.version + 1}"`) })).status).toBe(404);
  });

  it(`is purged by the store after ${CALENDAR_TRASH_DAYS} days`, async () => {
    const old = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Forgotten', color: '#222222' } })).body;
    expect((await api.request('DELETE', `/api/calendars/${old.id}`, { token: ada, headers: ifMatch(`"${old.version}"`) })).status).toBe(204);
    const purged = await api.server.store.purgeExpired(new Date(Date.now() + (CALENDAR_TRASH_DAYS + 1) * DAY_MS));
    expect(purged.calendars).toBeGreaterThanOrEqual(1);
    const trash = await api.request<{ entries: TrashedCalendar[] }>('GET', '/api/calendar-trash', { token: ada });
    expect(trash.body.entries.some((c) => c.id === old.id)).toBe(false);
  });
});

describe('the feed cache', () => {
  // A purge changes nothing a reader sees (the trash is never cached), so it need not change the version; it may.
  it('is keyed by a change version that a trash and a restore each change, like any write', async () => {
    const store = api.server.store;
    const version = () => store.changes.version({ tenantId: company.tenantId });
    const event = await create('Cached');
    const feed = () => api.request<CalendarEvent[]>('GET', `/api/events?start=${day(0)}&end=${day(3)}`, { token: riley });
    await feed();
    const versions = [await version()];
    await remove(event);
    versions.push(await version());
    expect((await feed()).body.some((e) => e.id === event.id)).toBe(false);
    expect((await api.request('POST', `${trashPath(company.id)}/${event.id}/restore`, { token: eddie, headers: ifMatch('"2"') })).status).toBe(200);
    versions.push(await version());
    expect((await feed()).body.some((e) => e.id === event.id)).toBe(true);
    await remove({ ...event, extendedProps: { ...event.extendedProps, version: 3 } });
    versions.push(await version());
    expect(new Set(versions).size).toBe(versions.length);
    expect((await api.request('DELETE', `${trashPath(company.id)}/${event.id}`, { token: ada })).status).toBe(204);
    expect((await feed()).body.some((e) => e.id === event.id)).toBe(false);
  });
});

describe('the purge schedule', () => {
  it('purges once the server listens, in the background, then every interval, and logs what it purged', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    // PURGE_INTERVAL_MS is an hour: a tenth of a second shows the timer at work.
    const server = await build({ LOG_LEVEL: 'info' }, undefined, { logStream, purgeIntervalMs: 100 });
    try {
      const deadline = Date.now() + 5_000;
      const purges = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'purged expired trash and history');
      while (purges().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(purges().length).toBeGreaterThanOrEqual(3);
      expect(purges()[0]).toMatchObject({ events: 0, calendars: 0, entries: 0, ms: expect.any(Number) });
    } finally {
      await server.close();
    }
  });
});
