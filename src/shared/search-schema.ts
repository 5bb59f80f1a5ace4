import { z } from 'zod';
import { EVENT_WINDOW_CALENDARS_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from './limits.ts';

const ids = (what: string) =>
  z
    .union([z.string().min(1), z.array(z.string().min(1))])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string()).max(EVENT_WINDOW_CALENDARS_MAX, `Name at most ${EVENT_WINDOW_CALENDARS_MAX} ${what}`))
    .optional();

const bound = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date-time with an offset, e.g. 2026-11-21T00:00:00Z' }).or(
  z.iso.date({ error: 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset' }),
);

const limitMessage = `Use limit=1 to ${SEARCH_PAGE_SIZE}`;

/** GET /api/search's query: the words, and optional calendars, categories, time range and page. */
export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, 'Enter something to search for')
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
  calendarId: ids('calendars'),
  categoryId: ids('categories'),
  /** Events ending after `from` and starting before `to`; a series matches by its next occurrence in the range. */
  from: bound.optional(),
  to: bound.optional(),
  /** Where the previous page ended, as the last page's nextCursor gave it. */
  cursor: z.string().max(500).optional(),
  /** Fewer hits a page than SEARCH_PAGE_SIZE (the suggestions under the search box ask for a few). */
  limit: z
    .string()
    .regex(/^\d{1,3}$/, limitMessage)
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= SEARCH_PAGE_SIZE, limitMessage)
    .optional(),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One event found: a single event, or a series once, at its next occurrence. */
export interface SearchHit {
  /** The event's id, or the occurrence's id as the feed gives it (GET /api/events/{id} opens either). */
  id: string;
  calendarId: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string;
  categoryId: string;
  /** The series' id when the hit is an occurrence of a series. */
  seriesId?: string;
  /** A short plain-text excerpt of the description around the first match ('' when the description did not match). */
  snippet: string;
  /** Where the query's words are in the title, the location and the snippet, to mark them. */
  highlights: SearchHighlights;
}

/** A stretch of a text: [start, end) in UTF-16 code units, as JavaScript's strings count. */
export interface TextRange {
  start: number;
  end: number;
}

/** The matches of each text a hit shows, in order and never overlapping (at most 20 each: SEARCH_HIGHLIGHTS_MAX). */
export interface SearchHighlights {
  title: TextRange[];
  location: TextRange[];
  snippet: TextRange[];
}

/** A page of results, sorted by start (then id); nextCursor is null on the last page. */
export interface SearchPage {
  hits: SearchHit[];
  nextCursor: string | null;
}
