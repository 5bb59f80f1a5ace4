import { z } from 'zod';
import { calendarEventSchema, userRefSchema } from './event-schema.ts';

/**
 * What a change did. An event's: created, updated (its fields), moved (to another calendar, perhaps with other fields),
 * deleted (to its calendar's trash), restored (from it). A calendar's own (eventId null): created, updated (its name,
 * colour, description, editors, or its categories), deleted (to the tenant's calendar trash), restored.
 */
export const CHANGE_KINDS = ['created', 'updated', 'moved', 'deleted', 'restored'] as const;
export const changeKindSchema = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** How much of a series a change was made to, as the person chose: this occurrence, it and those after, or all. */
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export const seriesScopeSchema = z.enum(SERIES_SCOPES);
export type SeriesScope = z.infer<typeof seriesScopeSchema>;

/**
 * One field a change changed, with its value before and after, whole (long descriptions too). `field` is the event's
 * field as event-schema.ts names it in the flat record (title, start, end, allDay, location, description, categoryId,
 * rrule, exdate, timeZone, url, …), `overrides.<recurrenceId>` for one occurrence's override (null when there was none
 * or is none now), or a calendar's field (name, color, description, editors), or `category.<categoryId>` for a category
 * (its { name, color, icon }, null when created or deleted). Undefined values are stored as null.
 */
export const fieldChangeSchema = z.object({ field: z.string(), old: z.unknown(), new: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/**
 * One entry of the history: who changed what, when. Written by the store in the same transaction (SQLite) or with the
 * same conditional write (Cosmos) as the change itself, so there is never a change without its entry or the reverse.
 */
export const changeEntrySchema = z.object({
  /** Unique in the tenant. */
  id: z.string(),
  /**
   * Opaque to clients, ordered within a tenant by when the store wrote the entry: the live stream's event id
   * (Last-Event-ID), and the history pages' cursor.
   */
  cursor: z.string(),
  /** The calendar the event is in after the change (a move's target; a deleted event's calendar). */
  calendarId: z.string(),
  /** A move's calendar before; null otherwise. */
  fromCalendarId: z.string().nullable(),
  /** The event's or series' id; null for a change to the calendar itself (or its categories). */
  eventId: z.string().nullable(),
  /** Whether eventId names a series. */
  series: z.boolean(),
  /** The event's (or calendar's) title or name after the change (before it, for a delete): what an activity list shows. */
  title: z.string(),
  kind: changeKindSchema,
  /** For a change to a series made through one occurrence, or to all of it: the scope chosen; null otherwise. */
  scope: seriesScopeSchema.nullable(),
  /** The occurrence a 'this' or 'following' change was made through; null otherwise. */
  recurrenceId: z.string().nullable(),
  by: userRefSchema,
  /** ISO 8601 UTC with milliseconds. */
  at: z.string(),
  /** The event's (or calendar's) version after the change: its ETag. */
  version: z.number().int(),
  /** For updated and moved: every field that changed. Created, deleted and restored: empty. */
  changes: z.array(fieldChangeSchema),
});
export type ChangeEntry = z.infer<typeof changeEntrySchema>;

/** A page of history, newest first; `next` is the cursor to ask for the page after, null at the end. */
export const historyPageSchema = z.object({ entries: z.array(changeEntrySchema), next: z.string().nullable() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** An event in its calendar's trash: the event as it was, and when and by whom it was deleted. Its ETag is `etag`. */
export const trashedEventSchema = z.object({
  id: z.string(),
  /** The version restore's If-Match must name (quoted, as an ETag). */
  etag: z.string(),
  event: calendarEventSchema,
  deletedAt: z.string(),
  deletedBy: userRefSchema,
  /** When it will be purged for good. */
  purgeAt: z.string(),
});
export type TrashedEvent = z.infer<typeof trashedEventSchema>;

/** A calendar in the tenant's calendar trash (admins), with how many events went with it. */
export const trashedCalendarSchema = z.object({
  id: z.string(),
  etag: z.string(),
  name: z.string(),
  color: z.string(),
  eventCount: z.number().int(),
  deletedAt: z.string(),
  deletedBy: userRefSchema,
  purgeAt: z.string(),
});
export type TrashedCalendar = z.infer<typeof trashedCalendarSchema>;

/**
 * What the live stream (GET /api/changes, text/event-stream) sends for each change the caller may see: an SSE event
 * `change` whose id is the entry's cursor and whose data is this. Also sent: `refetch` (data {}) when a reconnect's
 * Last-Event-ID is too old or unknown to replay; comments as heartbeats.
 */
export const changeNoticeSchema = changeEntrySchema.pick({ calendarId: true, fromCalendarId: true, eventId: true, kind: true, scope: true, recurrenceId: true, version: true, by: true, at: true }).extend({
  /** The same as eventId: named for what a series' notice is about. */
  seriesId: z.string().nullable(),
});
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

/** The notice the live stream sends for an entry: what it tells every reader of the calendar (never the field values). */
export function noticeOf(entry: ChangeEntry): ChangeNotice {
  const { calendarId, fromCalendarId, eventId, kind, scope, recurrenceId, version, by, at } = entry;
  return { calendarId, fromCalendarId, eventId, kind, scope, recurrenceId, version, by, at, seriesId: entry.series ? eventId : null };
}
