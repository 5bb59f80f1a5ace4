import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { FEED_EVENTS_MAX, RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX } from '../../src/shared/limits.ts';
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

const eventsPath = (calendarId: string) => `/api/calendars/${calendarId}/events`;
/** Tuesdays and Thursdays 09:00–10:00 in New York, from Tuesday 4 March 2031 (before DST starts on 9 March). */
const standUp = {
  title: 'Stand-up',
  start: '2031-03-04T09:00:00-05:00',
  end: '2031-03-04T10:00:00-05:00',
  rrule: 'FREQ=WEEKLY;BYDAY=TU,TH',
  extendedProps: { timeZone: 'America/New_York', location: 'Room 2' },
};

async function create(body: object, calendarId = company.id) {
  const response = await api.request<CalendarEvent>('POST', eventsPath(calendarId), { token: eddie, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function feed(start: string, end: string, more = '') {
  const response = await api.request<CalendarEvent[]>('GET', `/api/events?start=${start}&end=${end}${more}`, { token: eddie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const ofSeries = (events: CalendarEvent[], series: CalendarEvent) => events.filter((e) => e.extendedProps.seriesId === series.id);

describe('creating a series', () => {
  it('stores the rule in canonical form with its exdates, and reads back as a series', async () => {
    const series = await create({ ...standUp, rrule: 'rrule:byday=th,tu;freq=weekly;interval=1', exdate: ['2031-03-06T09:00:00-05:00'] });
    expect(series).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU,TH', exdate: ['2031-03-06T14:00:00.000Z'], start: '2031-03-04T14:00:00.000Z' });
    const read = await api.request<CalendarEvent>('GET', `${eventsPath(company.id)}/${series.id}`, { token: eddie });
    expect(read.body).toEqual(series);
    expect(read.headers.get('etag')).toBe('"1"');
  });

  const refused: [string, object, string, RegExp][] = [
    ['a sub-daily FREQ', { rrule: 'FREQ=HOURLY' }, 'rrule', /HOURLY is not supported/],
    ['an INTERVAL over the limit', { rrule: `FREQ=DAILY;INTERVAL=${RECURRENCE_INTERVAL_MAX + 1}` }, 'rrule', /INTERVAL/],
    ['a COUNT over the limit', { rrule: `FREQ=DAILY;COUNT=${RECURRENCE_COUNT_MAX + 1}` }, 'rrule', /COUNT/],
    ['UNTIL before the start', { rrule: 'FREQ=DAILY;UNTIL=20310301T000000Z' }, 'rrule', /before the series starts/],
    ['a BY part the FREQ does not take', { rrule: 'FREQ=WEEKLY;BYWEEKNO=3' }, 'rrule', /BYWEEKNO works only with FREQ=YEARLY/],
    ['a rule with no occurrence', { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'rrule', /no occurrence/],
    ['a rule its parts say never occurs', { rrule: 'FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31' }, 'rrule', /^This rule never occurs: April has no day 31/],
    ['an unknown part, by name', { rrule: 'FREQ=DAILY;COLOUR=RED' }, 'rrule', /Unknown part COLOUR/],
    ['a date UNTIL on a timed series', { rrule: 'FREQ=DAILY;UNTIL=20310401' }, 'rrule', /UTC date-time/],
    ['a timed series without its zone', { extendedProps: { location: 'Room 2' } }, 'extendedProps.timeZone', /time zone/],
    ['a date exdate on a timed series', { exdate: ['2031-03-06'] }, 'exdate', /date-times/],
    ['an exdate on a single event', { rrule: null, exdate: ['2031-03-06T14:00:00Z'] }, 'exdate', /Only a series/],
    ['an extra date on a single event', { rrule: null, rdate: ['2031-03-06T14:00:00Z'] }, 'rdate', /Only a series/],
    ['an extra date before the start', { rdate: ['2031-03-01T14:00:00Z'] }, 'rdate', /before the series’ start/],
    ['a date as an extra date of a timed series', { rdate: ['2031-03-07'] }, 'rdate', /date-times/],
  ];
  it.each(refused)('refuses %s with a 400 naming the field, and stores nothing', async (_name, change, field, message) => {
    const title = `Refused ${field} ${String(message)}`;
    const response = await api.request<Problem>('POST', eventsPath(company.id), { token: eddie, body: { ...standUp, title, ...change } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors).toContainEqual({ field, message: expect.stringMatching(message) });
    expect((await feed('2031-03-01', '2031-04-01')).some((e) => e.title === title)).toBe(false);
  });
});

describe('a series’ start and extra dates (RDATE)', () => {
  it('shows a start the rule does not give as the first occurrence, counted in COUNT, and extra dates beside the rule’s', async () => {
    // Monday 3 March 2031, repeating on Tuesdays three times in all: the Monday and two Tuesdays; plus a Saturday.
    const series = await create({ ...standUp, title: 'Off its rule', start: '2031-03-03T09:00:00-05:00', end: '2031-03-03T10:00:00-05:00', rrule: 'FREQ=WEEKLY;COUNT=3;BYDAY=TU', rdate: ['2031-03-22T09:00:00-04:00'] });
    expect(series).toMatchObject({ start: '2031-03-03T14:00:00.000Z', rdate: ['2031-03-22T13:00:00.000Z'] });
    const occurrences = ofSeries(await feed('2031-03-01', '2031-04-01'), series);
    expect(occurrences.map((e) => e.start)).toEqual(['2031-03-03T14:00:00.000Z', '2031-03-04T14:00:00.000Z', '2031-03-11T13:00:00.000Z', '2031-03-22T13:00:00.000Z']);
    const read = await api.request<CalendarEvent>('GET', `${eventsPath(company.id)}/${series.id}/occurrences/2031-03-22T13:00:00.000Z`, { token: eddie });
    expect(read.status).toBe(200);
  });
});

describe('the feed expands series on the server', () => {
  it('gives each occurrence as an ordinary event with a stable id, the series as groupId, and no rrule; exdates are left out', async () => {
    const series = await create({ ...standUp, title: 'Expanded', exdate: ['2031-03-11T13:00:00Z'] });
    const occurrences = ofSeries(await feed('2031-03-03', '2031-03-17'), series);
    expect(occurrences.map((e) => e.start)).toEqual(['2031-03-04T14:00:00.000Z', '2031-03-06T14:00:00.000Z', '2031-03-13T13:00:00.000Z']);
    for (const occurrence of occurrences) {
      expect(occurrence).not.toHaveProperty('rrule');
      expect(occurrence).not.toHaveProperty('exdate');
      expect(occurrence).toMatchObject({ id: `${series.id}:${occurrence.start}`, groupId: series.id, title: 'Expanded', allDay: false });
      expect(occurrence.extendedProps).toMatchObject({ seriesId: series.id, recurrenceId: occurrence.start, location: 'Room 2', calendarId: company.id });
      expect(Date.parse(occurrence.end) - Date.parse(occurrence.start)).toBe(3_600_000);
    }
    const again = ofSeries(await feed('2031-03-03', '2031-03-17'), series);
    expect(again.map((e) => e.id)).toEqual(occurrences.map((e) => e.id));
  });

  it('keeps a 09:00 America/New_York series at 09:00 local across both DST changes, whatever zone the window is asked in', async () => {
    const series = await create({ ...standUp, title: 'Across DST', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    const local = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));
    const spring = ofSeries(await feed('2031-03-01', '2031-03-20', '&timeZone=Asia/Tokyo'), series);
    expect(spring.map((e) => e.start)).toEqual(['2031-03-04T14:00:00.000Z', '2031-03-11T13:00:00.000Z', '2031-03-18T13:00:00.000Z']);
    const autumn = ofSeries(await feed('2031-10-26', '2031-11-13', '&timeZone=Pacific/Auckland'), series);
    expect(autumn.map((e) => e.start)).toEqual(['2031-10-28T13:00:00.000Z', '2031-11-04T14:00:00.000Z', '2031-11-11T14:00:00.000Z']);
    expect([...spring, ...autumn].map((e) => local(e.start))).toEqual(Array(6).fill('09:00'));
  });

  it('expands an all-day series as floating dates', async () => {
    const series = await create({ title: 'Payday', start: '2031-01-31', rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1' });
    const occurrences = ofSeries(await feed('2031-01-15', '2031-05-15', '&timeZone=America/Los_Angeles'), series);
    expect(occurrences.map((e) => [e.start, e.end, e.allDay])).toEqual([
      ['2031-01-31', '2031-02-01', true], ['2031-02-28', '2031-03-01', true], ['2031-03-31', '2031-04-01', true], ['2031-04-30', '2031-05-01', true],
    ]);
  });

  it('does not expand a series that ends before the window or starts after it', async () => {
    const ended = await create({ ...standUp, title: 'Ended', rrule: 'FREQ=DAILY;UNTIL=20310310T235959Z' });
    const later = await create({ ...standUp, title: 'Later', start: '2031-09-02T09:00:00-04:00', end: '2031-09-02T10:00:00-04:00', rrule: 'FREQ=DAILY' });
    const window = await feed('2031-06-01', '2031-07-01');
    expect(ofSeries(window, ended)).toEqual([]);
    expect(ofSeries(window, later)).toEqual([]);
    expect(ofSeries(await feed('2031-03-09', '2031-03-12'), ended).length).toBe(2);
    expect(ofSeries(await feed('2031-09-01', '2031-09-04'), later).length).toBe(2);
  });

  it(`answers 422 when a window’s occurrences alone are more than ${FEED_EVENTS_MAX} events`, async () => {
    const calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Busy', color: '#123456', editors: ['eddie'] } })).body;
    const perSeries = 400;
    const needed = Math.floor(FEED_EVENTS_MAX / perSeries) + 1;
    for (let i = 0; i < needed; i++) {
      await create({ title: `Daily ${i}`, start: '2040-01-01', rrule: `FREQ=DAILY;COUNT=${perSeries}` }, calendar.id);
    }
    const path = `/api/events?start=2040-01-01&end=2041-02-01&calendarId=${calendar.id}`;
    const over = await api.request<Problem>('GET', path, { token: eddie });
    expect(over.status).toBe(422);
    expect(over.body.limit).toBe(FEED_EVENTS_MAX);
    const under = await api.request<CalendarEvent[]>('GET', `/api/events?start=2040-01-01&end=2040-01-31&calendarId=${calendar.id}`, { token: eddie });
    expect(under.body.length).toBe(needed * 30);
  });
});

describe('series and occurrence routes', () => {
  const seriesPath = (series: CalendarEvent, calendarId = company.id) => `${eventsPath(calendarId)}/${series.id}`;
  const occurrencePath = (series: CalendarEvent, recurrenceId: string, scope = '') =>
    `${seriesPath(series)}/occurrences/${recurrenceId}${scope && `?scope=${scope}`}`;
  const write = <T = CalendarEvent>(method: string, path: string, body: object | undefined, etag: string | null) =>
    api.request<T>(method, path, { token: eddie, ...(body ? { body } : {}), headers: etag === null ? {} : { 'if-match': etag } });
  const starts = async (series: CalendarEvent, start = '2031-03-01', end = '2031-05-01') => ofSeries(await feed(start, end), series).map((e) => e.start);
  /** Tuesdays at 09:00 New York from 4 March 2031: 14:00Z before 9 March, 13:00Z after. */
  const tuesdays = (title: string, rrule = 'FREQ=WEEKLY;BYDAY=TU;COUNT=6') => create({ ...standUp, title, rrule });

  it('reads one occurrence with the series’ ETag, and 404s for a time the series has none, a skipped one, or a single event', async () => {
    const series = await create({ ...standUp, title: 'Readable', exdate: ['2031-03-06T14:00:00Z'] });
    const read = await api.request<CalendarEvent>('GET', occurrencePath(series, '2031-03-11T13:00:00Z'), { token: eddie });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body).toMatchObject({ id: `${series.id}:2031-03-11T13:00:00.000Z`, start: '2031-03-11T13:00:00.000Z', groupId: series.id, extendedProps: { recurrenceId: '2031-03-11T13:00:00.000Z' } });
    for (const recurrenceId of ['2031-03-12T13:00:00Z', '2031-03-06T14:00:00Z', 'yesterday']) {
      expect((await api.request('GET', occurrencePath(series, recurrenceId), { token: eddie })).status).toBe(404);
    }
    const deepLink = await api.request<CalendarEvent>('GET', `/api/events/${read.body.id}`, { token: eddie });
    expect(deepLink.body).toEqual(read.body);
    expect(deepLink.headers.get('etag')).toBe('"1"');
    expect(deepLink.headers.get('content-location')).toBe(`${seriesPath(series)}/occurrences/${encodeURIComponent('2031-03-11T13:00:00.000Z')}`);
    expect((await api.request('GET', `/api/events/${series.id}:2031-03-06T14:00:00.000Z`, { token: eddie })).status).toBe(404);
    const single = await create({ title: 'Once', start: '2031-03-04T09:00:00Z' });
    expect((await api.request('GET', occurrencePath(single, '2031-03-04T09:00:00Z'), { token: eddie })).status).toBe(404);
  });

  it('changes one occurrence ("this"), needing the series’ ETag: 428 without, 412 when stale; the others stay as they were', async () => {
    const series = await tuesdays('This only');
    const moved = { title: 'Moved one', start: '2031-03-12T15:00:00Z', end: '2031-03-12T16:00:00Z' };
    expect((await write('PATCH', occurrencePath(series, '2031-03-11T13:00:00Z', 'this'), moved, null)).status).toBe(428);
    expect((await write('PATCH', occurrencePath(series, '2031-03-11T13:00:00Z', 'this'), moved, '"7"')).status).toBe(412);
    const changed = await write('PATCH', occurrencePath(series, '2031-03-11T13:00:00Z', 'this'), moved, '"1"');
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe('"2"');
    expect(changed.body).toMatchObject({ title: 'Moved one', start: '2031-03-12T15:00:00.000Z', end: '2031-03-12T16:00:00.000Z', extendedProps: { recurrenceId: '2031-03-11T13:00:00.000Z', seriesId: series.id } });
    const occurrences = ofSeries(await feed('2031-03-01', '2031-05-01'), series);
    expect(occurrences.map((e) => [e.start, e.title])).toEqual([
      ['2031-03-04T14:00:00.000Z', 'This only'], ['2031-03-12T15:00:00.000Z', 'Moved one'], ['2031-03-18T13:00:00.000Z', 'This only'],
      ['2031-03-25T13:00:00.000Z', 'This only'], ['2031-04-01T13:00:00.000Z', 'This only'], ['2031-04-08T13:00:00.000Z', 'This only'],
    ]);
    const master = await api.request<CalendarEvent>('GET', seriesPath(series), { token: eddie });
    expect(master.body.extendedProps.overrides).toEqual({ '2031-03-11T13:00:00.000Z': { title: 'Moved one', start: '2031-03-12T15:00:00.000Z', end: '2031-03-12T16:00:00.000Z', allDay: false } });
    const refused = await write<Problem>('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), { rrule: 'FREQ=DAILY' }, '"2"');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field: 'rrule', message: expect.stringContaining('belongs to the series') });
    const noScope = await write<Problem>('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z'), { title: 'x' }, '"2"');
    expect(noScope.status).toBe(400);
    expect(noScope.body.errors).toContainEqual({ field: 'scope', message: expect.stringContaining('required') });
    const badScope = await write<Problem>('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'all'), { title: 'x' }, '"2"');
    expect(badScope.body.errors).toContainEqual({ field: 'scope', message: expect.stringContaining('scope=this') });
    expect(ofSeries(await feed('2031-03-01', '2031-05-01'), series).some((e) => e.title === 'x')).toBe(false);
  });

  it('deletes one occurrence ("this") as an exdate, dropping its override', async () => {
    const series = await tuesdays('Skip one');
    await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), { title: 'Soon gone' }, '"1"');
    const deleted = await write('DELETE', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), undefined, '"2"');
    expect(deleted.status).toBe(204);
    expect(await starts(series)).not.toContain('2031-03-18T13:00:00.000Z');
    expect(await starts(series)).toHaveLength(5);
    const master = (await api.request<CalendarEvent>('GET', seriesPath(series), { token: eddie })).body;
    expect(master).toMatchObject({ exdate: ['2031-03-18T13:00:00.000Z'], extendedProps: { version: 3 } });
    expect(master.extendedProps.overrides).toBeUndefined();
  });

  it('splits a COUNT series at "this and following": the count is kept across both, later exdates and overrides go to the new series', async () => {
    const series = await tuesdays('Split count');
    await write('PATCH', occurrencePath(series, '2031-04-01T13:00:00Z', 'this'), { title: 'Changed later' }, '"1"');
    await write('DELETE', occurrencePath(series, '2031-03-25T13:00:00Z', 'this'), undefined, '"2"');
    const split = await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'following'), { title: 'Renamed from here', start: '2031-03-18T14:00:00Z', end: '2031-03-18T15:00:00Z' }, '"3"');
    expect(split.status).toBe(200);
    const fresh = split.body;
    expect(split.headers.get('location')).toBe(seriesPath(fresh));
    expect(fresh).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=4;BYDAY=TU', exdate: ['2031-03-25T14:00:00.000Z'], start: '2031-03-18T14:00:00.000Z' });
    expect(fresh.extendedProps.overrides).toEqual({ '2031-04-01T14:00:00.000Z': { title: 'Changed later' } });
    const old = (await api.request<CalendarEvent>('GET', seriesPath(series), { token: eddie })).body;
    expect(old).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=2;BYDAY=TU', extendedProps: { version: 4 } });
    expect(old.exdate).toBeUndefined();
    expect(await starts(series)).toEqual(['2031-03-04T14:00:00.000Z', '2031-03-11T13:00:00.000Z']);
    const later = ofSeries(await feed('2031-03-01', '2031-05-01'), fresh);
    expect(later.map((e) => [e.start, e.title])).toEqual([
      ['2031-03-18T14:00:00.000Z', 'Renamed from here'], ['2031-04-01T14:00:00.000Z', 'Changed later'], ['2031-04-08T14:00:00.000Z', 'Renamed from here'],
    ]);
  });

  it('splits an UNTIL series, and deletes "this and following" by ending the series before the occurrence', async () => {
    const series = await tuesdays('Split until', 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310409T000000Z');
    const split = await write('PATCH', occurrencePath(series, '2031-03-25T13:00:00Z', 'following'), { extendedProps: { location: 'Room 9' } }, '"1"');
    expect(split.body).toMatchObject({ rrule: 'FREQ=WEEKLY;UNTIL=20310409T000000Z;BYDAY=TU', extendedProps: { location: 'Room 9' } });
    expect(await starts(series)).toEqual(['2031-03-04T14:00:00.000Z', '2031-03-11T13:00:00.000Z', '2031-03-18T13:00:00.000Z']);
    expect(await starts(split.body)).toEqual(['2031-03-25T13:00:00.000Z', '2031-04-01T13:00:00.000Z', '2031-04-08T13:00:00.000Z']);
    expect((await write('DELETE', occurrencePath(series, '2031-03-11T13:00:00Z', 'following'), undefined, '"2"')).status).toBe(204);
    expect(await starts(series)).toEqual(['2031-03-04T14:00:00.000Z']);
    expect((await write('DELETE', occurrencePath(series, '2031-03-04T14:00:00Z', 'following'), undefined, '"3"')).status).toBe(204);
    expect((await api.request('GET', seriesPath(series), { token: eddie })).status).toBe(404);
  });

  it('moves every occurrence when "all" moves the start, keeping overrides and exdates on their occurrences', async () => {
    const series = await tuesdays('Moved all');
    await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), { title: 'Special' }, '"1"');
    await write('DELETE', occurrencePath(series, '2031-03-25T13:00:00Z', 'this'), undefined, '"2"');
    const moved = await write('PATCH', seriesPath(series), { start: '2031-03-04T10:00:00-05:00', end: '2031-03-04T11:00:00-05:00' }, '"3"');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ exdate: ['2031-03-25T14:00:00.000Z'], extendedProps: { overrides: { '2031-03-18T14:00:00.000Z': { title: 'Special' } } } });
    const occurrences = ofSeries(await feed('2031-03-01', '2031-05-01'), series);
    expect(occurrences.map((e) => [e.start, e.title])).toEqual([
      ['2031-03-04T15:00:00.000Z', 'Moved all'], ['2031-03-11T14:00:00.000Z', 'Moved all'], ['2031-03-18T14:00:00.000Z', 'Special'],
      ['2031-04-01T14:00:00.000Z', 'Moved all'], ['2031-04-08T14:00:00.000Z', 'Moved all'],
    ]);
    expect((await write('PATCH', seriesPath(series), { title: 'Stale' }, '"3"')).status).toBe(412);
  });

  it('moves the rule’s weekday with the start when "all" moves to another day, with its overrides and exdates', async () => {
    const series = await tuesdays('Moved to Wednesdays');
    await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), { title: 'Special' }, '"1"');
    await write('DELETE', occurrencePath(series, '2031-03-25T13:00:00Z', 'this'), undefined, '"2"');
    const moved = await write('PATCH', seriesPath(series), { start: '2031-03-05T09:00:00-05:00', end: '2031-03-05T10:00:00-05:00' }, '"3"');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({
      rrule: 'FREQ=WEEKLY;COUNT=6;BYDAY=WE',
      exdate: ['2031-03-26T13:00:00.000Z'],
      extendedProps: { overrides: { '2031-03-19T13:00:00.000Z': { title: 'Special' } } },
    });
    const occurrences = ofSeries(await feed('2031-03-01', '2031-05-01'), series);
    expect(occurrences.map((e) => [e.start, e.title])).toEqual([
      ['2031-03-05T14:00:00.000Z', 'Moved to Wednesdays'], ['2031-03-12T13:00:00.000Z', 'Moved to Wednesdays'], ['2031-03-19T13:00:00.000Z', 'Special'],
      ['2031-04-02T13:00:00.000Z', 'Moved to Wednesdays'], ['2031-04-09T13:00:00.000Z', 'Moved to Wednesdays'],
    ]);
  });

  it('refuses with a 400 a move of all or following events that the rule cannot follow, and changes nothing', async () => {
    // The last workday of the month, from Monday 31 March 2031; moving it to Tuesday 1 April is no last workday.
    const series = await create({
      ...standUp, title: 'Last workday', start: '2031-03-31T09:00:00-04:00', end: '2031-03-31T10:00:00-04:00', rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3',
    });
    const before = await starts(series, '2031-03-01', '2031-07-01');
    expect(before).toEqual(['2031-03-31T13:00:00.000Z', '2031-04-30T13:00:00.000Z', '2031-05-30T13:00:00.000Z']);
    const all = await write<Problem>('PATCH', seriesPath(series), { start: '2031-04-01T09:00:00-04:00', end: '2031-04-01T10:00:00-04:00' }, '"1"');
    const following = await write<Problem>('PATCH', occurrencePath(series, '2031-04-30T13:00:00Z', 'following'), { start: '2031-05-01T09:00:00-04:00', end: '2031-05-01T10:00:00-04:00' }, '"1"');
    for (const refused of [all, following]) {
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ field: 'rrule', message: expect.stringMatching(/cannot move to the new start/) });
    }
    expect(await starts(series, '2031-03-01', '2031-07-01')).toEqual(before);
    expect((await api.request('GET', seriesPath(series), { token: eddie })).headers.get('etag')).toBe('"1"');
  });

  it('makes a timed series all-day, dropping the skipped and changed occurrences it no longer has', async () => {
    const series = await tuesdays('Becomes all-day');
    await write('PATCH', occurrencePath(series, '2031-03-11T13:00:00Z', 'this'), { title: 'Changed' }, '"1"');
    await write('DELETE', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), undefined, '"2"');
    const allDay = await write('PATCH', seriesPath(series), { allDay: true, start: '2031-03-04' }, '"3"');
    expect(allDay.status).toBe(200);
    expect(allDay.body).toMatchObject({ allDay: true, start: '2031-03-04', end: '2031-03-05' });
    expect(allDay.body.exdate).toBeUndefined();
    expect(allDay.body.extendedProps.overrides).toBeUndefined();
    expect(await starts(allDay.body)).toEqual(['2031-03-04', '2031-03-11', '2031-03-18', '2031-03-25', '2031-04-01', '2031-04-08']);
  });

  it('moves a series to another calendar with its overrides', async () => {
    const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
    const engineering = calendars.find((c) => c.name === 'Engineering')!;
    const series = await tuesdays('Travelling');
    await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', 'this'), { title: 'Travelling, changed' }, '"1"');
    const moved = await write('PATCH', seriesPath(series), { extendedProps: { calendarId: engineering.id } }, '"2"');
    expect(moved.status).toBe(200);
    expect(moved.body.extendedProps).toMatchObject({ calendarId: engineering.id, overrides: { '2031-03-18T13:00:00.000Z': { title: 'Travelling, changed' } } });
    const occurrences = ofSeries(await feed('2031-03-01', '2031-05-01', `&calendarId=${engineering.id}`), series);
    expect(occurrences.map((e) => e.title)).toEqual(['Travelling', 'Travelling', 'Travelling, changed', 'Travelling', 'Travelling', 'Travelling']);
    expect(occurrences.every((e) => e.extendedProps.calendarId === engineering.id)).toBe(true);
  });
});

