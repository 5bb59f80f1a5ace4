// A calendar's events as one iCalendar object (RFC 5545): METHOD:PUBLISH, a VTIMEZONE for every TZID used, then
// the events in start order. Built with ical.js's components; folded and written by ical-lines.ts.
import ICAL from 'ical.js';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { eventTimeMs } from '../../shared/time.ts';
import { SERIES_OPEN_END_MS, seriesRange } from '../recurrence/expand-series.ts';
import { eventComponents, zoneOfEvent, type IcsEventContext } from './ical-event.ts';
import { serialiseIcs } from './ical-lines.ts';
import { prepareVtimezone, vtimezone } from './vtimezone.ts';

export const ICS_PRODUCT_ID = '-//Company Calendar//Company Calendar 1.0//EN';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/**
 * How far VTIMEZONEs reach for a series without an end: through the tenth year past the export's year, or past the
 * series' first occurrence's year when that is later. Every change the time zone database has up to then is written
 * as it is; past it, a zone's yearly rules run on and its last offset holds. Whole years, so the same data makes the
 * same file (and ETag) all year.
 */
export const VTIMEZONE_HORIZON_YEARS = 10;

export interface IcsCalendarInput extends IcsEventContext {
  /** X-WR-CALNAME: the name calendar clients show for a subscription or an import. */
  name: string;
  description?: string;
  events: readonly CalendarEvent[];
  /** The export's time: how far VTIMEZONEs reach for series without an end. */
  now: Date;
}

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();

/** The years an event's values can fall in: a series' whole range, its changed occurrences included. */
function eventYears(event: CalendarEvent, nowYear: number): [number, number] {
  if (!event.rrule) return [yearOf(eventTimeMs(event.start)), yearOf(eventTimeMs(event.end))];
  const { rrule, start, end, allDay, exdate = [] } = event;
  const range = seriesRange({ rrule, start, end, allDay, timeZone: event.extendedProps.timeZone, exdate });
  const firstYear = yearOf(range.firstStartMs);
  let [first, last] = [firstYear, range.lastEndMs >= SERIES_OPEN_END_MS ? Math.max(nowYear, firstYear) + VTIMEZONE_HORIZON_YEARS : yearOf(range.lastEndMs)];
  for (const override of Object.values(event.extendedProps.overrides ?? {})) {
    for (const value of [override.start, override.end]) {
      if (value === undefined) continue;
      first = Math.min(first, yearOf(eventTimeMs(value)));
      last = Math.max(last, yearOf(eventTimeMs(value)));
    }
  }
  return [first, last];
}

/** Each zone the events' TZIDs name, with the years its VTIMEZONE covers. */
function zoneSpans(events: readonly CalendarEvent[], nowYear: number): Map<string, [number, number]> {
  const spans = new Map<string, [number, number]>();
  for (const event of events) {
    const zone = zoneOfEvent(event);
    if (zone === null) continue;
    const [first, last] = eventYears(event, nowYear);
    const known = spans.get(zone);
    spans.set(zone, known ? [Math.min(known[0], first), Math.max(known[1], last)] : [first, last]);
  }
  return spans;
}

function calendarComponent(input: IcsCalendarInput): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', ICS_PRODUCT_ID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', input.name);
  if (input.description) calendar.addPropertyWithValue('x-wr-caldesc', input.description);
  return calendar;
}

/**
 * Works out, the event loop turning, the zone changes buildCalendarIcs() will write for these events: call it first,
 * or building works them out in one go (for every zone from 1900, tens of seconds).
 */
export async function prepareCalendarIcs(events: readonly CalendarEvent[], now: Date): Promise<void> {
  for (const [zone, [from, to]] of zoneSpans(events, now.getUTCFullYear())) await prepareVtimezone(zone, from, to);
}

/** The iCalendar text of these events (already in the order they go out). */
export function buildCalendarIcs(input: IcsCalendarInput): string {
  const calendar = calendarComponent(input);
  const spans = zoneSpans(input.events, input.now.getUTCFullYear());
  for (const [zone, [from, to]] of [...spans].sort(([a], [b]) => (a < b ? -1 : 1))) calendar.addSubcomponent(vtimezone(zone, from, to));
  return serialiseIcs(calendar, eventsComponents(input));
}

/** The events' components one event at a time, made only as they are written out. */
function* eventsComponents(input: IcsCalendarInput): Generator<ICAL.Component> {
  for (const event of input.events) yield* eventComponents(event, input);
}
