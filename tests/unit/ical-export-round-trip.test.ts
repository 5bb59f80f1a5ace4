// An export round trip: an open-ended weekly series exported as iCalendar and expanded from the file alone by ical.js
// (its own VTIMEZONE handling and recurrence iterator, as Thunderbird reads a file) gives the instants the server's
// feed gives, in every IANA zone, for series starting from this year to thirty years ahead.
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { buildCalendarIcs, VTIMEZONE_HORIZON_YEARS } from '../../src/api/ical/ical-export.ts';
import { expandSeries } from '../../src/api/recurrence/expand-series.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { changes, hourSeries, outlookFault, wrongOffsets } from './helpers/vtimezone-read-back.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** An open-ended series every week on these days (none: DTSTART's, as FREQ=WEEKLY alone says) at this local time, from this local date. */
function weeklySeries(timeZone: string, start: Temporal.PlainDateTime, days: readonly string[] = [WEEKDAYS[start.dayOfWeek - 1]!]): CalendarEvent {
  const startMs = start.toZonedDateTime(timeZone).epochMilliseconds;
  const rrule = days.length > 0 ? `FREQ=WEEKLY;BYDAY=${days.join(',')}` : 'FREQ=WEEKLY';
  return hourSeries({ id: 'weekly', title: 'Weekly', start: new Date(startMs).toISOString(), rrule, timeZone });
}

type Window = readonly [fromMs: number, toMs: number];

function exported(series: CalendarEvent, now: Date): string {
  return buildCalendarIcs({ name: 'Round trip', events: [series], uidDomain: 'calendar.contoso.com', categoryNames: new Map(), now });
}

/** The series' starts in the windows (which may overlap) as the feed gives them: the server's own expansion, a window at a time. */
function serverStarts(series: CalendarEvent, windows: readonly Window[]): number[] {
  const definition = { rrule: series.rrule!, start: series.start, end: series.end, allDay: false, timeZone: series.extendedProps.timeZone, exdate: [] };
  const starts = windows.flatMap(([fromMs, toMs]) => expandSeries(definition, { fromMs, toMs, fromDayMs: fromMs, toDayMs: toMs }).occurrences.map((o) => o.startMs));
  return [...new Set(starts)].sort((a, b) => a - b);
}

/** The series' starts in the windows as ical.js reads them from the file alone (it cannot start mid-series). */
function icalStarts(text: string, windows: readonly Window[]): number[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  // The file's own VTIMEZONE, not a zone ical.js knows by name.
  expect(event.startDate.zone?.component?.parent).toBe(calendar);
  const endMs = Math.max(...windows.map(([, toMs]) => toMs));
  const starts: number[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    // A wall clock is within a day of its instant: only occurrences near a window are converted to instants.
    const wallMs = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second);
    if (wallMs >= endMs + DAY_MS) break;
    if (!windows.some(([fromMs, toMs]) => wallMs > fromMs - 2 * DAY_MS && wallMs < toMs + DAY_MS)) continue;
    const ms = next.toUnixTime() * 1000;
    // Occurrences overlapping the window, as the feed matches them (one hour long).
    if (windows.some(([fromMs, toMs]) => ms + HOUR_MS > fromMs && ms < toMs)) starts.push(ms);
  }
  return starts;
}

const iso = (ms: number) => new Date(ms).toISOString();

function roundTrip(series: CalendarEvent, now: Date, windows: readonly Window[]): { server: string[]; ical: string[] } {
  return { server: serverStarts(series, windows).map(iso), ical: icalStarts(exported(series, now), windows).map(iso) };
}

/** A window of whole local dates in the zone, [from, to). */
function localWindow(timeZone: string, from: string, to: string): Window {
  const at = (date: string) => Temporal.PlainDate.from(date).toZonedDateTime(timeZone).epochMilliseconds;
  return [at(from), at(to)];
}

describe('the cases the issue reports (an export made on 7 December 2026)', () => {
  const now = new Date('2026-12-07T12:00:00Z');

  it('London from 2029: the clocks go back on the last Sunday of October, 28 October 2029, not a 5th Sunday', () => {
    const series = weeklySeries('Europe/London', Temporal.PlainDateTime.from('2029-01-07T09:00'));
    const { server, ical } = roundTrip(series, now, [localWindow('Europe/London', '2029-10-01', '2029-12-01'), localWindow('Europe/London', '2033-03-01', '2033-11-30')]);
    expect(server.slice(2, 5)).toEqual(['2029-10-21T08:00:00.000Z', '2029-10-28T09:00:00.000Z', '2029-11-04T09:00:00.000Z']);
    expect(ical).toEqual(server);
  });

  it('New York from 2032: daylight saving time every summer', () => {
    const series = weeklySeries('America/New_York', Temporal.PlainDateTime.from('2032-01-04T09:00'));
    const { server, ical } = roundTrip(series, now, [localWindow('America/New_York', '2032-01-01', '2033-01-01'), localWindow('America/New_York', '2041-01-01', '2042-01-01')]);
    expect(server.filter((start) => start.startsWith('2032-07'))).toEqual(['2032-07-04T13:00:00.000Z', '2032-07-11T13:00:00.000Z', '2032-07-18T13:00:00.000Z', '2032-07-25T13:00:00.000Z']);
    expect(ical).toEqual(server);
  });

  it('Pacific/Chatham from now: daylight saving time from the last Sunday of September, the 5th in 2030', () => {
    const series = weeklySeries('Pacific/Chatham', Temporal.PlainDateTime.from('2026-12-06T09:00'));
    const { server, ical } = roundTrip(series, now, [localWindow('Pacific/Chatham', '2030-09-15', '2030-10-07')]);
    // 09:00 +12:45 until 29 September 2030, then +13:45.
    expect(server).toEqual(['2030-09-14T20:15:00.000Z', '2030-09-21T20:15:00.000Z', '2030-09-28T19:15:00.000Z', '2030-10-05T19:15:00.000Z']);
    expect(ical).toEqual(server);
  });
});

