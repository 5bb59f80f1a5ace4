// VTIMEZONEs read back by ical.js alone, against the time zone database (Temporal): what an export's zones are tested by.
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import type { CalendarEvent } from '../../../src/shared/event-schema.ts';

const HOUR_MS = 3_600_000;

/** A series of one-hour occurrences in a zone, as the store gives it, with nothing else set: what an export is fed. */
export function hourSeries({ id, title, start, rrule, timeZone }: { id: string; title: string; start: string; rrule: string; timeZone: string }): CalendarEvent {
  return {
    id,
    title,
    start,
    end: new Date(Date.parse(start) + HOUR_MS).toISOString(),
    allDay: false,
    rrule,
    exdate: [],
    extendedProps: {
      calendarId: 'cal-1',
      description: '',
      location: '',
      timeZone,
      categoryId: '',
      video: '',
      onlineMeetingUrl: '',
      createdBy: { id: 'eddie', name: 'Eddie' },
      updatedBy: { id: 'eddie', name: 'Eddie' },
      createdAt: '2026-01-10T08:00:00.000Z',
      updatedAt: '2026-01-10T08:00:00.000Z',
      version: 1,
    },
  };
}

/** The component as a file carries it, read back by ical.js alone. */
function readBack(component: ICAL.Component): ICAL.Timezone {
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

const offsetSeconds = (timeZone: string, instantMs: number) => Temporal.Instant.fromEpochMilliseconds(instantMs).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e9;

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
function probes(timeZone: string, fromMs: number, toMs: number): { probes: number[]; changes: number[] } {
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

interface OutlookRule {
  month: number;
  weekday: number;
  /** 1–4, or 5 for the last. */
  occurrence: number;
  timeOfDayMs: number;
}

const WEEKDAY_INDEX: Record<string, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };

/** The yearly rule Outlook makes of an observance: its RRULE's, or its DTSTART's month, weekday and occurrence (MS-OXCICAL 2.1.3.1.1.19.2). */
function outlookRule(observance: ICAL.Component): OutlookRule {
  const start = observance.getFirstPropertyValue('dtstart') as ICAL.Time;
  const timeOfDayMs = ((start.hour * 60 + start.minute) * 60 + start.second) * 1000;
  const rule = observance.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  if (rule) {
    const [, ordinal, day] = /^(-1|\d)([A-Z]{2})$/.exec(String((rule.parts as { BYDAY: string[] }).BYDAY[0]))!;
    return { month: (rule.parts as { BYMONTH: number[] }).BYMONTH[0]!, weekday: WEEKDAY_INDEX[day!]!, occurrence: ordinal === '-1' ? 5 : Number(ordinal), timeOfDayMs };
  }
  const weekday = new Date(Date.UTC(start.year, start.month - 1, start.day)).getUTCDay();
  return { month: start.month, weekday, occurrence: Math.ceil(start.day / 7), timeOfDayMs };
}

/** The rule's day in that year, at its time, on the floating line; occurrence 5 is the month's last. */
function ruleWallMs(rule: OutlookRule, year: number): number {
  const first = new Date(Date.UTC(year, rule.month - 1, 1)).getUTCDay();
  let day = 1 + ((rule.weekday - first + 7) % 7) + 7 * (rule.occurrence - 1);
  while (day > new Date(Date.UTC(year, rule.month, 0)).getUTCDate()) day -= 7;
  return Date.UTC(year, rule.month - 1, day) + rule.timeOfDayMs;
}

const latest = (observances: ICAL.Component[]) =>
  observances.reduce<ICAL.Component | undefined>((found, o) => (!found || (o.getFirstPropertyValue('dtstart') as ICAL.Time).compare(found.getFirstPropertyValue('dtstart') as ICAL.Time) > 0 ? o : found), undefined);

const offsetOf = (observance: ICAL.Component) => (observance.getFirstPropertyValue('tzoffsetto') as ICAL.UtcOffset).toSeconds();

/**
 * The offset Outlook gives a wall-clock time (ms on the floating line) in this VTIMEZONE, as MS-OXCICAL says it reads
 * one: its latest STANDARD and latest DAYLIGHT only, each as a yearly rule; with no DAYLIGHT, the STANDARD's offset.
 */
function outlookOffsetSeconds(component: ICAL.Component, wallMs: number): number {
  const standard = latest(component.getAllSubcomponents('standard'))!;
  const daylight = latest(component.getAllSubcomponents('daylight'));
  if (!daylight) return offsetOf(standard);
  const year = new Date(wallMs).getUTCFullYear();
  const [begins, ends] = [ruleWallMs(outlookRule(daylight), year), ruleWallMs(outlookRule(standard), year)];
  const inDaylight = begins < ends ? wallMs >= begins && wallMs < ends : wallMs >= begins || wallMs < ends;
  return offsetOf(inDaylight ? daylight : standard);
}

/** Instants in [fromMs, toMs) whose wall-clock reading Outlook would give another offset than the time zone database. */
export function outlookWrongOffsets(component: ICAL.Component, timeZone: string, fromMs: number, toMs: number): string[] {
  return probes(timeZone, fromMs, toMs).probes.flatMap((ms) => {
    const expected = offsetSeconds(timeZone, ms);
    const read = outlookOffsetSeconds(component, ms + expected * 1000);
    return read === expected ? [] : [`${timeZone} ${new Date(ms).toISOString()}: ${read} s, not ${expected} s`];
  });
}
