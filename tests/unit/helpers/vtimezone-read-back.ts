// VTIMEZONEs read back by ical.js alone, against the time zone database (Temporal): what an export's zones are tested by.
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';

const HOUR_MS = 3_600_000;

/** The component as a file carries it, read back by ical.js alone. */
export function readBack(component: ICAL.Component): ICAL.Timezone {
  const calendar = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${component.toString()}\r\nEND:VCALENDAR`));
  return new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
}

/** The zone's changes in [fromMs, toMs), from the time zone database. */
export function changes(timeZone: string, fromMs: number, toMs: number): number[] {
  const found: number[] = [];
  let at = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(timeZone);
  for (let next = at.getTimeZoneTransition('next'); next && next.epochMilliseconds < toMs; next = at.getTimeZoneTransition('next')) {
    found.push(next.epochMilliseconds);
    at = next;
  }
  return found;
}

export const offsetSeconds = (timeZone: string, instantMs: number) => Temporal.Instant.fromEpochMilliseconds(instantMs).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e9;

/** The offset ical.js gives this wall-clock time (ms on the floating line) in the zone it read. */
function icalOffsetSeconds(zone: ICAL.Timezone, wallMs: number): number {
  const wall = new Date(wallMs);
  const local = ICAL.Time.fromData({
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    isDate: false,
  });
  return zone.utcOffset(local);
}

/**
 * Instants whose wall-clock readings are unambiguous, with the zone's changes in [fromMs, toMs): six hours either side
 * of each change (no change moves a clock six hours, nor do two come that close), and 1 January and 1 July at noon UTC.
 */
export function probes(timeZone: string, fromMs: number, toMs: number): { probes: number[]; changes: number[] } {
  const found = changes(timeZone, fromMs, toMs);
  const halfYears: number[] = [];
  for (let year = new Date(fromMs).getUTCFullYear(); Date.UTC(year, 0, 1, 12) < toMs; year++) halfYears.push(Date.UTC(year, 0, 1, 12), Date.UTC(year, 6, 1, 12));
  const around = found.flatMap((atMs) => [atMs - 6 * HOUR_MS, atMs + 6 * HOUR_MS]);
  return { probes: [...around, ...halfYears].filter((ms) => ms >= fromMs && ms < toMs), changes: found };
}

/** Instants in [fromMs, toMs) whose wall-clock reading ical.js gives another offset than the time zone database. */
export function wrongOffsets(component: ICAL.Component, timeZone: string, fromMs: number, toMs: number): string[] {
  const zone = readBack(component);
  return probes(timeZone, fromMs, toMs).probes.flatMap((ms) => {
    const expected = offsetSeconds(timeZone, ms);
    const read = icalOffsetSeconds(zone, ms + expected * 1000);
    return read === expected ? [] : [`${timeZone} ${new Date(ms).toISOString()}: ${read} s, not ${expected} s`];
  });
}

export const onsets = (component: ICAL.Component) =>
  component.getAllSubcomponents().reduce((sum, observance) => sum + Math.max(1, observance.getAllProperties('rdate').length), 0);

/** Why an observance is not in the shape Outlook reads (MS-OXCICAL 2.1.3.1.1.19), or null. */
export function outlookFault(observance: ICAL.Component): string | null {
  if (!['standard', 'daylight'].includes(observance.name)) return `a ${observance.name}`;
  for (const name of ['dtstart', 'tzoffsetfrom', 'tzoffsetto']) if (observance.getAllProperties(name).length !== 1) return `not one ${name}`;
  const start = observance.getFirstPropertyValue('dtstart') as ICAL.Time;
  if (start.zone !== ICAL.Timezone.localTimezone && start.zone !== undefined) return 'a DTSTART not in local time';
  const rules = observance.getAllProperties('rrule');
  if (rules.length > 1) return 'more than one RRULE';
  const rule = rules[0]?.getFirstValue() as ICAL.Recur | undefined;
  if (rule && !/^FREQ=YEARLY;BYMONTH=\d{1,2};BYDAY=(-1|[1-5])(SU|MO|TU|WE|TH|FR|SA)(;UNTIL=\d{8}T\d{6}Z)?$/.test(rule.toString())) return `RRULE:${rule.toString()}`;
  return null;
}
