import { DAY_MS, EVENT_YEAR_MAX, EVENT_YEAR_MIN } from './limits.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// ISO 8601's expanded years (±YYYYYY-MM-DD) too, which is how Date writes years outside 0000–9999.
const DATE_ANY_YEAR = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}$/;
const ISO_TIME_PART = 'T00:00:00.000Z'.length;

export function isDateOnly(value: string): boolean {
  return DATE_ONLY.test(value);
}

/**
 * Epoch ms of a YYYY-MM-DD date at UTC midnight: all-day dates are floating, so UTC is only a number line.
 * Date-only ISO strings parse as UTC midnight for every year; Date.UTC would read years 0–99 as 1900–1999.
 */
export function dateToDayMs(date: string): number {
  return DATE_ANY_YEAR.test(date) ? Date.parse(date) : Number.NaN;
}

export function dayMsToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, -ISO_TIME_PART);
}

export function addDays(date: string, days: number): string {
  return dayMsToDate(dateToDayMs(date) + days * DAY_MS);
}

/** How long a timed event without an end lasts. Here rather than beside the event schema: the web app's first screen needs it without zod. */
export const DEFAULT_TIMED_DURATION_MS = 3_600_000;

/** An event's start or end on the number line the stores keep: a date at UTC midnight, a date-time at its instant. */
export function eventTimeMs(value: string): number {
  return DATE_ANY_YEAR.test(value) ? dateToDayMs(value) : Date.parse(value);
}

/** The supported range of EVENT_YEAR_MIN to EVENT_YEAR_MAX on that number line: [first instant, first instant after). */
export const EVENT_RANGE_START_MS = dateToDayMs(`${EVENT_YEAR_MIN}-01-01`);
export const EVENT_RANGE_END_MS = dateToDayMs(`${EVENT_YEAR_MAX + 1}-01-01`);
export const EVENT_YEARS_MESSAGE = `Use a date between ${EVENT_YEAR_MIN} and ${EVENT_YEAR_MAX}`;

/** Whether a start (a date or date-time, as eventTimeMs reads it) is within the supported years. */
export function isStartInEventYears(value: string): boolean {
  const ms = eventTimeMs(value);
  return ms >= EVENT_RANGE_START_MS && ms < EVENT_RANGE_END_MS;
}

/** Whether an end is: ends are exclusive, so the first instant after the range is the latest. */
export function isEndInEventYears(value: string): boolean {
  const ms = eventTimeMs(value);
  return ms > EVENT_RANGE_START_MS && ms <= EVENT_RANGE_END_MS;
}

/** At most this many zones' formatters are kept (a zone's name may be written in any case, so names are unbounded). */
export const ZONE_FORMATTERS_MAX = 1_000;
const zoneDateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter writing an instant's calendar date in a zone as YYYY-MM-DD (en-CA's form), made once per zone:
 * constructing one costs about 0.2 ms, far more than formatting with it. Throws a RangeError for an unknown zone,
 * which is never kept.
 */
export function zoneDateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneDateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Map keeps insertion order: past the bound, the oldest zone goes.
    if (zoneDateFormatters.size >= ZONE_FORMATTERS_MAX) zoneDateFormatters.delete(zoneDateFormatters.keys().next().value!);
    zoneDateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(zone: string): boolean {
  try {
    zoneDateFormatter(zone);
    return true;
  } catch {
    return false;
  }
}