describe('"this and following" with a new pattern, and Undo of occurrence deletes (issue 28)', () => {
  const seriesPath = (series: CalendarEvent) => `${eventsPath(company.id)}/${series.id}`;
  const occurrencePath = (series: CalendarEvent, recurrenceId: string, tail = '') => `${seriesPath(series)}/occurrences/${recurrenceId}${tail}`;
  const write = <T = CalendarEvent>(method: string, path: string, body: object | undefined, etag: string | null) =>
    api.request<T>(method, path, { token: eddie, ...(body ? { body } : {}), headers: etag === null ? {} : { 'if-match': etag } });
  const read = async (series: CalendarEvent) => api.request<CalendarEvent>('GET', seriesPath(series), { token: eddie });
  /** Each occurrence of the series' title in the feed, any series': start and title. */
  const shown = async (title: string) =>
    (await feed('2031-03-01', '2031-06-01')).filter((e) => e.title.startsWith(title)).map((e) => [e.start, e.title, e.extendedProps.seriesId]);

  it('splits a weekly series into every two weeks from an occurrence, keeping the earlier weeks and the later changes', async () => {
    const series = await create({ ...standUp, title: 'Fortnightly from here', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    await write('PATCH', occurrencePath(series, '2031-04-01T13:00:00Z', '?scope=this'), { title: 'Fortnightly from here, changed' }, '"1"');
    const split = await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', '?scope=following'), { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' }, '"2"');
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body).toMatchObject({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', start: '2031-03-18T13:00:00.000Z' });
    expect(split.body.extendedProps.overrides).toEqual({ '2031-04-01T13:00:00.000Z': { title: 'Fortnightly from here, changed' } });
    expect((await read(series)).body).toMatchObject({ rrule: 'FREQ=WEEKLY;UNTIL=20310318T125959Z;BYDAY=TU', extendedProps: { version: 3 } });
    expect((await shown('Fortnightly from here')).map(([start, title]) => [start, title])).toEqual([
      ['2031-03-04T14:00:00.000Z', 'Fortnightly from here'], ['2031-03-11T13:00:00.000Z', 'Fortnightly from here'],
      ['2031-03-18T13:00:00.000Z', 'Fortnightly from here'], ['2031-04-01T13:00:00.000Z', 'Fortnightly from here, changed'],
      ['2031-04-15T13:00:00.000Z', 'Fortnightly from here'], ['2031-04-29T13:00:00.000Z', 'Fortnightly from here'],
      ['2031-05-13T13:00:00.000Z', 'Fortnightly from here'], ['2031-05-27T13:00:00.000Z', 'Fortnightly from here'],
    ]);
    const history = await api.request<{ entries: { changes: { field: string; old: unknown; new: unknown }[]; scope: string }[] }>(
      'GET', `${seriesPath(split.body)}/history`, { token: eddie },
    );
    expect(history.body.entries[0]).toMatchObject({ scope: 'following' });
  });

  it('refuses a bad rule for "this and following" with a 400 on rrule, and a stale one with 412: nothing changes, no series is added', async () => {
    const series = await create({ ...standUp, title: 'Refused pattern', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6' });
    const before = await shown('Refused pattern');
    const at = occurrencePath(series, '2031-03-18T13:00:00Z', '?scope=following');
    for (const [rrule, message] of [
      ['FREQ=HOURLY', /HOURLY is not supported/],
      ['FREQ=WEEKLY;UNTIL=20310301T000000Z', /before the series starts/],
      ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /no occurrence/],
      [`FREQ=DAILY;INTERVAL=${RECURRENCE_INTERVAL_MAX + 1}`, /INTERVAL/],
    ] as const) {
      const refused = await write<Problem>('PATCH', at, { rrule }, '"1"');
      expect(refused.status, rrule).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body.errors).toContainEqual({ field: 'rrule', message: expect.stringMatching(message) });
    }
    const stale = await write<Problem>('PATCH', at, { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' }, '"7"');
    expect(stale.status).toBe(412);
    expect(await shown('Refused pattern')).toEqual(before);
    expect((await read(series)).headers.get('etag')).toBe('"1"');
  });

  it('makes the occurrence a single event from there when the new rule is none', async () => {
    const series = await create({ ...standUp, title: 'Ends here', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', exdate: ['2031-03-25T13:00:00Z'] });
    const single = await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', '?scope=following'), { rrule: '' }, '"1"');
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body.rrule).toBeUndefined();
    expect(single.body.exdate).toBeUndefined();
    expect((await shown('Ends here')).map(([start]) => start)).toEqual(['2031-03-04T14:00:00.000Z', '2031-03-11T13:00:00.000Z', '2031-03-18T13:00:00.000Z']);
  });

  it('tells what "this and following" would start from an occurrence: the rest of a COUNT, the later changes; 404 for none', async () => {
    const series = await create({ ...standUp, title: 'Previewed', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6' });
    await write('PATCH', occurrencePath(series, '2031-04-01T13:00:00Z', '?scope=this'), { title: 'Previewed, changed' }, '"1"');
    const following = await api.request<CalendarEvent>('GET', occurrencePath(series, '2031-03-18T13:00:00Z', '/following'), { token: ada });
    expect(following.status).toBe(200);
    expect(following.headers.get('etag')).toBe('"2"');
    expect(following.body).toMatchObject({ id: series.id, rrule: 'FREQ=WEEKLY;COUNT=4;BYDAY=TU', start: '2031-03-18T13:00:00.000Z', end: '2031-03-18T14:00:00.000Z' });
    expect(following.body.extendedProps.overrides).toEqual({ '2031-04-01T13:00:00.000Z': { title: 'Previewed, changed' } });
    expect((await api.request('GET', occurrencePath(series, '2031-03-19T13:00:00Z', '/following'), { token: ada })).status).toBe(404);
    expect((await read(series)).headers.get('etag')).toBe('"2"');
  });

  it('undoes deleting one occurrence: its skipped date goes and its own changes come back, over the version the delete made', async () => {
    const series = await create({ ...standUp, title: 'Undo one', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6' });
    await write('PATCH', occurrencePath(series, '2031-03-18T13:00:00Z', '?scope=this'), { title: 'Undo one, changed' }, '"1"');
    const before = await shown('Undo one');
    expect((await write('DELETE', occurrencePath(series, '2031-03-18T13:00:00Z', '?scope=this'), undefined, '"2"')).status).toBe(204);
    const restore = occurrencePath(series, '2031-03-18T13:00:00Z', '/restore?scope=this');
    expect((await write('POST', restore, undefined, null)).status).toBe(428);
    const undone = await write('POST', restore, undefined, '"3"');
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.headers.get('etag')).toBe('"4"');
    expect(undone.body.exdate).toBeUndefined();
    expect(undone.body.extendedProps.overrides).toEqual({ '2031-03-18T13:00:00.000Z': { title: 'Undo one, changed' } });
    expect(await shown('Undo one')).toEqual(before);
    // Undone once, it is no longer the series' last change: nothing more to undo.
    const again = await write<Problem>('POST', restore, undefined, '"4"');
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/not the delete of this occurrence/);
  });

  it('refuses an Undo after someone changed the series since the delete (412), and changes nothing', async () => {
    const series = await create({ ...standUp, title: 'Undo stale', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6' });
    expect((await write('DELETE', occurrencePath(series, '2031-03-18T13:00:00Z', '?scope=this'), undefined, '"1"')).status).toBe(204);
    expect((await write('PATCH', seriesPath(series), { extendedProps: { location: 'Room 5' } }, '"2"')).status).toBe(200);
    const after = await shown('Undo stale');
    const refused = await write<Problem>('POST', occurrencePath(series, '2031-03-18T13:00:00Z', '/restore?scope=this'), undefined, '"2"');
    expect(refused.status).toBe(412);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await shown('Undo stale')).toEqual(after);
    expect((await read(series)).body).toMatchObject({ exdate: ['2031-03-18T13:00:00.000Z'], extendedProps: { version: 3, location: 'Room 5' } });
  });

  it('undoes deleting "this and following": the rule, the later skipped dates and changed occurrences come back exactly', async () => {
    const series = await create({ ...standUp, title: 'Undo following', rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20310430T000000Z' });
    await write('PATCH', occurrencePath(series, '2031-04-08T13:00:00Z', '?scope=this'), { title: 'Undo following, changed' }, '"1"');
    await write('DELETE', occurrencePath(series, '2031-04-01T13:00:00Z', '?scope=this'), undefined, '"2"');
    const stored = (await read(series)).body;
    const before = await shown('Undo following');
    expect((await write('DELETE', occurrencePath(series, '2031-03-25T13:00:00Z', '?scope=following'), undefined, '"3"')).status).toBe(204);
    expect((await shown('Undo following')).map(([start]) => start)).toEqual(['2031-03-04T14:00:00.000Z', '2031-03-11T13:00:00.000Z', '2031-03-18T13:00:00.000Z']);
    // Another scope, or another occurrence, is not the delete made.
    expect((await write('POST', occurrencePath(series, '2031-03-25T13:00:00Z', '/restore?scope=this'), undefined, '"4"')).status).toBe(409);
    expect((await write('POST', occurrencePath(series, '2031-03-18T13:00:00Z', '/restore?scope=following'), undefined, '"4"')).status).toBe(409);
    const undone = await write('POST', occurrencePath(series, '2031-03-25T13:00:00Z', '/restore?scope=following'), undefined, '"4"');
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ rrule: stored.rrule, exdate: stored.exdate, extendedProps: { overrides: stored.extendedProps.overrides, version: 5 } });
    expect(await shown('Undo following')).toEqual(before);
  });
});