const YEARS_AHEAD = 30;
const ZONES = Intl.supportedValuesOf('timeZone');

/**
 * The years ahead each zone's series start in: two of the thirty-one, fifteen apart and turning with the zone, so that
 * every zone is tried and every year from this one to thirty ahead is tried in about twenty-seven zones (all 13,000
 * pairs would take a minute: ical.js iterates every occurrence from the first). The test below reads every zone's
 * changes over all those years.
 */
const yearsAheadOf = (zoneIndex: number) => [0, 15].map((step) => (zoneIndex + step) % (YEARS_AHEAD + 1));

/** A start in that year: a day, hour (08:00 to 19:45, clear of every change) and minute turning with the zone. */
function sampleStart(zoneIndex: number, year: number): Temporal.PlainDateTime {
  const day = Temporal.PlainDate.from({ year, month: 1, day: 1 }).add({ days: (zoneIndex * 37 + year * 11) % 365 });
  return day.toPlainDateTime({ hour: 8 + ((zoneIndex + year) % 12), minute: 15 * (zoneIndex % 4) });
}

describe('an open-ended weekly series exported in every IANA zone, read back by ical.js', () => {
  const now = new Date();
  it.each(Array.from({ length: YEARS_AHEAD + 1 }, (_, ahead) => ahead))('starting %i years ahead: the feed\'s instants in its first six weeks and in a whole year within the horizon', (ahead) => {
    const year = now.getUTCFullYear() + ahead;
    const mismatches: string[] = [];
    let [tried, compared] = [0, 0];
    for (const [zoneIndex, zone] of ZONES.entries()) {
      if (!yearsAheadOf(zoneIndex).includes(ahead)) continue;
      const series = weeklySeries(zone, sampleStart(zoneIndex, year), []);
      const startMs = Date.parse(series.start);
      // A year from one to VTIMEZONE_HORIZON_YEARS after the start's, turning with the zone.
      const later = year + 1 + ((zoneIndex + ahead) % VTIMEZONE_HORIZON_YEARS);
      const windows: Window[] = [[startMs, startMs + 6 * WEEK_MS], localWindow(zone, `${later}-01-01`, `${later + 1}-01-01`)];
      const { server, ical } = roundTrip(series, now, windows);
      tried += 1;
      compared += server.length;
      if (server.length < 50 || JSON.stringify(ical) !== JSON.stringify(server)) {
        const [missing, extra] = [server.filter((start) => !ical.includes(start)), ical.filter((start) => !server.includes(start))];
        mismatches.push(`${zone} from ${series.start}: ical.js lacks ${missing.slice(0, 3).join(', ')}; has ${extra.slice(0, 3).join(', ')}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Six weeks and a whole year of each series, in twenty or more zones.
    expect(tried).toBeGreaterThanOrEqual(20);
    expect(compared).toBeGreaterThanOrEqual(tried * 57);
    // Hundreds of zones' VTIMEZONEs read back by ical.js: 1–2 s alone, more while other work loads both cores.
  }, 30_000);
});

describe('the VTIMEZONE of every IANA zone in an export reaching forty years ahead, read back by ical.js', () => {
  it('gives the offsets the time zone database gives around every change and twice a year, in the shape Outlook reads', () => {
    const now = new Date();
    const year = now.getUTCFullYear();
    // Two series: one from now, one from thirty years ahead (its VTIMEZONE reaching the horizon past it).
    const [fromMs, toMs] = [Date.UTC(year, 0, 1), Date.UTC(year + YEARS_AHEAD + VTIMEZONE_HORIZON_YEARS + 1, 0, 1)];
    const wrong: string[] = [];
    const faults: string[] = [];
    for (const timeZone of ZONES) {
      const series = [weeklySeries(timeZone, Temporal.PlainDateTime.from({ year, month: 1, day: 5, hour: 12 })), weeklySeries(timeZone, Temporal.PlainDateTime.from({ year: year + YEARS_AHEAD, month: 1, day: 5, hour: 12 }))];
      const text = buildCalendarIcs({ name: 'Zones', events: series.map((event, i) => ({ ...event, id: `weekly-${i}` })), uidDomain: 'calendar.contoso.com', categoryNames: new Map(), now });
      const component = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtimezone')!;
      expect(component.getFirstPropertyValue('tzid')).toBe(timeZone);
      wrong.push(...wrongOffsets(component, timeZone, fromMs, toMs));
      faults.push(...component.getAllSubcomponents().flatMap((observance) => outlookFault(observance) ?? []).map((fault) => `${timeZone}: ${fault}`));
      if (changes(timeZone, fromMs, toMs).length === 0) expect(component.getAllSubcomponents().map((o) => o.name), timeZone).toEqual(['standard']);
    }
    expect(wrong).toEqual([]);
    expect(faults).toEqual([]);
  }, 60_000);
});
