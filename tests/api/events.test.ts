import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { calendarEventSchema, type CalendarEvent } from '../../src/shared/event-schema.ts';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_GROUP_ID_MAX,
  EVENT_LOCATION_MAX,
  EVENT_MAX_DURATION_DAYS,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  EVENT_WINDOW_CALENDARS_MAX,
  EVENT_WINDOW_MAX_DAYS,
} from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { addDays } from '../../src/shared/time.ts';
import { build, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let company: Calendar;
let holidays: Calendar;
let engineering: Calendar;

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
  company = calendars.find((c) => c.name === 'Company')!;
  holidays = calendars.find((c) => c.name === 'Holidays')!;
  engineering = calendars.find((c) => c.name === 'Engineering')!;
});
afterAll(() => api.close());

const eventsPath = (calendarId: string) => `/api/calendars/${calendarId}/events`;
const timed = {
  title: 'Design review',
  start: '2027-02-10T10:00:00+01:00',
  end: '2027-02-10T11:30:00+01:00',
  url: 'https://intranet.example.com/design',
  extendedProps: { location: 'Room 1', description: 'Bring\nsketches', timeZone: 'Europe/Paris' },
};

async function create(body: object, calendarId = company.id, token = eddie) {
  const response = await api.request<CalendarEvent>('POST', eventsPath(calendarId), { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe('seeded demo data', () => {
  it('has events around today in every calendar, including an all-day holiday and a multi-day event', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await api.request<CalendarEvent[]>('GET', `/api/events?start=${addDays(today, -14)}&end=${addDays(today, 28)}`, { token: riley });
    expect(response.status).toBe(200);
    const byCalendar = (id: string) => response.body.filter((e) => e.extendedProps.calendarId === id);
    expect(byCalendar(company.id).some((e) => e.title === 'Town hall')).toBe(true);
    expect(byCalendar(holidays.id).some((e) => e.allDay)).toBe(true);
    expect(byCalendar(engineering.id).filter((e) => e.title === 'Engineering stand-up').length).toBeGreaterThanOrEqual(20);
    expect(response.body.some((e) => e.allDay && addDays(e.start, 1) < e.end)).toBe(true);
  });
});

describe('POST /api/calendars/:id/events', () => {
  it('creates an event in FullCalendar shape with Location and ETag, normalising times to UTC', async () => {
    const response = await api.request<CalendarEvent>('POST', eventsPath(company.id), { token: eddie, body: timed });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/calendars/${company.id}/events/${response.body.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
    // Nothing beyond the fields the response schema names, each of its type.
    expect(calendarEventSchema.strict().safeParse(response.body).error).toBeUndefined();
    expect(response.body).toMatchObject({
      title: 'Design review',
      start: '2027-02-10T09:00:00.000Z',
      end: '2027-02-10T10:30:00.000Z',
      allDay: false,
      url: 'https://intranet.example.com/design',
      extendedProps: {
        calendarId: company.id,
        location: 'Room 1',
        description: 'Bring\nsketches',
        timeZone: 'Europe/Paris',
        createdBy: { id: 'eddie', name: 'Eddie Editor' },
        updatedBy: { id: 'eddie', name: 'Eddie Editor' },
        version: 1,
      },
    });
  });

  it('creates an all-day event with an exclusive end date, and fills a missing end', async () => {
    const event = await create({ title: 'Offsite', start: '2027-03-01', end: '2027-03-04', allDay: true });
    expect(event).toMatchObject({ start: '2027-03-01', end: '2027-03-04', allDay: true });
    const oneDay = await create({ title: 'Holiday', start: '2027-03-08' });
    expect(oneDay).toMatchObject({ start: '2027-03-08', end: '2027-03-09', allDay: true });
    const hour = await create({ title: 'Chat', start: '2027-03-08T09:00:00Z' });
    expect(hour).toMatchObject({ start: '2027-03-08T09:00:00.000Z', end: '2027-03-08T10:00:00.000Z', allDay: false });
  });

  it('ignores server-managed fields on write', async () => {
    const event = await create({
      ...timed,
      id: 'chosen-by-client',
      extendedProps: { ...timed.extendedProps, calendarId: holidays.id, createdBy: { id: 'mallory', name: 'M' }, version: 99, createdAt: '2000-01-01T00:00:00Z' },
    });
    expect(event.id).not.toBe('chosen-by-client');
    expect(event.extendedProps).toMatchObject({ calendarId: company.id, createdBy: { id: 'eddie' }, version: 1 });
    expect(event.extendedProps.createdAt).not.toBe('2000-01-01T00:00:00Z');
  });

  const longest = EVENT_MAX_DURATION_DAYS;
  it.each([
    ['a missing title', { title: undefined }, 'title'],
    ['an empty title', { title: '   ' }, 'title'],
    ['a title over the limit', { title: 'x'.repeat(EVENT_TITLE_MAX + 1) }, 'title'],
    ['a start that is not a date', { start: 'next tuesday' }, 'start'],
    ['a date-time without an offset, and no zone to read it in', { start: '2027-02-10T10:00:00', end: undefined, extendedProps: { location: 'Room 1' } }, 'extendedProps.timeZone'],
    ['a date-time without an offset that is no real time', { start: '2027-02-10T25:00:00', end: undefined }, 'start'],
    ['an end before the start', { end: '2027-02-10T09:00:00+01:00' }, 'end'],
    ['an end equal to the start', { end: timed.start }, 'end'],
    ['an event longer than the longest', { end: `${addDays('2027-02-10', longest + 1)}T10:00:00+01:00` }, 'end'],
    ['an all-day event with times', { allDay: true, end: undefined }, 'start'],
    ['an all-day end that is not after its start', { allDay: true, start: '2027-02-10', end: '2027-02-10' }, 'end'],
    ['an all-day event longer than the longest', { allDay: true, start: '2027-01-01', end: addDays('2027-01-01', longest + 1) }, 'end'],
    ['a javascript: url', { url: 'javascript:alert(1)' }, 'url'],
    ['a data: url', { url: 'data:text/html,<script>alert(1)</script>' }, 'url'],
    ['a url over the limit', { url: `https://example.com/${'x'.repeat(EVENT_URL_MAX)}` }, 'url'],
    ['a groupId over the limit', { groupId: 'g'.repeat(EVENT_GROUP_ID_MAX + 1) }, 'groupId'],
    ['a description over the limit', { extendedProps: { description: 'x'.repeat(EVENT_DESCRIPTION_MAX + 1) } }, 'extendedProps.description'],
    ['a location over the limit', { extendedProps: { location: 'x'.repeat(EVENT_LOCATION_MAX + 1) } }, 'extendedProps.location'],
    ['an unknown time zone', { extendedProps: { timeZone: 'Mars/Olympus_Mons' } }, 'extendedProps.timeZone'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['an unknown extendedProps field', { extendedProps: { priority: 'high' } }, 'extendedProps.priority'],
    ['an import source, which only an import sets', { extendedProps: { importSource: { uid: 'x@example.com', sequence: 9, modified: '2027-01-01T00:00:00Z' } } }, 'extendedProps.importSource'],
    ['allDay that is not a boolean', { allDay: 'yes' }, 'allDay'],
  ])('rejects %s with 400 and the field, and stores nothing', async (_label, change, field) => {
    const body = { ...timed, ...change, title: 'title' in change ? change.title : 'Validation probe ' + field };
    const response = await api.request<Problem>('POST', eventsPath(company.id), { token: eddie, body });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors?.map((e) => e.field)).toEqual([field]);
    expect(response.body.errors?.[0]?.message.length).toBeGreaterThan(5);
    const window = await api.request<CalendarEvent[]>('GET', '/api/events?start=2026-12-01&end=2027-12-31', { token: eddie });
    expect(window.body.some((e) => e.title === body.title && e.title.startsWith('Validation probe'))).toBe(false);
  });

  it('accepts every field at its limit', async () => {
    const event = await create({
      title: 'x'.repeat(EVENT_TITLE_MAX),
      // Far from the windows other tests query: it lasts the longest allowed.
      start: '2031-01-01',
      end: addDays('2031-01-01', EVENT_MAX_DURATION_DAYS),
      url: `https://example.com/${'x'.repeat(EVENT_URL_MAX - 'https://example.com/'.length)}`,
      groupId: 'g'.repeat(EVENT_GROUP_ID_MAX),
      extendedProps: { description: 'x'.repeat(EVENT_DESCRIPTION_MAX), location: 'x'.repeat(EVENT_LOCATION_MAX) },
    });
    expect(event.title).toHaveLength(EVENT_TITLE_MAX);
  });

  it('rejects a body that is not JSON, or not an object', async () => {
    const broken = await api.request<Problem>('POST', eventsPath(company.id), { token: eddie, rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const array = await api.request<Problem>('POST', eventsPath(company.id), { token: eddie, body: [timed] });
    expect(array.status).toBe(400);
    const text = await api.request<Problem>('POST', eventsPath(company.id), { token: eddie, rawBody: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });
});

describe('GET /api/calendars/:id/events/:id', () => {
  it('returns the event with its ETag; 404 for a wrong calendar or id', async () => {
    const event = await create(timed);
    const response = await api.request<CalendarEvent>('GET', `${eventsPath(company.id)}/${event.id}`, { token: riley });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.body).toEqual(event);
    expect((await api.request('GET', `${eventsPath(engineering.id)}/${event.id}`, { token: riley })).status).toBe(404);
    expect((await api.request('GET', `${eventsPath(company.id)}/nope`, { token: riley })).status).toBe(404);
    expect((await api.request('GET', `${eventsPath('nope')}/${event.id}`, { token: riley })).status).toBe(404);
  });
});

describe('GET /api/events/:id', () => {
  it('finds an event by id alone, for deep links, with its canonical location', async () => {
    const event = await create(timed, engineering.id);
    const response = await api.request<CalendarEvent>('GET', `/api/events/${event.id}`, { token: riley });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(event);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.headers.get('content-location')).toBe(`${eventsPath(engineering.id)}/${event.id}`);
    expect((await api.request('GET', '/api/events/no-such-event', { token: riley })).status).toBe(404);
    const outsider = await api.mintToken({ oid: 'ada', tid: '9b2e7c41-3f5a-4d8b-a1c6-0e7f2d4b5a99', name: 'Outsider' });
    expect((await api.request('GET', `/api/events/${event.id}`, { token: outsider })).status).toBe(404);
  });
});

describe('PATCH /api/calendars/:id/events/:id', () => {
  it('updates with If-Match and returns the new ETag; a stale ETag gets 412 and changes nothing', async () => {
    const event = await create(timed);
    const path = `${eventsPath(company.id)}/${event.id}`;
    const moved = await api.request<CalendarEvent>('PATCH', path, {
      token: eddie,
      body: { start: '2027-02-11T10:00:00Z', end: '2027-02-11T11:00:00Z' },
      headers: { 'if-match': '"1"' },
    });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).toBe('"2"');
    expect(moved.body).toMatchObject({ title: timed.title, start: '2027-02-11T10:00:00.000Z', extendedProps: { location: 'Room 1', version: 2 } });

    const stale = await api.request<Problem>('PATCH', path, { token: eddie, body: { title: 'Overwrite' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const missing = await api.request<Problem>('PATCH', path, { token: eddie, body: { title: 'Overwrite' } });
    expect(missing.status).toBe(428);
    const now = await api.request<CalendarEvent>('GET', path, { token: eddie });
    expect(now.body.title).toBe(timed.title);
    expect(now.body.extendedProps.version).toBe(2);
  });

  it('accepts a whole event read from the API written back, and records who changed it', async () => {
    const event = await create(timed);
    const path = `${eventsPath(company.id)}/${event.id}`;
    const response = await api.request<CalendarEvent>('PATCH', path, { token: ada, body: { ...event, title: 'Renamed' }, headers: { 'if-match': '"1"' } });
    expect(response.status).toBe(200);
    expect(response.body.extendedProps).toMatchObject({ createdBy: { id: 'eddie' }, updatedBy: { id: 'ada', name: 'Ada Admin' } });
  });

  it('validates the merged event: a patch that puts the end before the start is refused', async () => {
    const event = await create(timed);
    const response = await api.request<Problem>('PATCH', `${eventsPath(company.id)}/${event.id}`, {
      token: eddie,
      body: { start: '2027-02-10T12:00:00+01:00' },
      headers: { 'if-match': '"1"' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((e) => e.field)).toEqual(['end']);
  });

  it('turns a timed event into an all-day one when dragged to the all-day row', async () => {
    const event = await create(timed);
    const response = await api.request<CalendarEvent>('PATCH', `${eventsPath(company.id)}/${event.id}`, {
      token: eddie,
      body: { allDay: true, start: '2027-02-12' },
      headers: { 'if-match': '"1"' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ allDay: true, start: '2027-02-12', end: '2027-02-13' });
  });

  it('moves an event to another calendar the caller may edit, and refuses one they may not', async () => {
    const event = await create(timed);
    const refused = await api.request<Problem>('PATCH', `${eventsPath(company.id)}/${event.id}`, {
      token: eddie,
      body: { extendedProps: { calendarId: holidays.id } },
      headers: { 'if-match': '"1"' },
    });
    expect(refused.status).toBe(403);
    const moved = await api.request<CalendarEvent>('PATCH', `${eventsPath(company.id)}/${event.id}`, {
      token: eddie,
      body: { extendedProps: { calendarId: engineering.id } },
      headers: { 'if-match': '"1"' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.extendedProps.calendarId).toBe(engineering.id);
    expect(moved.headers.get('content-location')).toBe(`${eventsPath(engineering.id)}/${event.id}`);
    expect((await api.request('GET', `${eventsPath(engineering.id)}/${event.id}`, { token: eddie })).status).toBe(200);
    expect((await api.request('GET', `${eventsPath(company.id)}/${event.id}`, { token: eddie })).status).toBe(404);
    const unknown = await api.request<Problem>('PATCH', `${eventsPath(engineering.id)}/${event.id}`, {
      token: eddie,
      body: { extendedProps: { calendarId: 'no-such-calendar' } },
      headers: { 'if-match': '"2"' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('extendedProps.calendarId');
  });
});

describe('DELETE /api/calendars/:id/events/:id', () => {
  it('deletes with If-Match: 428 without, 412 when stale, 204 when current, then 404', async () => {
    const event = await create(timed);
    const path = `${eventsPath(company.id)}/${event.id}`;
    expect((await api.request('DELETE', path, { token: eddie })).status).toBe(428);
    expect((await api.request('DELETE', path, { token: eddie, headers: { 'if-match': '"2"' } })).status).toBe(412);
    expect((await api.request('GET', path, { token: eddie })).status).toBe(200);
    expect((await api.request('DELETE', path, { token: eddie, headers: { 'if-match': '"1"' } })).status).toBe(204);
    expect((await api.request('GET', path, { token: eddie })).status).toBe(404);
    expect((await api.request('DELETE', path, { token: eddie, headers: { 'if-match': '"1"' } })).status).toBe(404);
  });
});

describe('roles on events', () => {
  it('refuses a reader every write with 403 and changes nothing', async () => {
    const event = await create(timed);
    const path = `${eventsPath(company.id)}/${event.id}`;
    expect((await api.request('POST', eventsPath(company.id), { token: riley, body: timed })).status).toBe(403);
    expect((await api.request('PATCH', path, { token: riley, body: { title: 'Mine' }, headers: { 'if-match': '"1"' } })).status).toBe(403);
    expect((await api.request('DELETE', path, { token: riley, headers: { 'if-match': '"1"' } })).status).toBe(403);
    const after = await api.request<CalendarEvent>('GET', path, { token: riley });
    expect(after.body).toEqual(event);
  });

  it('lets an editor write only the calendars that list them; an admin writes any', async () => {
    expect((await api.request('POST', eventsPath(holidays.id), { token: eddie, body: timed })).status).toBe(403);
    expect((await api.request('POST', eventsPath(engineering.id), { token: eddie, body: timed })).status).toBe(201);
    expect((await api.request('POST', eventsPath(holidays.id), { token: ada, body: timed })).status).toBe(201);
  });

  it('grants edit rights through a group listed as editor', async () => {
    const calendar = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Design', color: '#005B70', editors: ['group-design'] } });
    const member = await api.mintToken({ oid: 'gina', tid: '4f1d6d0a-7c4e-4a55-9d8e-0de5c0a1e001', name: 'Gina', groups: ['group-design'] });
    const outsider = await api.mintToken({ oid: 'otto', tid: '4f1d6d0a-7c4e-4a55-9d8e-0de5c0a1e001', name: 'Otto', groups: ['group-other'] });
    expect((await api.request('POST', eventsPath(calendar.body.id), { token: member, body: timed })).status).toBe(201);
    expect((await api.request('POST', eventsPath(calendar.body.id), { token: outsider, body: timed })).status).toBe(403);
  });
});

describe('GET /api/events', () => {
  it('answers FullCalendar’s feed query: the window, repeated calendarId filters and a time zone', async () => {
    const a = await create({ title: 'Filter A', start: '2027-05-03T09:00:00Z', end: '2027-05-03T10:00:00Z' }, company.id);
    const b = await create({ title: 'Filter B', start: '2027-05-04T09:00:00Z', end: '2027-05-04T10:00:00Z' }, engineering.id);
    const both = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-05-01T00:00:00&end=2027-05-08T00:00:00&timeZone=America/New_York&calendarId=${company.id}&calendarId=${engineering.id}`, { token: riley });
    expect(both.status).toBe(200);
    expect(both.body.map((e) => e.id)).toEqual([a.id, b.id]);
    const one = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-05-01&end=2027-05-08&calendarId=${engineering.id}`, { token: riley });
    expect(one.body.map((e) => e.id)).toEqual([b.id]);
    const none = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-05-01&end=2027-05-08&calendarId=unknown`, { token: riley });
    expect(none.body).toEqual([]);
  });

  it('reads bounds without an offset in the given time zone', async () => {
    // 22:30 UTC on 9 June is 8:30 on 10 June in Sydney.
    const late = await create({ title: 'Sydney morning', start: '2027-06-09T22:30:00Z', end: '2027-06-09T23:30:00Z' });
    const sydneyDay = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-06-10T00:00:00&end=2027-06-11T00:00:00&timeZone=Australia/Sydney&calendarId=${company.id}`, { token: eddie });
    expect(sydneyDay.body.map((e) => e.id)).toContain(late.id);
    const utcDay = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-06-10T00:00:00Z&end=2027-06-11T00:00:00Z&calendarId=${company.id}`, { token: eddie });
    expect(utcDay.body.map((e) => e.id)).not.toContain(late.id);
  });

  it.each([
    ['a missing start', 'end=2027-01-02', 'start'],
    ['a start that is not a date', 'start=yesterday&end=2027-01-02', 'start'],
    ['an end before the start', 'start=2027-01-02&end=2027-01-01', 'end'],
    ['an unknown time zone', 'start=2027-01-01&end=2027-01-02&timeZone=Nowhere/Land', 'timeZone'],
    ['an unknown parameter', 'start=2027-01-01&end=2027-01-02&limit=5', 'limit'],
  ])('rejects %s with 400 naming the parameter', async (_label, query, field) => {
    const response = await api.request<Problem>('GET', `/api/events?${query}`, { token: riley });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((e) => e.field)).toEqual([field]);
  });

  it(`caps the window at ${EVENT_WINDOW_MAX_DAYS} days`, async () => {
    const atCap = await api.request('GET', `/api/events?start=2027-01-01&end=${addDays('2027-01-01', EVENT_WINDOW_MAX_DAYS)}`, { token: riley });
    expect(atCap.status).toBe(200);
    const pastCap = await api.request<Problem>('GET', `/api/events?start=2027-01-01&end=${addDays('2027-01-01', EVENT_WINDOW_MAX_DAYS + 1)}`, { token: riley });
    expect(pastCap.status).toBe(400);
    expect(pastCap.body.errors?.[0]).toMatchObject({ field: 'end' });
    expect(pastCap.body.errors?.[0]?.message).toContain(String(EVENT_WINDOW_MAX_DAYS));
  });

  it(`takes at most ${EVENT_WINDOW_CALENDARS_MAX} calendar filters`, async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `calendarId=c${i}`).join('&');
    const atCap = await api.request('GET', `/api/events?start=2027-01-01&end=2027-01-02&${ids(EVENT_WINDOW_CALENDARS_MAX)}`, { token: riley });
    expect(atCap.status).toBe(200);
    const pastCap = await api.request<Problem>('GET', `/api/events?start=2027-01-01&end=2027-01-02&${ids(EVENT_WINDOW_CALENDARS_MAX + 1)}`, { token: riley });
    expect(pastCap.status).toBe(400);
    expect(pastCap.body.errors?.[0]?.field).toBe('calendarId');
  });
});
