import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';

// Every message a wrong type gets, by the JSON type the field takes.
const MUST_BE = { text: 'must be text', boolean: 'must be true or false', object: 'must be an object', list: 'must be a list' } as const;
type Kind = keyof typeof MUST_BE;

// Values of each JSON type but the one a field takes (null too, unless the field may be null).
const WRONG_VALUES: Record<Kind, unknown[]> = {
  text: [42, true, ['text'], { text: 'x' }],
  boolean: [1, 'yes', ['true'], { value: true }],
  object: [42, 'text', true, ['x']],
  list: [42, 'a,b', true, { 0: 'a' }],
};

interface Case {
  /** The field as the problem names it. */
  field: string;
  kind: Kind;
  nullable: boolean;
}

const EVENT_FIELDS: Case[] = [
  { field: 'title', kind: 'text', nullable: false },
  { field: 'start', kind: 'text', nullable: false },
  { field: 'end', kind: 'text', nullable: true },
  { field: 'allDay', kind: 'boolean', nullable: false },
  { field: 'url', kind: 'text', nullable: true },
  { field: 'groupId', kind: 'text', nullable: true },
  { field: 'extendedProps', kind: 'object', nullable: false },
  { field: 'extendedProps.calendarId', kind: 'text', nullable: false },
  { field: 'extendedProps.description', kind: 'text', nullable: false },
  { field: 'extendedProps.location', kind: 'text', nullable: false },
  { field: 'extendedProps.timeZone', kind: 'text', nullable: false },
];

const CALENDAR_FIELDS: Case[] = [
  { field: 'name', kind: 'text', nullable: false },
  { field: 'color', kind: 'text', nullable: false },
  { field: 'description', kind: 'text', nullable: false },
  { field: 'editors', kind: 'list', nullable: false },
  { field: 'editors.0', kind: 'text', nullable: false },
];

/** A body with one field (at most one level deep; `.0` is a list's first item) set to a value, the rest valid. */
function withField(valid: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const [head, inner] = field.split('.') as [string, string | undefined];
  if (inner === undefined) return { ...valid, [head]: value };
  if (inner === '0') return { ...valid, [head]: [value] };
  return { ...valid, [head]: { ...(valid[head] as object | undefined), [inner]: value } };
}

/** Every wrong-type case of a set of fields, with the message each must get. */
function wrongTypeCases(fields: Case[]): [string, string, unknown, string][] {
  return fields.flatMap(({ field, kind, nullable }) =>
    [...WRONG_VALUES[kind], ...(nullable ? [] : [null])].map((value): [string, string, unknown, string] => [
      `${field} = ${JSON.stringify(value)}`,
      field,
      value,
      `${field} ${MUST_BE[kind]}`,
    ]),
  );
}

const NOT_OBJECT_BODIES: unknown[] = [['title'], 'title', 42, null, true];

let api: TestServer;
let ada: string;
let eddie: string;
let companyId: string;
let probe: CalendarEvent;
let calendarsBefore: Calendar[];
let eventsBefore: CalendarEvent[];

const WINDOW = '/api/events?start=2027-01-01&end=2027-12-31';
const validEvent = {
  title: 'Message probe',
  start: '2027-04-01T09:00:00Z',
  end: '2027-04-01T10:00:00Z',
  allDay: false,
  url: 'https://intranet.example.com/probe',
  groupId: 'probe-group',
  extendedProps: { description: 'd', location: 'l', timeZone: 'Europe/London' },
};
const validCalendar = { name: 'Probe calendar', color: '#123456', description: 'd', editors: ['user-1'] };

beforeAll(async () => {
  api = await build();
  [ada, eddie] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie')]);
  const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: ada });
  companyId = calendars.body.find((calendar) => calendar.name === 'Company')!.id;
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, { token: eddie, body: validEvent });
  expect(created.status).toBe(201);
  probe = created.body;
  calendarsBefore = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body;
  eventsBefore = (await api.request<CalendarEvent[]>('GET', WINDOW, { token: eddie })).body;
});
afterAll(() => api.close());

const companyVersion = () => calendarsBefore.find((calendar) => calendar.id === companyId)!.version;

type Send = (body: unknown) => Promise<{ status: number; headers: Headers; body: Problem }>;

const sends: Record<string, Send> = {
  'POST an event': (body) => api.request<Problem>('POST', `/api/calendars/${companyId}/events`, { token: eddie, body }),
  'PATCH an event': (body) =>
    api.request<Problem>('PATCH', `/api/calendars/${companyId}/events/${probe.id}`, { token: eddie, body, headers: { 'if-match': '"1"' } }),
  'POST a calendar': (body) => api.request<Problem>('POST', '/api/calendars', { token: ada, body }),
  'PATCH a calendar': (body) =>
    api.request<Problem>('PATCH', `/api/calendars/${companyId}`, { token: ada, body, headers: { 'if-match': `"${companyVersion()}"` } }),
  'POST the development token': (body) => api.request<Problem>('POST', '/api/dev/token', { body }),
};

