import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN, FEED_EVENTS_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { EVENT_YEARS_MESSAGE } from '../../src/shared/time.ts';
import { build, type ApiResponse, type TestServer } from '../api/helpers/test-server.ts';

let api: TestServer;
let eddie: string;
let tenantId: string;
let calendarIds: string[];
let companyId: string;

beforeAll(async () => {
  api = await build();
  eddie = await api.tokenFor('eddie');
  tenantId = (await api.request<{ tenantId: string }>('GET', '/api/me', { token: eddie })).body.tenantId;
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
  calendarIds = calendars.map((calendar) => calendar.id);
  companyId = calendars.find((calendar) => calendar.name === 'Company')!.id;
});
afterAll(() => api.close());

const eventsPath = () => `/api/calendars/${companyId}/events`;
const eventPath = (id: string) => `${eventsPath()}/${id}`;
const LAST_DAY = `${EVENT_YEAR_MAX}-12-31`;
const FIRST_DAY = `${EVENT_YEAR_MIN}-01-01`;
const AFTER_LAST_DAY = `${EVENT_YEAR_MAX + 1}-01-01`;

/** Every event the store holds with this title, at any date: straight from the store, past the API's window limits. */
async function storedWithTitle(title: string): Promise<CalendarEvent[]> {
  const window = { fromMs: -8.64e15, toMs: 8.64e15, fromDayMs: -8.64e15, toDayMs: 8.64e15 };
  const all = await api.server.store.events.listInWindow({ tenantId, calendarIds, window, limit: FEED_EVENTS_MAX });
  return all.filter((event) => event.title === title);
}

function expectRefusedOn(response: ApiResponse, field: 'start' | 'end', message = EVENT_YEARS_MESSAGE) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect((response.body as Problem).errors).toContainEqual({ field, message });
}

async function create(body: object): Promise<ApiResponse<CalendarEvent>> {
  return api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body });
}

async function createOk(body: object): Promise<CalendarEvent> {
  const response = await create(body);
  expect(response.status).toBe(201);
  return response.body;
}

const patch = (event: CalendarEvent, body: object) =>
  api.request<CalendarEvent>('PATCH', eventPath(event.id), { token: eddie, body, headers: { 'if-match': `"${event.extendedProps.version}"` } });

describe('dates outside the supported years', () => {
  it.each(['9999-12-31', '0000-01-01', '0001-01-01', '0050-03-01', '0099-12-31', `${EVENT_YEAR_MIN - 1}-12-31`, AFTER_LAST_DAY])(
    'refuses an all-day event starting %s on start, by POST and by PATCH, and stores nothing',
    async (start) => {
      const title = `All-day from ${start}`;
      expectRefusedOn(await create({ title, start }), 'start');
      expect(await storedWithTitle(title)).toEqual([]);

      const event = await createOk({ title, start: '2027-05-01' });
      expectRefusedOn(await patch(event, { start, end: null }), 'start');
      expectRefusedOn(await patch(event, { start }), 'start');
      const after = await api.request<CalendarEvent>('GET', eventPath(event.id), { token: eddie });
      expect(after.body).toEqual(event);
    },
  );

  it('refuses a timed event starting 9999-12-31T23:30:00Z on start, by POST and by PATCH', async () => {
    const title = 'Timed in 9999';
    expectRefusedOn(await create({ title, start: '9999-12-31T23:30:00Z' }), 'start');
    expect(await storedWithTitle(title)).toEqual([]);
    const event = await createOk({ title, start: '2027-05-01T09:00:00Z' });
    expectRefusedOn(await patch(event, { start: '9999-12-31T23:30:00Z', end: '9999-12-31T23:45:00Z' }), 'start');
    expect((await api.request('GET', eventPath(event.id), { token: eddie })).body).toEqual(event);
  });

  it('refuses 0099-12-31 → 0100-01-01 for its years, not for its length', async () => {
    const response = await create({ title: 'Year 99', start: '0099-12-31', end: '0100-01-01' });
    expectRefusedOn(response, 'start');
    expectRefusedOn(response, 'end');
  });

  it('refuses an end past the range, given or filled in, on end', async () => {
    expectRefusedOn(await create({ title: 'Ends late', start: LAST_DAY, end: `${EVENT_YEAR_MAX + 1}-01-02` }), 'end');
    expectRefusedOn(await create({ title: 'Ends late', start: `${LAST_DAY}T23:30:00Z`, end: `${AFTER_LAST_DAY}T00:00:00.001Z` }), 'end');
    expectRefusedOn(
      await create({ title: 'Ends late', start: `${LAST_DAY}T23:30:00Z` }),
      'end',
      `${EVENT_YEARS_MESSAGE} (without an end, an event lasts an hour)`,
    );
    expect(await storedWithTitle('Ends late')).toEqual([]);
  });
});

