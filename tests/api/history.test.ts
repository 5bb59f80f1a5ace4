import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { ChangeEntry, HistoryPage } from '../../src/shared/history-schema.ts';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let outsider: string;
let company: Calendar;
let engineering: Calendar;

const EDDIE = { id: 'eddie', name: 'Eddie Editor' };
const eventPath = (calendarId: string, eventId: string) => `/api/calendars/${calendarId}/events/${eventId}`;
const historyPath = (calendarId: string, eventId: string, query = '') => `${eventPath(calendarId, eventId)}/history${query}`;

async function create(body: object, calendarId = company.id): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, { token: eddie, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function patch(path: string, body: object, version: number): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('PATCH', path, { token: eddie, body, headers: { 'if-match': `"${version}"` } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function history(calendarId: string, eventId: string, query = '', token = riley): Promise<HistoryPage> {
  const response = await api.request<HistoryPage>('GET', historyPath(calendarId, eventId, query), { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  outsider = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
  company = calendars.find((c) => c.name === 'Company')!;
  engineering = calendars.find((c) => c.name === 'Engineering')!;
});
afterAll(() => api.close());

describe('GET /api/calendars/:calendarId/events/:eventId/history', () => {
  it('records each write once: who, when, what changed from what to what, the version it made', async () => {
    const before = Date.now();
    const event = await create({ title: 'Design review', start: '2030-05-06T09:00:00Z', end: '2030-05-06T10:00:00Z' });
    const created = await history(company.id, event.id);
    expect(created.entries).toHaveLength(1);
    expect(created.entries[0]).toMatchObject({ calendarId: company.id, fromCalendarId: null, eventId: event.id, series: false, title: 'Design review', kind: 'created', scope: null, recurrenceId: null, by: EDDIE, version: 1, changes: [] });
    expect(Date.parse(created.entries[0]!.at)).toBeGreaterThanOrEqual(before - 1_000);

    const moved = await patch(eventPath(company.id, event.id), { start: '2030-05-06T10:00:00Z', end: '2030-05-06T11:00:00Z' }, 1);
    const updated = await history(company.id, event.id);
    expect(updated.entries.map((entry) => entry.kind)).toEqual(['updated', 'created']);
    expect(updated.entries[0]).toMatchObject({ kind: 'updated', by: EDDIE, version: moved.extendedProps.version });
    expect(updated.entries[0]!.changes).toEqual([
      { field: 'start', old: '2030-05-06T09:00:00.000Z', new: '2030-05-06T10:00:00.000Z' },
      { field: 'end', old: '2030-05-06T10:00:00.000Z', new: '2030-05-06T11:00:00.000Z' },
    ]);
  });

  it('stores long values whole', async () => {
    const long = `<p>${'A long agenda. '.repeat(600)}</p>`;
    const event = await create({ title: 'Agenda', start: '2030-05-07T09:00:00Z', end: '2030-05-07T10:00:00Z' });
    await patch(eventPath(company.id, event.id), { extendedProps: { description: long } }, 1);
    const [entry] = (await history(company.id, event.id)).entries;
    expect(entry!.changes).toEqual([{ field: 'description', old: '', new: long }]);
  });

  it('records a move between calendars, and the history then lives at the event’s new address', async () => {
    const event = await create({ title: 'Moving', start: '2030-05-08T09:00:00Z', end: '2030-05-08T10:00:00Z' });
    await patch(eventPath(company.id, event.id), { extendedProps: { calendarId: engineering.id } }, 1);
    const page = await history(engineering.id, event.id);
    expect(page.entries[0]).toMatchObject({ kind: 'moved', calendarId: engineering.id, fromCalendarId: company.id, version: 2 });
    expect((await api.request('GET', historyPath(company.id, event.id), { token: riley })).status).toBe(404);
  });

  it('names the scope of a series change: all, this occurrence, this and following', async () => {
    const series = await create({ title: 'Weekly', start: '2030-06-03T09:00:00Z', end: '2030-06-03T10:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=10', extendedProps: { timeZone: 'UTC' } });
    const path = eventPath(company.id, series.id);
    await patch(path, { title: 'Weekly sync' }, 1);
    await patch(`${path}/occurrences/2030-06-10T09:00:00.000Z?scope=this`, { title: 'Weekly sync (moved)', start: '2030-06-10T11:00:00Z', end: '2030-06-10T12:00:00Z' }, 2);
    const deleted = await api.request('DELETE', `${path}/occurrences/2030-06-17T09:00:00.000Z?scope=this`, { token: eddie, headers: { 'if-match': '"3"' } });
    expect(deleted.status).toBe(204);
    const entries = (await history(company.id, series.id)).entries;
    expect(entries.map(({ kind, scope, recurrenceId, series: isSeries }) => ({ kind, scope, recurrenceId, isSeries }))).toEqual([
      { kind: 'updated', scope: 'this', recurrenceId: '2030-06-17T09:00:00.000Z', isSeries: true },
      { kind: 'updated', scope: 'this', recurrenceId: '2030-06-10T09:00:00.000Z', isSeries: true },
      { kind: 'updated', scope: 'all', recurrenceId: null, isSeries: true },
      { kind: 'created', scope: null, recurrenceId: null, isSeries: true },
    ]);
    expect(entries[0]!.changes.map((change) => change.field)).toEqual(['exdate']);
    expect(entries[1]!.changes).toEqual([{ field: 'overrides.2030-06-10T09:00:00.000Z', old: null, new: { title: 'Weekly sync (moved)', start: '2030-06-10T11:00:00.000Z', end: '2030-06-10T12:00:00.000Z', allDay: false } }]);
  });

  it('pages newest first: `next` is the cursor of a full page’s last entry, null at the end', async () => {
    const event = await create({ title: 'Edited often', start: '2030-05-09T09:00:00Z', end: '2030-05-09T10:00:00Z' });
    for (let version = 1; version <= 4; version++) await patch(eventPath(company.id, event.id), { title: `Edited ${version}` }, version);
    const first = await history(company.id, event.id, '?limit=2');
    expect(first.entries.map((entry) => entry.version)).toEqual([5, 4]);
    expect(first.next).toBe(first.entries[1]!.cursor);
    const second = await history(company.id, event.id, `?limit=2&before=${encodeURIComponent(first.next!)}`);
    expect(second.entries.map((entry) => entry.version)).toEqual([3, 2]);
    const last = await history(company.id, event.id, `?limit=2&before=${encodeURIComponent(second.next!)}`);
    expect(last.entries.map((entry) => entry.version)).toEqual([1]);
    expect(last.next).toBeNull();
    const all = await history(company.id, event.id);
    expect(all.entries).toHaveLength(5);
    expect(all.next).toBeNull();
    expect(new Set(all.entries.map((entry) => entry.id)).size).toBe(5);
  });

  it.each([
    ['limit=0', 'limit'],
    [`limit=${HISTORY_PAGE_MAX + 1}`, 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['page=2', 'page'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const event = await create({ title: 'Queried', start: '2030-05-10T09:00:00Z', end: '2030-05-10T10:00:00Z' });
    const response = await api.request<Problem>('GET', historyPath(company.id, event.id, `?${query}`), { token: riley });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.errors?.map((error) => error.field)).toContain(field);
  });

  it(`answers ${HISTORY_PAGE_DEFAULT} entries by default and ${HISTORY_PAGE_MAX} at most`, async () => {
    const event = await create({ title: 'Counted', start: '2030-05-11T09:00:00Z', end: '2030-05-11T10:00:00Z' });
    for (let version = 1; version <= HISTORY_PAGE_DEFAULT; version++) await patch(eventPath(company.id, event.id), { title: `Counted ${version}` }, version);
    const page = await history(company.id, event.id);
    expect(page.entries).toHaveLength(HISTORY_PAGE_DEFAULT);
    expect(page.next).not.toBeNull();
    expect((await history(company.id, event.id, `?limit=${HISTORY_PAGE_MAX}`)).entries).toHaveLength(HISTORY_PAGE_DEFAULT + 1);
  });

  it('is 404 for another tenant, an unknown event, and needs a signed-in caller', async () => {
    const event = await create({ title: 'Private', start: '2030-05-12T09:00:00Z', end: '2030-05-12T10:00:00Z' });
    expect((await api.request('GET', historyPath(company.id, event.id), { token: outsider })).status).toBe(404);
    expect((await api.request('GET', historyPath(company.id, 'no-such-event'), { token: riley })).status).toBe(404);
    expect((await api.request('GET', historyPath(company.id, event.id))).status).toBe(401);
  });
});

describe('GET /api/calendars/:calendarId/activity', () => {
  let calendar: Calendar;
  let entries: ChangeEntry[];

  beforeAll(async () => {
    calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Audited', color: '#123456', editors: ['eddie'] } })).body;
    const event = await create({ title: 'By Eddie', start: '2030-07-01T09:00:00Z', end: '2030-07-01T10:00:00Z' }, calendar.id);
    await api.request<Category>('POST', `/api/calendars/${calendar.id}/categories`, { token: ada, body: { name: 'Launch', color: '#C239B3', icon: 'Megaphone' } });
    await patch(eventPath(calendar.id, event.id), { title: 'By Eddie, renamed' }, 1);
    const response = await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity`, { token: ada });
    expect(response.status).toBe(200);
    entries = response.body.entries;
  });

  it('lists the calendar’s own changes and its events’, newest first', () => {
    expect(entries.map(({ kind, eventId, by }) => [kind, eventId === null ? 'calendar' : 'event', by.id])).toEqual([
      ['updated', 'event', 'eddie'],
      ['updated', 'calendar', 'ada'],
      ['created', 'event', 'eddie'],
      ['created', 'calendar', 'ada'],
    ]);
    expect(entries[1]!.changes).toEqual([{ field: expect.stringMatching(/^category\./), old: null, new: { name: 'Launch', color: '#C239B3', icon: 'Megaphone' } }]);
  });

  it('filters by person and by time', async () => {
    const byEddie = await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity?by=eddie`, { token: ada });
    expect(byEddie.body.entries.map((entry) => entry.by.id)).toEqual(['eddie', 'eddie']);
    const from = encodeURIComponent(entries[1]!.at);
    const since = await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity?from=${from}`, { token: ada });
    expect(since.body.entries.map((entry) => entry.id)).toEqual(entries.slice(0, 2).map((entry) => entry.id));
    const until = await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity?to=${from}`, { token: ada });
    expect(until.body.entries.map((entry) => entry.id)).toEqual(entries.slice(2).map((entry) => entry.id));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity?from=${tomorrow}`, { token: ada });
    expect(none.body).toEqual({ entries: [], next: null });
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    for (const [query, field] of [['from=yesterday', 'from'], ['to=2030-13-45', 'to'], ['from=2030-02-01&to=2030-01-01', 'to'], ['by=', 'by']] as const) {
      const response = await api.request<Problem>('GET', `/api/calendars/${calendar.id}/activity?${query}`, { token: ada });
      expect(response.status, query).toBe(400);
      expect(response.body.errors?.map((error) => error.field), query).toContain(field);
    }
  });

  it('is for administrators: 403 for editors and readers, 404 for another tenant', async () => {
    expect((await api.request('GET', `/api/calendars/${calendar.id}/activity`, { token: eddie })).status).toBe(403);
    expect((await api.request('GET', `/api/calendars/${calendar.id}/activity`, { token: riley })).status).toBe(403);
    expect((await api.request('GET', `/api/calendars/${calendar.id}/activity`, { token: outsider })).status).toBe(404);
  });

  it('records a category delete that clears it from events as one calendar-level entry', async () => {
    const category = (await api.request<Category>('POST', `/api/calendars/${calendar.id}/categories`, { token: ada, body: { name: 'Cleared', color: '#0F6CBD', icon: 'Megaphone' } })).body;
    for (const day of ['02', '03']) await create({ title: `Tagged ${day}`, start: `2030-07-${day}T09:00:00Z`, end: `2030-07-${day}T10:00:00Z`, extendedProps: { categoryId: category.id } }, calendar.id);
    const before = (await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity?limit=100`, { token: ada })).body.entries.length;
    const deleted = await api.request('DELETE', `/api/calendars/${calendar.id}/categories/${category.id}`, { token: ada, headers: { 'if-match': `"${category.version}"` } });
    expect(deleted.status).toBe(200);
    const after = (await api.request<HistoryPage>('GET', `/api/calendars/${calendar.id}/activity?limit=100`, { token: ada })).body.entries;
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ eventId: null, kind: 'updated', changes: [{ field: `category.${category.id}`, old: { name: 'Cleared' }, new: null }] });
  });
});
