import { z } from 'zod';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from '../../shared/limits.ts';
import { isValidTimeZone } from '../../shared/time.ts';

const id = z.string().min(1).max(100);

export const calendarParamsSchema = z.object({ calendarId: id });
export const eventParamsSchema = z.object({ calendarId: id, eventId: id });
export const categoryParamsSchema = z.object({ calendarId: id, categoryId: id });
export const eventIdParamsSchema = z.object({ eventId: id });
/** An occurrence of a series: its recurrence id is its original start, an ISO instant (…Z) or a date for all-day series. */
export const occurrenceParamsSchema = z.object({ calendarId: id, eventId: id, recurrenceId: z.string().min(1).max(40) });
export const occurrenceScopeQuerySchema = z.object({
  scope: z.enum(['this', 'following'], { error: 'Use scope=this (this event) or scope=following (this and following events)' }),
});
export const subscriptionParamsSchema = z.object({ subscriptionId: id });
/** An .ics import's query: preview=true counts and writes nothing; timeZone is the zone floating times are read in. */
export const icsImportQuerySchema = z.strictObject({
  preview: z.enum(['true', 'false'], { error: 'Use preview=true to count what an import would do, or leave it out' }).optional(),
  timeZone: z.string().refine(isValidTimeZone, 'Use an IANA time zone, e.g. Europe/London').optional(),
});

const HISTORY_LIMIT = /^\d{1,4}$/;
const historyLimitMessage = `Use limit=1 to ${HISTORY_PAGE_MAX}`;
// A date, or a date-time with an offset: an instant whatever the server's zone.
const ACTIVITY_BOUND = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const activityBound = z
  .string()
  .regex(ACTIVITY_BOUND, 'Use a date (YYYY-MM-DD, UTC) or an ISO 8601 date-time with its offset')
  .transform((value) => Date.parse(value))
  .refine((ms) => Number.isFinite(ms), 'No such date');

/** A page of history (an event's, or a calendar's activity): `limit` entries newest first, those before the cursor `before`. */
export const historyPageQuerySchema = z.strictObject({
  limit: z
    .string()
    .regex(HISTORY_LIMIT, historyLimitMessage)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= HISTORY_PAGE_MAX, historyLimitMessage)
    .default(HISTORY_PAGE_DEFAULT),
  before: z.string().min(1).max(200).nullable().default(null),
});

/** A calendar's activity: a page, filtered to one person's changes (their user id) and to [from, to). */
export const activityQuerySchema = historyPageQuerySchema
  .extend({ by: id.optional(), from: activityBound.optional(), to: activityBound.optional() })
  .refine(({ from, to }) => from === undefined || to === undefined || from < to, { message: 'to must be after from', path: ['to'] });
