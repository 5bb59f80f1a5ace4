import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { createEventService } from '../../src/api/events/event-service.ts';
import { HttpProblem } from '../../src/api/errors.ts';
import { normaliseEvent, type CalendarEvent } from '../../src/shared/event-schema.ts';
import { FEED_EVENTS_MAX, ICS_EXPORT_EVENTS_MAX } from '../../src/shared/limits.ts';
import { EXPORT_TOO_LARGE_TYPE, WINDOW_TOO_FULL_TYPE, type Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from './helpers/test-server.ts';

/** Events per store batch (writeBatch) while filling the calendar. */
const BATCH = 1_000;
const MINUTE_MS = 60_000;
const FIRST_START_MS = Date.UTC(2041, 2, 3);
const ACTOR = { id: 'eddie', name: 'Eddie' };

let api: TestServer;
let eddie: string;
let tenantId: string;
let crowded: Calendar;
let other: Calendar;

/**
 * Events a minute apart from 3 March 2041, straight through the store, BATCH at a time as an import writes them: the cap
 * is about reading, not writing (one create at a time, with its history entry and version bump, took 30 s on Cosmos).
 */
async function fill(from: number, to: number): Promise<void> {
  for (let batch = from; batch < to; batch += BATCH) {
    const creates = [];
    for (let i = batch; i < Math.min(batch + BATCH, to); i++) {
      const start = new Date(FIRST_START_MS + i * MINUTE_MS).toISOString();
      const result = normaliseEvent({ title: `Busy ${i}`, start, end: new Date(FIRST_START_MS + i * MINUTE_MS + 30_000).toISOString() });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      creates.push(result.draft);
    }
    await api.server.store.events.writeBatch({ tenantId, calendarId: crowded.id, actor: ACTOR, creates, updates: [] });
  }
}

const week = (more = '') => `/api/events?start=2041-03-03&end=2041-03-10&timeZone=UTC${more}`;

beforeAll(async () => {
  api = await build();
  const ada = await api.tokenFor('ada');
  eddie = await api.tokenFor('eddie');
  tenantId = (await api.request<{ tenantId: string }>('GET', '/api/me', { token: eddie })).body.tenantId;
  crowded = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Crowded', color: '#123456', editors: ['eddie'] } })).body;
  other = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Quiet', color: '#654321', editors: ['eddie'] } })).body;
  await fill(0, FEED_EVENTS_MAX);
}, 300_000);
afterAll(() => api.close());

describe(`the window cap of ${FEED_EVENTS_MAX} events`, () => {
  it(`answers a window of exactly ${FEED_EVENTS_MAX} events, then 422 once it holds one more, and a narrower window still works`, async () => {
    const full = await api.request<CalendarEvent[]>('GET', week(`&calendarId=${crowded.id}`), { token: eddie });
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(FEED_EVENTS_MAX);

    await fill(FEED_EVENTS_MAX, FEED_EVENTS_MAX + 1);
    const over = await api.request<Problem>('GET', week(), { token: eddie });
    expect(over.status).toBe(422);
    expect(over.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(over.body).toMatchObject({ type: WINDOW_TOO_FULL_TYPE, status: 422, limit: FEED_EVENTS_MAX });
    expect(over.body.detail).toContain(`more than ${FEED_EVENTS_MAX.toLocaleString('en')} events`);
    expect(over.body.detail).toMatch(/shorter window or fewer calendars/);

    const day = await api.request<CalendarEvent[]>('GET', `/api/events?start=2041-03-03&end=2041-03-04&timeZone=UTC&calendarId=${crowded.id}`, { token: eddie });
    expect(day.status).toBe(200);
    expect(day.body).toHaveLength(24 * 60);
    const fewerCalendars = await api.request<CalendarEvent[]>('GET', week(`&calendarId=${other.id}`), { token: eddie });
    expect(fewerCalendars.status).toBe(200);
    expect(fewerCalendars.body).toEqual([]);
  });

  it('belongs to the service: given room for more (as the bench is), it answers more, and its 422 names the limit it has', async () => {
    const principal = { id: 'eddie', name: 'Eddie', tenantId, appRoles: [], groups: [] };
    const query = { start: '2041-03-03', end: '2041-03-10', timeZone: 'UTC', calendarId: [crowded.id] };
    const roomy = await createEventService(api.server.store, { feedEventsMax: FEED_EVENTS_MAX + 1 }).listInWindow(principal, query);
    expect(roomy).toHaveLength(FEED_EVENTS_MAX + 1);
    const tight = createEventService(api.server.store, { feedEventsMax: 10 }).listInWindow(principal, query);
    await expect(tight).rejects.toBeInstanceOf(HttpProblem);
    await expect(tight).rejects.toMatchObject({ status: 422, limit: 10 });
  });
});

describe(`the iCalendar export cap of ${ICS_EXPORT_EVENTS_MAX} events`, () => {
  const exportOf = (to: string) => `/api/calendars/${crowded.id}/calendar.ics?from=2041-03-03&to=${encodeURIComponent(to)}`;

  it('exports a range of exactly the cap, then 422 naming the limit once the range holds one more', async () => {
    // The calendar holds FEED_EVENTS_MAX + 1 events a minute apart by now: enough for a range of the export's cap and one over it.
    expect(ICS_EXPORT_EVENTS_MAX).toBeLessThanOrEqual(FEED_EVENTS_MAX);
    const atCap = await fetch(api.url + exportOf(new Date(FIRST_START_MS + ICS_EXPORT_EVENTS_MAX * MINUTE_MS).toISOString()), { headers: { authorization: `Bearer ${eddie}` } });
    expect(atCap.status).toBe(200);
    expect((await atCap.text()).match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(ICS_EXPORT_EVENTS_MAX);

    const over = await api.request<Problem>('GET', exportOf(new Date(FIRST_START_MS + (ICS_EXPORT_EVENTS_MAX + 1) * MINUTE_MS).toISOString()), { token: eddie });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ type: EXPORT_TOO_LARGE_TYPE, status: 422, limit: ICS_EXPORT_EVENTS_MAX });
    expect(over.body.detail).toMatch(/shorter range \(from, to\) or one category/);
  });
});
