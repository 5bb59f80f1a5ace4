import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../src/api/errors.ts';
import { createIcsExportService, ICS_EXPORT_BUILDS_MAX } from '../../src/api/ical/ical-export-service.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { EXPORT_TOO_LARGE_TYPE, type Problem } from '../../src/shared/problem.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

const DAY_MS = 86_400_000;
let api: TestServer;
let ada: string;
let riley: string;
let outsiderAdmin: string;
let calendar: Calendar;
let launch: Category;
let launchDay: CalendarEvent;
let allDay: CalendarEvent;
let longAgo: CalendarEvent;
let series: CalendarEvent;

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const calendarIcs = (query = '') => `/api/calendars/${calendar.id}/calendar.ics${query}`;
const eventIcs = (eventId: string, calendarId = calendar.id) => `/api/calendars/${calendarId}/events/${encodeURIComponent(eventId)}/event.ics`;

async function create(body: Record<string, unknown>): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', `/api/calendars/${calendar.id}/events`, { token: ada, body });
  expect(response.status).toBe(201);
  return response.body;
}

/** A GET whose answer is iCalendar text (the helper's request reads JSON). */
/** A GET whose Accept-Encoding is ours to set and whose body comes back as sent (fetch would decompress it). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(api.url + path, { headers: { ...headers, authorization: `Bearer ${riley}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

async function getText(path: string, token: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(api.url + path, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function uidsIn(text: string): string[] {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  return [...new Set(vcalendar.getAllSubcomponents('vevent').map((vevent) => String(vevent.getFirstPropertyValue('uid')).split('@')[0]!))].sort();
}

beforeAll(async () => {
  api = await build();
  [ada, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('riley')]);
  outsiderAdmin = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Launches, “Q3”', color: '#005B70', editors: [] } })).body;
  launch = (await api.request<Category>('POST', `/api/calendars/${calendar.id}/categories`, { token: ada, body: { name: 'Launch', color: '#C239B3', icon: 'Megaphone' } })).body;
  const now = Date.now();
  launchDay = await create({ title: 'Launch day', start: '2031-05-10T09:00:00Z', end: '2031-05-10T10:00:00Z', extendedProps: { categoryId: launch.id, timeZone: 'Europe/Paris' } });
  allDay = await create({ title: 'Offsite', start: dateOf(now + 30 * DAY_MS), end: dateOf(now + 32 * DAY_MS), allDay: true });
  longAgo = await create({ title: 'Kick-off', start: new Date(now - 800 * DAY_MS).toISOString(), end: new Date(now - 800 * DAY_MS + 3_600_000).toISOString() });
  // Began two years ago and never ends: it overlaps the default range, so it goes out whole, from its first start.
  series = await create({
    title: 'Weekly sync',
    start: `${dateOf(now - 730 * DAY_MS)}T10:00:00Z`,
    end: `${dateOf(now - 730 * DAY_MS)}T10:30:00Z`,
    rrule: 'FREQ=WEEKLY',
    extendedProps: { timeZone: 'Europe/London' },
  });
});
afterAll(() => api.close());

describe('GET /api/calendars/:calendarId/calendar.ics', () => {
  it('gives a reader the calendar as an iCalendar file: from a year back by default, a series whole', async () => {
    const response = await getText(calendarIcs(), riley);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Launches Q3.ics"; filename*=UTF-8''Launches%20Q3.ics`);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(new Date(response.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
    expect(uidsIn(response.text)).toEqual([allDay.id, launchDay.id, series.id].sort());
    expect(response.text).toContain(`DTSTART;TZID=Europe/London:${dateOf(Date.parse(series.start)).replaceAll('-', '')}T`);
    expect(response.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.text).toContain('X-WR-CALNAME:Launches\\, “Q3”\r\n');
    // URL goes back to the app this request came through.
    expect(response.text).toContain(`URL:${api.url}/?eventId=${launchDay.id}\r\n`);
    expect(response.text).toContain(`CATEGORIES:Launch\r\n`);
  });

  it('keeps to one category with ?categoryId=, and names it; a category the calendar lacks is a 404', async () => {
    const response = await getText(calendarIcs(`?categoryId=${launch.id}`), riley);
    expect(response.status).toBe(200);
    expect(uidsIn(response.text)).toEqual([launchDay.id]);
    expect(response.text).toContain('X-WR-CALNAME:Launches\\, “Q3” – Launch\r\n');
    expect(response.headers.get('content-disposition')).toContain('filename="Launches Q3 Launch.ics"');
    expect((await getText(calendarIcs('?categoryId=no-such-category'), riley)).status).toBe(404);
    expect((await getText(calendarIcs(`?categoryId=${launch.id}&categoryId=no-such-category`), riley)).status).toBe(404);
  });

  it('keeps to several categories with categoryId repeated, `none` standing for the events without one', async () => {
    const uncategorised = await getText(calendarIcs('?categoryId=none'), riley);
    expect(uidsIn(uncategorised.text)).toEqual([allDay.id, series.id].sort());
    expect(uncategorised.text).toContain('X-WR-CALNAME:Launches\\, “Q3” – No category\r\n');
    const both = await getText(calendarIcs(`?categoryId=${launch.id}&categoryId=none`), riley);
    expect(uidsIn(both.text)).toEqual([allDay.id, launchDay.id, series.id].sort());
    expect(both.text).toContain('X-WR-CALNAME:Launches\\, “Q3” – Launch\\, No category\r\n');
  });
});

describe('GET /api/calendars/:calendarId/calendar.ics with a range, and conditionally', () => {
  it('keeps to a range with from and to (dates or instants), and says what is wrong with a bad one', async () => {
    const longAgoDay = dateOf(Date.parse(longAgo.start));
    const early = await getText(calendarIcs(`?from=${longAgoDay}&to=${dateOf(Date.parse(longAgo.start) + DAY_MS)}`), riley);
    // The series began after that day: it is not in the range.
    expect(uidsIn(early.text)).toEqual([longAgo.id]);
    const later = await getText(calendarIcs('?from=2031-05-10T09:30:00%2B00:00&to=2031-05-11T00:00:00Z'), riley);
    expect(uidsIn(later.text)).toEqual([launchDay.id, series.id].sort());
    const backwards = await api.request<Problem>('GET', calendarIcs('?from=2031-05-10&to=2031-05-01'), { token: riley });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ field: 'to', message: 'The end must be after the start' }]);
    // A start past the supported years meets the default end: nothing could be in that range.
    const pastTheEnd = await api.request<Problem>('GET', calendarIcs('?from=2300-01-01'), { token: riley });
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.body.errors).toEqual([{ field: 'from', message: 'The start must be before the end' }]);
    const garbled = await api.request<Problem>('GET', calendarIcs('?from=yesterday&colour=red'), { token: riley });
    expect(garbled.status).toBe(400);
    expect(garbled.body.errors?.map((e) => e.field).sort()).toEqual(['colour', 'from']);
  });

  it('sends the cached file compressed as Accept-Encoding asks, each encoding its own ETag, and 304s whichever was kept', async () => {
    const plain = await rawGet(calendarIcs(), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const tag = plain.headers.etag!.slice(1, -1);
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const first = await rawGet(calendarIcs(), { 'accept-encoding': encoding });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.etag).toBe(`"${tag}-${encoding}"`);
      expect(first.headers.vary).toContain('accept-encoding');
      expect(decode(first.body).toString('utf8')).toBe(plain.body.toString('utf8'));
      // The same bytes again: made once and kept with the cached export.
      expect((await rawGet(calendarIcs(), { 'accept-encoding': encoding })).body.equals(first.body)).toBe(true);
      expect((await rawGet(calendarIcs(), { 'accept-encoding': encoding, 'if-none-match': `"${tag}"` })).status).toBe(304);
      expect((await rawGet(calendarIcs(), { 'accept-encoding': 'identity', 'if-none-match': first.headers.etag! })).status).toBe(304);
    }
  });

  it('answers 304 to If-None-Match and If-Modified-Since while nothing changed, and 200 with a new ETag after a change', async () => {
    const first = await getText(calendarIcs(), riley);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    const byTag = await getText(calendarIcs(), riley, { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe('');
    expect((await getText(calendarIcs(), riley, { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await getText(calendarIcs(), riley, { 'if-none-match': '"something-else"', 'if-modified-since': lastModified })).status).toBe(200);

    const patched = await api.request<CalendarEvent>('PATCH', `/api/calendars/${calendar.id}/events/${launchDay.id}`, {
      token: ada,
      body: { title: 'Launch day (moved)' },
      headers: { 'if-match': `"${launchDay.extendedProps.version}"` },
    });
    expect(patched.status).toBe(200);
    launchDay = patched.body;
    const after = await getText(calendarIcs(), riley, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.text).toContain('SUMMARY:Launch day (moved)\r\n');
    expect(after.text).toContain('SEQUENCE:1\r\n');
  });

  it('is for signed-in members of the tenant: 401 without a token, 404 for another tenant and for no such calendar', async () => {
    expect((await getText(calendarIcs(), undefined)).status).toBe(401);
    const outsider = await api.request<Problem>('GET', calendarIcs(), { token: outsiderAdmin });
    expect(outsider.status).toBe(404);
    expect(outsider.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await getText(`/api/calendars/no-such-calendar/calendar.ics`, riley)).status).toBe(404);
  });
});

describe('GET /api/calendars/:calendarId/events/:eventId/event.ics', () => {
  it('gives one event, and an occurrence’s series whole', async () => {
    const single = await getText(eventIcs(allDay.id), riley);
    expect(single.status).toBe(200);
    expect(single.headers.get('content-disposition')).toBe(`attachment; filename="Offsite.ics"; filename*=UTF-8''Offsite.ics`);
    expect(uidsIn(single.text)).toEqual([allDay.id]);
    expect(single.text).toContain(`DTSTART;VALUE=DATE:${allDay.start.replaceAll('-', '')}\r\n`);
    expect(single.headers.get('last-modified')).toBe(new Date(allDay.extendedProps.updatedAt).toUTCString());
    expect((await getText(eventIcs(allDay.id), riley, { 'if-none-match': single.headers.get('etag')! })).status).toBe(304);

    const occurrenceId = `${series.id}:${series.start}`;
    const ofSeries = await getText(eventIcs(occurrenceId), riley);
    expect(ofSeries.status).toBe(200);
    expect(uidsIn(ofSeries.text)).toEqual([series.id]);
    expect(ofSeries.text).toContain('RRULE:FREQ=WEEKLY\r\n');
    expect(ofSeries.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n');
  });

  it('is 404 for no such event, an event of another calendar, an occurrence id of a single event or not of its series’ kind, and another tenant', async () => {
    expect((await getText(eventIcs('no-such-event'), riley)).status).toBe(404);
    const company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body.find((c) => c.name === 'Company')!;
    expect((await getText(eventIcs(allDay.id, company.id), riley)).status).toBe(404);
    expect((await getText(eventIcs(`${allDay.id}:2031-01-01`), riley)).status).toBe(404);
    expect((await getText(eventIcs(`${series.id}:not-a-start`), riley)).status).toBe(404);
    expect((await getText(eventIcs(`${series.id}:2031-01-01`), riley)).status).toBe(404);
    expect((await getText(eventIcs(allDay.id), outsiderAdmin)).status).toBe(404);
  });
});

describe('the export cap', () => {
  it('refuses an export over the cap with a 422 naming it, and a category within it still exports', async () => {
    const tenantId = (await api.request<{ tenantId: string }>('GET', '/api/me', { token: riley })).body.tenantId;
    const principal = { id: 'riley', name: 'Riley', tenantId, appRoles: [], groups: [] };
    const capped = createIcsExportService(api.server.store, { uidDomain: 'localhost', eventsMax: 2 });
    const over = await capped.exportCalendarIcs(principal, calendar.id).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(HttpProblem);
    expect((over as HttpProblem).toProblem()).toMatchObject({ status: 422, type: EXPORT_TOO_LARGE_TYPE, limit: 2 });
    const one = await capped.exportCalendarIcs(principal, calendar.id, { categoryId: launch.id });
    expect(uidsIn(one.body)).toEqual([launchDay.id]);
  });
});

/** The test server's store, with its window reads counted: how many ran in all, and the most at once. */
function countedStore(store: Store) {
  const reads = { total: 0, running: 0, most: 0 };
  const events = Object.assign(Object.create(store.events) as Store['events'], {
    listInWindow: async (...args: Parameters<Store['events']['listInWindow']>) => {
      reads.total++;
      reads.most = Math.max(reads.most, ++reads.running);
      // A turn of the event loop inside the read, so that builds not held back overlap.
      await new Promise((resolve) => setImmediate(resolve));
      return store.events.listInWindow(...args).finally(() => reads.running--);
    },
  });
  return { store: Object.assign(Object.create(store) as Store, { events }), reads };
}