async function expectFieldError(response: Awaited<ReturnType<Send>>, field: string, message: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body.errors).toEqual([{ field, message }]);
}

describe('a field of the wrong type is called that, not missing', () => {
  describe.each([
    ['POST an event', validEvent],
    ['PATCH an event', {}],
  ])('%s', (route, valid) => {
    it.each(wrongTypeCases(EVENT_FIELDS))('%s', async (_label, field, value, message) => {
      await expectFieldError(await sends[route]!(withField(valid, field, value)), field, message);
    });
  });

  describe.each([
    ['POST a calendar', validCalendar],
    ['PATCH a calendar', {}],
  ])('%s', (route, valid) => {
    it.each(wrongTypeCases(CALENDAR_FIELDS))('%s', async (_label, field, value, message) => {
      await expectFieldError(await sends[route]!(withField(valid, field, value)), field, message);
    });
  });

  describe('POST the development token', () => {
    it.each(wrongTypeCases([{ field: 'userId', kind: 'text', nullable: false }]))('%s', async (_label, field, value, message) => {
      await expectFieldError(await sends['POST the development token']!({ [field]: value }), field, message);
    });
  });
});

describe('a body that is not a JSON object says so', () => {
  const routes = Object.keys(sends);
  it.each(routes.flatMap((route) => NOT_OBJECT_BODIES.map((body): [string, string, unknown] => [`${route} with ${JSON.stringify(body)}`, route, body])))(
    '%s',
    async (_label, route, body) => {
      await expectFieldError(await sends[route]!(body), '(body)', 'The body must be a JSON object');
    },
  );
});

describe('missing, unknown and out-of-range fields keep their own messages', () => {
  it.each([
    ['a missing title', { ...validEvent, title: undefined }, 'title', 'This field is required'],
    ['a missing start', { ...validEvent, start: undefined }, 'start', 'This field is required'],
    ['an empty title', { ...validEvent, title: '  ' }, 'title', 'Enter a title'],
    ['a start that is text but no date', { ...validEvent, start: 'soon' }, 'start', 'Use a date (YYYY-MM-DD), an ISO 8601 date-time with an offset, or a local date-time (YYYY-MM-DDTHH:mm:ss) read in extendedProps.timeZone'],
    ['an unknown field', { ...validEvent, colour: 'red' }, 'colour', 'Unknown field "colour"'],
    ['an unknown extendedProps field', { ...validEvent, extendedProps: { priority: 1 } }, 'extendedProps.priority', 'Unknown field "priority"'],
    ['a url that is not http', { ...validEvent, url: 'ftp://example.com' }, 'url', 'Only http:// and https:// links are allowed'],
  ])('POST an event with %s', async (_label, body, field, message) => {
    await expectFieldError(await sends['POST an event']!(body), field, message);
  });

  it.each([
    ['a missing name', { ...validCalendar, name: undefined }, 'name', 'This field is required'],
    ['a colour that is text but no colour', { ...validCalendar, color: 'red' }, 'color', 'Use a colour in the form #RRGGBB'],
  ])('POST a calendar with %s', async (_label, body, field, message) => {
    await expectFieldError(await sends['POST a calendar']!(body), field, message);
  });

  it.each([
    ['a missing userId', {}, 'userId', 'This field is required'],
    ['a userId of no demo user', { userId: 'mallory' }, 'userId', 'Pick one of the demo users'],
  ])('POST the development token with %s', async (_label, body, field, message) => {
    await expectFieldError(await sends['POST the development token']!(body), field, message);
  });
});

describe('query parameters', () => {
  it.each([
    ['start given twice', 'start=2027-01-01&start=2027-01-02&end=2027-02-01', 'start', 'start may be given only once'],
    ['end given twice', 'start=2027-01-01&end=2027-02-01&end=2027-02-02', 'end', 'end may be given only once'],
    ['timeZone given twice', 'start=2027-01-01&end=2027-02-01&timeZone=UTC&timeZone=UTC', 'timeZone', 'timeZone may be given only once'],
    ['no start', 'end=2027-02-01', 'start', 'This field is required'],
    ['no end', 'start=2027-01-01', 'end', 'This field is required'],
    ['an unknown parameter', 'start=2027-01-01&end=2027-02-01&colour=red', 'colour', 'Unknown parameter "colour"'],
  ])('GET /api/events with %s', async (_label, query, field, message) => {
    await expectFieldError(await api.request<Problem>('GET', `/api/events?${query}`, { token: eddie }), field, message);
  });
});

describe('after every refusal', () => {
  it('nothing was stored or changed', async () => {
    expect((await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body).toEqual(calendarsBefore);
    expect((await api.request<CalendarEvent[]>('GET', WINDOW, { token: eddie })).body).toEqual(eventsBefore);
  });
});
