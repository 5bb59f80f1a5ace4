import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';

// Sent as JSON escapes in the raw body text: the parser turns each into a lone UTF-16 surrogate.
const LONE_SURROGATES = ['a\\ud800b', 'a\\udc00b', '\\udc00\\ud800', 'end\\udbff'];
const PLACEHOLDER = '@@malformed@@';

/** The body as JSON text, with the placeholder string replaced by raw escape text. */
function rawBody(body: unknown, escaped: string): string {
  return JSON.stringify(body).replace(PLACEHOLDER, escaped);
}

/** A body with one field (at most one level deep; `.0` is a list's first item) set to the placeholder. */
function withPlaceholder(valid: Record<string, unknown>, field: string): Record<string, unknown> {
  const [head, inner] = field.split('.') as [string, string | undefined];
  if (inner === undefined) return { ...valid, [head]: PLACEHOLDER };
  if (inner === '0') return { ...valid, [head]: [PLACEHOLDER] };
  return { ...valid, [head]: { ...(valid[head] as object | undefined), [inner]: PLACEHOLDER } };
}

const EVENT_TEXT_FIELDS = [
  'title',
  'start',
  'end',
  'url',
  'groupId',
  'extendedProps.calendarId',
  'extendedProps.description',
  'extendedProps.location',
  'extendedProps.timeZone',
];
const CALENDAR_TEXT_FIELDS = ['name', 'color', 'description', 'editors.0'];

const validEvent = {
  title: 'Surrogate probe',
  start: '2027-05-01T09:00:00Z',
  end: '2027-05-01T10:00:00Z',
  url: 'https://intranet.example.com/probe',
  groupId: 'g',
  extendedProps: { description: 'd', location: 'l', timeZone: 'UTC' },
};
const validCalendar = { name: 'Surrogate calendar', color: '#abcdef', description: 'd', editors: ['user-1'] };
const WINDOW = '/api/events?start=2027-01-01&end=2027-12-31';

let api: TestServer;
let ada: string;
let eddie: string;
let companyId: string;
let probe: CalendarEvent;
let calendarsBefore: Calendar[];
let eventsBefore: CalendarEvent[];

beforeAll(async () => {
  api = await build();
  [ada, eddie] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie')]);
  companyId = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body.find((c) => c.name === 'Company')!.id;
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, { token: eddie, body: validEvent });
  expect(created.status).toBe(201);
  probe = created.body;
  calendarsBefore = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body;
  eventsBefore = (await api.request<CalendarEvent[]>('GET', WINDOW, { token: eddie })).body;
});
afterAll(() => api.close());

const json = { 'content-type': 'application/json' };
const companyVersion = () => calendarsBefore.find((calendar) => calendar.id === companyId)!.version;
const routes: Record<string, (body: string) => ReturnType<TestServer['request']>> = {
  'POST an event': (body) => api.request('POST', `/api/calendars/${companyId}/events`, { token: eddie, rawBody: body, headers: json }),
  'PATCH an event': (body) =>
    api.request('PATCH', `/api/calendars/${companyId}/events/${probe.id}`, { token: eddie, rawBody: body, headers: { ...json, 'if-match': '"1"' } }),
  'POST a calendar': (body) => api.request('POST', '/api/calendars', { token: ada, rawBody: body, headers: json }),
  'PATCH a calendar': (body) =>
    api.request('PATCH', `/api/calendars/${companyId}`, { token: ada, rawBody: body, headers: { ...json, 'if-match': `"${companyVersion()}"` } }),
  'POST the development token': (body) => api.request('POST', '/api/dev/token', { rawBody: body, headers: json }),
};

const cases: [string, string, Record<string, unknown>, string][] = [
  ...EVENT_TEXT_FIELDS.flatMap((field) => [
    ['POST an event', field, withPlaceholder(validEvent, field), field] as [string, string, Record<string, unknown>, string],
    ['PATCH an event', field, withPlaceholder({}, field), field] as [string, string, Record<string, unknown>, string],
  ]),
  ...CALENDAR_TEXT_FIELDS.flatMap((field) => [
    ['POST a calendar', field, withPlaceholder(validCalendar, field), field] as [string, string, Record<string, unknown>, string],
    ['PATCH a calendar', field, withPlaceholder({}, field), field] as [string, string, Record<string, unknown>, string],
  ]),
  ['POST the development token', 'userId', { userId: PLACEHOLDER }, 'userId'],
];

