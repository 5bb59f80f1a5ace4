import { LRUCache } from 'lru-cache';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { DAY_MS, EVENT_WINDOW_CALENDARS_MAX, EVENT_WINDOW_MAX_DAYS } from '../shared/limits.ts';
import {
  dateToDayMs,
  EVENT_RANGE_END_MS,
  EVENT_RANGE_START_MS,
  EVENT_YEARS_MESSAGE,
  isDateOnly,
  isValidTimeZone,
} from '../shared/time.ts';
import { parseOrThrow } from './http/request-validation.ts';
import type { EventWindow } from './stores/repository.ts';

// What FullCalendar's JSON feed sends: a date, or a date-time with or without an offset.
const WINDOW_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

const bound = z.string().regex(WINDOW_BOUND, 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time');

export const eventWindowQuerySchema = z.strictObject({
  start: bound,
  end: bound,
  timeZone: z.string().refine(isValidTimeZone, 'Use an IANA time zone, e.g. Europe/London').default('UTC'),
  calendarId: z
    .union([z.string().min(1), z.array(z.string().min(1))])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string()).max(EVENT_WINDOW_CALENDARS_MAX, `Ask for at most ${EVENT_WINDOW_CALENDARS_MAX} calendars`))
    .optional(),
});

export type EventWindowQuery = z.output<typeof eventWindowQuerySchema>;

/** At most this many parsed feed queries are remembered, by their URL: a view asks for the same few windows again. */
export const PARSED_QUERIES_MAX = 1_000;
/** A longer URL (many calendars) is parsed every time: the remembered ones hold at most this many characters each. */
export const PARSED_QUERY_URL_MAX_CHARS = 1_024;

// Parsing the same query string with zod (and checking its text) was about a twentieth of a cached feed request.
const parsedQueries = new LRUCache<string, EventWindowQuery>({ max: PARSED_QUERIES_MAX });

/** How many parsed queries are remembered now: for the test of their bound. */
export const parsedQueryCount = (): number => parsedQueries.size;

/**
 * The feed's query as the schema reads it, from the request's URL and Fastify's parse of its query string: the
 * same URL parses once, and its answer is frozen, as every request that sends it shares it. A query at fault
 * throws the 400 each time.
 */
export function parseEventWindowQuery(url: string, query: unknown): EventWindowQuery {
  const known = parsedQueries.get(url);
  if (known) return known;
  const parsed = parseOrThrow(eventWindowQuerySchema, query, 'query');
  Object.freeze(parsed.calendarId);
  if (url.length <= PARSED_QUERY_URL_MAX_CHARS) parsedQueries.set(url, Object.freeze(parsed));
  return parsed;
}

/** A window bound as an instant: bounds without an offset are wall-clock times in the viewer's zone. */
function toInstant(value: string, timeZone: string): number {
  if (isDateOnly(value)) return Temporal.PlainDate.from(value).toZonedDateTime({ timeZone }).epochMilliseconds;
  if (HAS_OFFSET.test(value)) return Temporal.Instant.from(value).epochMilliseconds;
  return Temporal.PlainDateTime.from(value).toZonedDateTime(timeZone).epochMilliseconds;
}

/** The calendar date of an instant as seen in a time zone, as epoch ms at UTC midnight. */
function dayMsInZone(epochMs: number, timeZone: string): number {
  return dateToDayMs(Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDate().toString());
}

export type WindowProblem = { field: 'start' | 'end'; message: string };

/** At most this many resolved windows are remembered: views come back to the same few ranges and zones. */
export const RESOLVED_WINDOWS_MAX = 1_000;

// Resolving goes through Temporal, whose objects were about a third of a cached feed request's allocations.
const resolvedWindows = new LRUCache<string, Readonly<EventWindow | WindowProblem>>({ max: RESOLVED_WINDOWS_MAX });

/** How many resolved windows are remembered now: for the test of their bound. */
export const resolvedWindowCount = (): number => resolvedWindows.size;

/** Resolves the query's window to epoch bounds, or says which bound is at fault; the same bounds resolve once. */
export function resolveEventWindow(start: string, end: string, timeZone: string): Readonly<EventWindow | WindowProblem> {
  const key = `${start}\u0000${end}\u0000${timeZone}`;
  const known = resolvedWindows.get(key);
  if (known) return known;
  const resolved = Object.freeze(resolveAnew(start, end, timeZone));
  resolvedWindows.set(key, resolved);
  return resolved;
}

function resolveAnew(start: string, end: string, timeZone: string): EventWindow | WindowProblem {
  let fromMs: number;
  let toMs: number;
  try {
    fromMs = toInstant(start, timeZone);
  } catch {
    return { field: 'start', message: 'Not a valid date or date-time' };
  }
  try {
    toMs = toInstant(end, timeZone);
  } catch {
    return { field: 'end', message: 'Not a valid date or date-time' };
  }
  if (toMs <= fromMs) return { field: 'end', message: 'The end must be after the start' };
  if (toMs - fromMs > EVENT_WINDOW_MAX_DAYS * DAY_MS) {
    return { field: 'end', message: `The window spans at most ${EVENT_WINDOW_MAX_DAYS} days` };
  }
  // A window need only overlap the supported years: a view of their first or last month reaches a little beyond.
  if (fromMs >= EVENT_RANGE_END_MS) return { field: 'start', message: EVENT_YEARS_MESSAGE };
  if (toMs <= EVENT_RANGE_START_MS) return { field: 'end', message: EVENT_YEARS_MESSAGE };
  return {
    fromMs,
    toMs,
    fromDayMs: dayMsInZone(fromMs, timeZone),
    // The window's last instant falls on some date in the zone; all-day events overlap up to the end of that date.
    toDayMs: dayMsInZone(toMs - 1, timeZone) + DAY_MS,
  };
}
