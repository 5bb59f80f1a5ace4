import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/api/config.ts';
import { createEventService } from '../../src/api/events/event-service.ts';
import { openStore } from '../../src/api/stores/open-store.ts';
import { SEED_ZONE, seedDemoTenant } from '../../src/api/demo/seed-demo-tenant.ts';
import { SYSTEM_ACTOR } from '../../src/api/stores/change-entries.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { calendarEventSchema, eventToWrite, type CalendarEvent } from '../../src/shared/event-schema.ts';
import { build, storeEnv, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let eddie: string;
let engineering: Calendar;
let holidays: Calendar;

beforeAll(async () => {
  api = await build();
  eddie = await api.tokenFor('eddie');
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
  engineering = calendars.find((c) => c.name === 'Engineering')!;
  holidays = calendars.find((c) => c.name === 'Holidays')!;
});
afterAll(() => api.close());

// The demo's weeks, as the seed reckons them on the wall clock of its zone.
const today = Temporal.Now.plainDateISO(SEED_ZONE);
const monday = today.subtract({ days: today.dayOfWeek - 1 });
const at = (day: Temporal.PlainDate, time: string) => new Date(day.toZonedDateTime({ timeZone: SEED_ZONE, plainTime: time }).epochMilliseconds).toISOString();
const windowQuery = `start=${monday.subtract({ weeks: 3 })}&end=${monday.add({ weeks: 6 })}&timeZone=${SEED_ZONE}`;
// The last second of the Sunday four weeks after this one.
const until = monday.add({ weeks: 5 }).toZonedDateTime(SEED_ZONE).subtract({ seconds: 1 }).toInstant().toString().replaceAll(/[-:]/g, '');
const localTime = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(SEED_ZONE).toPlainTime().toString({ smallestUnit: 'minute' });

async function demoFeed(): Promise<CalendarEvent[]> {
  const response = await api.request<CalendarEvent[]>('GET', `/api/events?${windowQuery}`, { token: eddie });
  expect(response.status).toBe(200);
  return response.body;
}

async function seededSeries(title: string): Promise<CalendarEvent> {
  const occurrences = (await demoFeed()).filter((e) => e.title === title && e.extendedProps.createdBy.id === SYSTEM_ACTOR.id);
  const seriesIds = new Set(occurrences.map((e) => e.extendedProps.seriesId));
  expect([...seriesIds]).toHaveLength(1);
  const response = await api.request<CalendarEvent>('GET', `/api/events/${[...seriesIds][0]}`, { token: eddie });
  expect(response.status).toBe(200);
  return response.body;
}

describe('the demo seed', () => {
  it('makes the stand-up, architecture review and sprint review series in the Engineering calendar, at their times', async () => {
    const expected = [
      ['Engineering stand-up', `FREQ=WEEKLY;UNTIL=${until};BYDAY=MO,TU,WE,TH,FR`, monday.subtract({ weeks: 2 }), '09:30', '09:45'],
      ['Architecture review', `FREQ=WEEKLY;UNTIL=${until};BYDAY=WE`, monday.subtract({ weeks: 2 }).add({ days: 2 }), '14:00', '15:00'],
      ['Sprint review and demo', `FREQ=WEEKLY;INTERVAL=2;UNTIL=${until};BYDAY=FR`, monday.subtract({ weeks: 2 }).add({ days: 4 }), '15:00', '16:00'],
    ] as const;
    for (const [title, rrule, firstDay, from, to] of expected) {
      const series = await seededSeries(title);
      expect(calendarEventSchema.strict().safeParse(series).error).toBeUndefined();
      expect(series).toMatchObject({ rrule, start: at(firstDay, from), end: at(firstDay, to), allDay: false });
      expect(series.extendedProps).toMatchObject({ calendarId: engineering.id, timeZone: SEED_ZONE });
    }
    const feed = await demoFeed();
    const seriesTitles = new Set(expected.map(([title]) => title as string));
    // No single event is left beside the series, and every occurrence keeps its series' time of day.
    expect(feed.filter((e) => seriesTitles.has(e.title) && !e.extendedProps.seriesId)).toEqual([]);
    const count = (title: string) => feed.filter((e) => e.title === title).length;
    expect([count('Engineering stand-up'), count('Architecture review'), count('Sprint review and demo')]).toEqual([7 * 5 - 1, 7, 4]);
    expect(feed.filter((e) => e.title === 'Architecture review').map((e) => localTime(e.start))).toEqual(Array(7).fill('14:00'));
  });

  it('shows one stand-up moved an hour later and none on the company holiday, inside the demo window', async () => {
    const standUp = await seededSeries('Engineering stand-up');
    const holiday = monday.add({ weeks: 1, days: 4 });
    expect(standUp.exdate).toEqual([at(holiday, '09:30')]);
    const thursday = monday.add({ days: 3 });
    expect(standUp.extendedProps.overrides).toEqual({
      [at(thursday, '09:30')]: { start: at(thursday, '10:30'), end: at(thursday, '10:45'), allDay: false },
    });

    const feed = await demoFeed();
    const occurrences = feed.filter((e) => e.extendedProps.seriesId === standUp.id);
    expect(occurrences.some((e) => e.extendedProps.recurrenceId === at(holiday, '09:30'))).toBe(false);
    expect(feed.some((e) => e.extendedProps.calendarId === holidays.id && e.title === 'Company holiday' && e.start === holiday.toString())).toBe(true);
    const moved = occurrences.find((e) => e.extendedProps.recurrenceId === at(thursday, '09:30'));
    expect(moved).toMatchObject({ id: `${standUp.id}:${at(thursday, '09:30')}`, start: at(thursday, '10:30'), end: at(thursday, '10:45') });
    expect(occurrences.filter((e) => e.start !== e.extendedProps.recurrenceId)).toEqual([moved]);

    const deepLink = await api.request<CalendarEvent>('GET', `/api/events/${moved!.id}`, { token: eddie });
    expect(deepLink.body).toEqual(moved);
  });

  it('stores each series as POST and PATCH …/occurrences/{id}?scope=this would have', async () => {
    const path = `/api/calendars/${engineering.id}/events`;
    const serverKept = ({ id: _id, extendedProps: { createdBy: _b, updatedBy: _u, createdAt: _c, updatedAt: _a, version: _v, ...props }, ...event }: CalendarEvent) => ({ ...event, extendedProps: props });
    for (const title of ['Engineering stand-up', 'Architecture review', 'Sprint review and demo']) {
      const seeded = await seededSeries(title);
      const posted = await api.request<CalendarEvent>('POST', path, { token: eddie, body: eventToWrite(seeded) });
      expect(posted.status).toBe(201);
      let copy = posted.body;
      for (const [recurrenceId, override] of Object.entries(seeded.extendedProps.overrides ?? {})) {
        const patched = await api.request<{ extendedProps: { seriesId: string } }>('PATCH', `${path}/${copy.id}/occurrences/${recurrenceId}?scope=this`, {
          token: eddie,
          body: override,
          headers: { 'if-match': `"${copy.extendedProps.version}"` },
        });
        expect(patched.status).toBe(200);
        copy = (await api.request<CalendarEvent>('GET', `${path}/${copy.id}`, { token: eddie })).body;
      }
      expect(serverKept(copy)).toEqual(serverKept(seeded));
      await api.request('DELETE', `${path}/${copy.id}`, { token: eddie, headers: { 'if-match': '*' } });
    }
  });
});

describe('the demo seeded in the week London’s clocks go forward', () => {
  it('keeps the stand-up at 09:30 London time on both sides of the change', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-seed-'));
    const store = await openStore(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...storeEnv(dataDir) }));
    try {
      const tenantId = 'demo-across-dst';
      // Wednesday 24 March 2027; the clocks go forward on Sunday the 28th.
      await seedDemoTenant(store, { tenantId, now: new Date('2027-03-24T12:00:00Z') });
      const reader = { id: 'riley', name: 'Riley Reader', tenantId, appRoles: [], groups: [] };
      const feed = await createEventService(store).listInWindow(reader, { start: '2027-03-08', end: '2027-04-26', timeZone: SEED_ZONE });
      const standUps = feed.filter((e) => e.title === 'Engineering stand-up');
      expect(standUps).toHaveLength(7 * 5 - 1);
      const unmoved = standUps.filter((e) => e.start === e.extendedProps.recurrenceId);
      expect(new Set(unmoved.map((e) => localTime(e.start)))).toEqual(new Set(['09:30']));
      // 09:30 GMT before the change, 08:30 UTC after it.
      expect(unmoved.find((e) => e.start.startsWith('2027-03-26'))?.start).toBe('2027-03-26T09:30:00.000Z');
      expect(unmoved.find((e) => e.start.startsWith('2027-03-29'))?.start).toBe('2027-03-29T08:30:00.000Z');
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