describe('text that is not well-formed Unicode is refused, naming the field', () => {
  it('sends what JSON.stringify would send: a lone surrogate is an escape either way', () => {
    expect(rawBody({ title: PLACEHOLDER }, 'a\\ud800b')).toBe(JSON.stringify({ title: 'a\ud800b' }));
  });

  it.each(cases)('%s with a lone surrogate in %s', async (route, _field, body, field) => {
    for (const escaped of LONE_SURROGATES) {
      const response = await routes[route]!(rawBody(body, escaped));
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect((response.body as Problem).errors).toEqual([{ field, message: `${field} contains a character that is not valid Unicode` }]);
    }
  });

  it.each([
    ['POST an event', { ...validEvent, [PLACEHOLDER]: 'x' }, '(body)'],
    ['POST an event', { ...validEvent, extendedProps: { [PLACEHOLDER]: 'x' } }, 'extendedProps'],
    ['POST a calendar', { ...validCalendar, [PLACEHOLDER]: 'x' }, '(body)'],
    ['POST the development token', { userId: 'ada', [PLACEHOLDER]: 1 }, '(body)'],
  ])('%s with a lone surrogate in a field name, which is not echoed', async (route, body, field) => {
    const response = await routes[route]!(rawBody(body, 'k\\ud800'));
    expect(response.status).toBe(400);
    expect((response.body as Problem).errors).toEqual([{ field, message: 'A field name contains a character that is not valid Unicode' }]);
  });

  it('stored nothing and changed nothing', async () => {
    expect((await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body).toEqual(calendarsBefore);
    expect((await api.request<CalendarEvent[]>('GET', WINDOW, { token: eddie })).body).toEqual(eventsBefore);
  });
});

describe('well-formed text outside the Basic Multilingual Plane', () => {
  // Surrogate pairs, as JSON escapes and as the characters themselves.
  const astral = 'Launch 🚀 \\ud83c\\udf89 𝄞 done';
  const expected = 'Launch 🚀 🎉 𝄞 done';

  it('round-trips exactly in an event', async () => {
    const body = rawBody({ ...validEvent, title: PLACEHOLDER, extendedProps: { ...validEvent.extendedProps, location: expected } }, astral);
    const created = await routes['POST an event']!(body);
    expect(created.status).toBe(201);
    const event = created.body as CalendarEvent;
    expect(event.title).toBe(expected);
    const read = await api.request<CalendarEvent>('GET', `/api/calendars/${companyId}/events/${event.id}`, { token: eddie });
    expect(read.body.title).toBe(expected);
    expect(read.body.extendedProps.location).toBe(expected);
  });

  // Editors are ids, which hold no such text (they are refused as names): the calendar's own text carries it.
  it('round-trips exactly in a calendar', async () => {
    const created = await routes['POST a calendar']!(rawBody({ ...validCalendar, name: PLACEHOLDER, description: expected }, astral));
    expect(created.status).toBe(201);
    const calendar = created.body as Calendar;
    const read = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body.find((c) => c.id === calendar.id);
    expect(read?.name).toBe(expected);
    expect(read?.description).toBe(expected);
  });
});

describe('bytes that are not UTF-8', () => {
  // A UTF-8-encoded surrogate, a stray continuation byte, a truncated sequence and an overlong encoding of "/".
  const MALFORMED = [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0x80]), Buffer.from([0xe2, 0x82]), Buffer.from([0xc0, 0xaf])];

  it.each(MALFORMED.map((bytes) => [bytes.toString('hex'), bytes] as const))('in a title (%s) are refused, not replaced by U+FFFD', async (_hex, bytes) => {
    const [before, after] = JSON.stringify({ ...validEvent, title: PLACEHOLDER }).split(PLACEHOLDER) as [string, string];
    const response = await fetch(`${api.url}/api/calendars/${companyId}/events`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${eddie}` },
      body: Buffer.concat([Buffer.from(`${before}a`), bytes, Buffer.from(`b${after}`)]),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await response.json()) as Problem).detail).toBe('The body is not valid UTF-8.');
    expect((await api.request<CalendarEvent[]>('GET', WINDOW, { token: eddie })).body.map((event) => event.title)).not.toContain('a\uFFFDb');
  });
});
