import { z } from 'zod';
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