describe('dates just inside the supported years', () => {
  const edges = [
    { body: { start: FIRST_DAY }, start: FIRST_DAY, end: `${EVENT_YEAR_MIN}-01-02` },
    { body: { start: LAST_DAY }, start: LAST_DAY, end: AFTER_LAST_DAY },
    { body: { start: `${EVENT_YEAR_MAX}-01-01`, end: AFTER_LAST_DAY }, start: `${EVENT_YEAR_MAX}-01-01`, end: AFTER_LAST_DAY },
    { body: { start: `${FIRST_DAY}T00:00:00Z` }, start: `${FIRST_DAY}T00:00:00.000Z`, end: `${FIRST_DAY}T01:00:00.000Z` },
    { body: { start: `${LAST_DAY}T23:00:00Z` }, start: `${LAST_DAY}T23:00:00.000Z`, end: `${AFTER_LAST_DAY}T00:00:00.000Z` },
    {
      body: { start: `${LAST_DAY}T23:59:59.999-00:00`, end: `${AFTER_LAST_DAY}T05:30:00+05:30` },
      start: `${LAST_DAY}T23:59:59.999Z`,
      end: `${AFTER_LAST_DAY}T00:00:00.000Z`,
    },
  ];

  it.each(edges)('accepts $body.start, reads it back equal, and takes a PATCH of the title', async ({ body, start, end }) => {
    const title = `Edge ${body.start}`;
    const created = await createOk({ title, ...body });
    expect({ start: created.start, end: created.end }).toEqual({ start, end });
    const read = await api.request<CalendarEvent>('GET', eventPath(created.id), { token: eddie });
    expect(read.body).toEqual(created);

    const renamed = await patch(created, { title: `${title}, renamed` });
    expect(renamed.status).toBe(200);
    expect({ start: renamed.body.start, end: renamed.body.end, title: renamed.body.title }).toEqual({ start, end, title: `${title}, renamed` });
    // The event as the API returns it goes back as it is, as an edit form sends it.
    const again = await patch(renamed.body, renamed.body);
    expect(again.status).toBe(200);
    expect({ start: again.body.start, end: again.body.end }).toEqual({ start, end });
  });
});

describe('the window query at the edges', () => {
  const windowOf = (query: string) => api.request<CalendarEvent[]>('GET', `/api/events?${query}`, { token: eddie });

  it('answers windows that reach a little past the supported years, with the events at their edges', async () => {
    const first = await createOk({ title: 'First day', start: FIRST_DAY });
    const last = await createOk({ title: 'Last day', start: LAST_DAY });
    const early = await windowOf(`start=${EVENT_YEAR_MIN - 1}-12-31&end=${EVENT_YEAR_MIN}-01-02&timeZone=Pacific/Kiritimati`);
    expect(early.status).toBe(200);
    expect(early.body.map((event) => event.id)).toContain(first.id);
    const late = await windowOf(`start=${LAST_DAY}&end=${EVENT_YEAR_MAX + 1}-02-01&timeZone=Pacific/Pago_Pago`);
    expect(late.status).toBe(200);
    expect(late.body.map((event) => event.id)).toContain(last.id);
  });

  it.each([
    [`start=${AFTER_LAST_DAY}&end=${EVENT_YEAR_MAX + 1}-02-01`, 'start'],
    [`start=${EVENT_YEAR_MIN - 1}-12-01&end=${FIRST_DAY}`, 'end'],
    ['start=0050-01-01&end=0050-02-01', 'end'],
    ['start=9999-12-01&end=9999-12-31', 'start'],
    // Its end is an instant in year 10000.
    ['start=9999-12-31&end=9999-12-31T23:00:00-12:00', 'start'],
  ] as const)('refuses %s on %s, saying the range', async (query, field) => {
    expectRefusedOn(await windowOf(query), field);
  });
});
