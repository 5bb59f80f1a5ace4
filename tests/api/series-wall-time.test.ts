// A series' start as a local date-time in its zone (issue 27): the rule keeps its wall-clock time, and only a day the
// zone skips that time moves (forward by the gap); the instant form works as before. Over both stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let company: Calendar;

beforeAll(async () => {
  api = await build();
  [ada, eddie] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie')]);
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
  company = calendars.find((c) => c.name === 'Company')!;
});
afterAll(() => api.close());

const eventsPath = () => `/api/calendars/${company.id}/events`;
const NEW_YORK = { timeZone: 'America/New_York' };
/** Every day at 02:30–03:30 New York time from 14 March 2027, the day its clocks go from 02:00 to 03:00. */
const spring = { title: 'Night shift', start: '2027-03-14T02:30:00', end: '2027-03-14T03:30:00', rrule: 'FREQ=DAILY', extendedProps: NEW_YORK };

async function create(body: object): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function patch(series: CalendarEvent, body: object): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('PATCH', `${eventsPath()}/${series.id}`, {
    token: eddie,
    body,
    headers: { 'if-match': `"${series.extendedProps.version}"` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The series' occurrences from the feed, as start–end instants. */
async function occurrences(series: CalendarEvent, start: string, end: string): Promise<string[]> {
  const response = await api.request<CalendarEvent[]>('GET', `/api/events?start=${start}&end=${end}&calendarId=${series.extendedProps.calendarId}`, { token: eddie });
  expect(response.status).toBe(200);
  return response.body.filter((e) => e.extendedProps.seriesId === series.id).map((e) => `${e.start}–${e.end}`);
}

describe('a series whose start is a local date-time', () => {
  it('repeats 02:30 from a day that skips it: only that day moves, to 03:30 EDT, and every occurrence lasts an hour', async () => {
    const series = await create(spring);
    expect(series).toMatchObject({ start: '2027-03-14T07:30:00.000Z', end: '2027-03-14T08:30:00.000Z', extendedProps: { localStart: '2027-03-14T02:30:00' } });
    expect(await occurrences(series, '2027-03-13', '2027-03-17')).toEqual([
      '2027-03-14T07:30:00.000Z–2027-03-14T08:30:00.000Z',
      '2027-03-15T06:30:00.000Z–2027-03-15T07:30:00.000Z',
      '2027-03-16T06:30:00.000Z–2027-03-16T07:30:00.000Z',
    ]);
    const read = await api.request<CalendarEvent>('GET', `${eventsPath()}/${series.id}`, { token: eddie });
    expect(read.body).toEqual(series);
  });

  it('keeps the instant form as it was: an instant at 03:30 EDT repeats at 03:30', async () => {
    const series = await create({ ...spring, start: '2027-03-14T07:30:00Z', end: '2027-03-14T08:30:00Z' });
    expect(series.extendedProps).not.toHaveProperty('localStart');
    expect(await occurrences(series, '2027-03-13', '2027-03-16')).toEqual([
      '2027-03-14T07:30:00.000Z–2027-03-14T08:30:00.000Z',
      '2027-03-15T07:30:00.000Z–2027-03-15T08:30:00.000Z',
    ]);
  });

  it('takes the first of the two 01:30s on the day the clocks go back, and 01:30 EST after', async () => {
    const series = await create({ ...spring, start: '2027-11-07T01:30:00', end: '2027-11-07T02:00:00' });
    expect(series.start).toBe('2027-11-07T05:30:00.000Z');
    expect(await occurrences(series, '2027-11-06', '2027-11-09')).toEqual([
      '2027-11-07T05:30:00.000Z–2027-11-07T06:00:00.000Z',
      '2027-11-08T06:30:00.000Z–2027-11-08T07:00:00.000Z',
    ]);
  });

  it('keeps its local start through an edit of another field, and through a write-back of the instant it read', async () => {
    const series = await create({ ...spring, title: 'Kept local' });
    const renamed = await patch(series, { title: 'Kept local, renamed' });
    expect(renamed.extendedProps.localStart).toBe('2027-03-14T02:30:00');
    const writtenBack = await patch(renamed, { title: 'Written back', start: renamed.start, end: renamed.end, extendedProps: renamed.extendedProps });
    expect(writtenBack.extendedProps.localStart).toBe('2027-03-14T02:30:00');
    expect(await occurrences(writtenBack, '2027-03-15', '2027-03-16')).toEqual(['2027-03-15T06:30:00.000Z–2027-03-15T07:30:00.000Z']);
  });

  it('moves to a new local start, and a new instant start drops the local one', async () => {
    const series = await create({ ...spring, title: 'Moved' });
    const later = await patch(series, { start: '2027-03-14T02:45:00', end: '2027-03-14T03:45:00' });
    expect(later.extendedProps.localStart).toBe('2027-03-14T02:45:00');
    expect(await occurrences(later, '2027-03-15', '2027-03-16')).toEqual(['2027-03-15T06:45:00.000Z–2027-03-15T07:45:00.000Z']);
    const instant = await patch(later, { start: '2027-03-15T13:00:00Z', end: '2027-03-15T14:00:00Z' });
    expect(instant.extendedProps).not.toHaveProperty('localStart');
    expect(await occurrences(instant, '2027-03-16', '2027-03-17')).toEqual(['2027-03-16T13:00:00.000Z–2027-03-16T14:00:00.000Z']);
  });

  it('moves its skipped occurrences by the local start’s shift when "all" moves a day on (a day, not the 23 hours between the instants)', async () => {
    const series = await create({ ...spring, title: 'Moved a day', exdate: ['2027-03-16T06:30:00Z'] });
    const moved = await patch(series, { start: '2027-03-15T02:30:00', end: '2027-03-15T03:30:00' });
    expect(moved.exdate).toEqual(['2027-03-17T06:30:00.000Z']);
    expect(await occurrences(moved, '2027-03-14', '2027-03-19')).toEqual([
      '2027-03-15T06:30:00.000Z–2027-03-15T07:30:00.000Z',
      '2027-03-16T06:30:00.000Z–2027-03-16T07:30:00.000Z',
      '2027-03-18T06:30:00.000Z–2027-03-18T07:30:00.000Z',
    ]);
  });

  it('splits "this and following" at the day the zone skips 02:30 into a series that goes on at 02:30, whichever form it was made in', async () => {
    for (const start of ['2027-03-10T02:30:00', '2027-03-10T07:30:00Z']) {
      const series = await create({ ...spring, title: `Split ${start}`, start, end: null });
      const path = `${eventsPath()}/${series.id}/occurrences/2027-03-14T07:30:00.000Z?scope=following`;
      const response = await api.request<CalendarEvent>('PATCH', path, {
        token: eddie,
        body: { title: 'From the 14th', start: '2027-03-14T07:30:00.000Z', end: '2027-03-14T08:30:00.000Z' },
        headers: { 'if-match': `"${series.extendedProps.version}"` },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.extendedProps.localStart).toBe('2027-03-14T02:30:00');
      expect(await occurrences(response.body, '2027-03-14', '2027-03-16')).toEqual([
        '2027-03-14T07:30:00.000Z–2027-03-14T08:30:00.000Z',
        '2027-03-15T06:30:00.000Z–2027-03-15T07:30:00.000Z',
      ]);
      expect(await occurrences(series, '2027-03-12', '2027-03-16')).toEqual([
        '2027-03-12T07:30:00.000Z–2027-03-12T08:30:00.000Z',
        '2027-03-13T07:30:00.000Z–2027-03-13T08:30:00.000Z',
      ]);
    }
  });

  it('keeps its local start when one occurrence is changed on its own', async () => {
    const series = await create({ ...spring, title: 'Override' });
    const path = `${eventsPath()}/${series.id}/occurrences/2027-03-16T06:30:00.000Z?scope=this`;
    const response = await api.request<{ series: CalendarEvent }>('PATCH', path, {
      token: eddie,
      body: { title: 'Override, once' },
      headers: { 'if-match': `"${series.extendedProps.version}"` },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await occurrences(series, '2027-03-14', '2027-03-16')).toEqual([
      '2027-03-14T07:30:00.000Z–2027-03-14T08:30:00.000Z',
      '2027-03-15T06:30:00.000Z–2027-03-15T07:30:00.000Z',
    ]);
  });

  it('reads a single event’s local start and end each in its zone, and keeps no local start for it', async () => {
    const single = await create({ ...spring, title: 'Single', rrule: null, start: '2027-03-14T01:00:00', end: '2027-03-14T04:00:00' });
    expect(single).toMatchObject({ start: '2027-03-14T06:00:00.000Z', end: '2027-03-14T08:00:00.000Z' });
    expect(single.extendedProps).not.toHaveProperty('localStart');
  });

  it('refuses a local date-time without a zone, or one that is no real time, with a 400 naming the field', async () => {
    const noZone = await api.request<Problem>('POST', eventsPath(), { token: eddie, body: { ...spring, extendedProps: {} } });
    expect(noZone.status).toBe(400);
    expect(noZone.body.errors).toContainEqual({ field: 'extendedProps.timeZone', message: expect.stringMatching(/without an offset/) });
    const noTime = await api.request<Problem>('POST', eventsPath(), { token: eddie, body: { ...spring, start: '2027-03-14T24:30:00' } });
    expect(noTime.status).toBe(400);
    expect(noTime.body.errors).toContainEqual({ field: 'start', message: expect.stringMatching(/local date-time/) });
  });
});

/** What Outlook or Google write for "every day 02:30–03:30 New York time from 14 March 2027". */
const NIGHT_SHIFT_ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//Wall time//EN',
  'BEGIN:VEVENT',
  'UID:night-shift@example.com',
  'DTSTAMP:20270101T000000Z',
  'DTSTART;TZID=America/New_York:20270314T023000',
  'DTEND;TZID=America/New_York:20270314T033000',
  'RRULE:FREQ=DAILY',
  'SUMMARY:Night shift',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('iCalendar files and a local start', () => {
  it('imports DTSTART;TZID=America/New_York:20270314T023000 daily at 02:30 with only the skipped day at 03:30, and exports 02:30 back', async () => {
    const created = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Night shifts', color: '#005B70', editors: ['eddie'] } });
    expect(created.status).toBe(201);
    const imported = await fetch(`${api.url}/api/calendars/${created.body.id}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eddie}`, 'content-type': 'text/calendar' },
      body: NIGHT_SHIFT_ICS,
    });
    expect(await imported.json()).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: [] });
    const feed = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-03-13&end=2027-03-16&calendarId=${created.body.id}`, { token: eddie });
    expect(feed.body.map((e) => `${e.start}–${e.end}`)).toEqual([
      '2027-03-14T07:30:00.000Z–2027-03-14T08:30:00.000Z',
      '2027-03-15T06:30:00.000Z–2027-03-15T07:30:00.000Z',
    ]);

    const seriesId = feed.body[0]!.extendedProps.seriesId!;
    const ics = await fetch(`${api.url}/api/calendars/${created.body.id}/events/${seriesId}/event.ics`, { headers: { authorization: `Bearer ${eddie}` } });
    expect(ics.status).toBe(200);
    const text = await ics.text();
    expect(text).toContain('DTSTART;TZID=America/New_York:20270314T023000\r\n');
    expect(text).toContain('DURATION:PT1H\r\n');
  });

  it('exports a series the form made at 09:00 local with DTSTART and DTEND in its zone, as before', async () => {
    const series = await create({ ...spring, title: 'Day shift', start: '2027-03-15T09:00:00', end: '2027-03-15T10:00:00' });
    const ics = await fetch(`${api.url}/api/calendars/${company.id}/events/${series.id}/event.ics`, { headers: { authorization: `Bearer ${eddie}` } });
    const text = await ics.text();
    expect(text).toContain('DTSTART;TZID=America/New_York:20270315T090000\r\n');
    expect(text).toContain('DTEND;TZID=America/New_York:20270315T100000\r\n');
  });
});