describe('building exports', () => {
  const principalOf = async () => {
    const tenantId = (await api.request<{ tenantId: string }>('GET', '/api/me', { token: riley })).body.tenantId;
    return { id: 'riley', name: 'Riley', tenantId, appRoles: [], groups: [] };
  };

  it('builds one export once for every request that asks while it is being built', async () => {
    const { store, reads } = countedStore(api.server.store);
    const service = createIcsExportService(store, { uidDomain: 'localhost' });
    const principal = await principalOf();
    const answers = await Promise.all(Array.from({ length: 4 }, () => service.exportCalendarIcs(principal, calendar.id)));
    expect(reads.total).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it(`builds at most ${ICS_EXPORT_BUILDS_MAX} different exports at once, and every one of them`, async () => {
    const { store, reads } = countedStore(api.server.store);
    const service = createIcsExportService(store, { uidDomain: 'localhost' });
    const principal = await principalOf();
    // Four ranges, four exports.
    const ranges = [1, 2, 3, 4].map((years) => ({ fromMs: Date.now() - years * 365 * DAY_MS }));
    const answers = await Promise.all(ranges.map((range) => service.exportCalendarIcs(principal, calendar.id, range)));
    expect(reads.total).toBe(ranges.length);
    expect(reads.most).toBe(ICS_EXPORT_BUILDS_MAX);
    expect(answers.map((answer) => uidsIn(answer.body).includes(series.id))).toEqual([true, true, true, true]);
  });
});
