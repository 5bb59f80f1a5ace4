import type { CalendarEvent } from '../../shared/event-schema.ts';
import { SEARCH_PAGE_SIZE } from '../../shared/limits.ts';
import type { SearchHit, SearchPage, SearchQuery } from '../../shared/search-schema.ts';
import { eventTimeMs, isDateOnly } from '../../shared/time.ts';
import type { Principal } from '../auth/principal.ts';
import { fallbackReport, type RenderingLog } from '../content/sanitise-html.ts';
import { matchRanges, searchTerms, snippetOf } from '../content/search-text.ts';
import { validationFailed } from '../errors.ts';
import type { SearchKey, SearchMatch, Store } from '../stores/repository.ts';
import { decodeCursor, encodeCursor } from './search-cursor.ts';
import { seriesHit, type KeyedOccurrence } from './series-hit.ts';

export interface SearchService {
  /**
   * A page of the events in the caller's tenant whose title, location or description's text holds every word of the
   * query, by start then id: single events as they are, each series once (seriesHit says at which occurrence).
   */
  search(principal: Principal, query: SearchQuery): Promise<SearchPage>;
}

export interface SearchServiceOptions {
  /** The clock "next occurrence" counts from when the query names no start: tests set it. */
  now?: () => number;
  /** Where a hit whose description could not be converted as written is reported. */
  log?: RenderingLog;
}

/** A range bound on the stores' line: a date is its UTC midnight, as all-day events are kept. */
const boundMs = (value: string | undefined) => (value === undefined ? undefined : isDateOnly(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value));

const isAfter = (hit: KeyedOccurrence, key: SearchKey) => hit.startMs > key.startMs || (hit.startMs === key.startMs && hit.event.id > key.id);
const byKey = (a: KeyedOccurrence, b: KeyedOccurrence) => a.startMs - b.startMs || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0);

function toHit(event: CalendarEvent, terms: readonly string[], log: RenderingLog | undefined): SearchHit {
  const { calendarId, location, categoryId, description, seriesId } = event.extendedProps;
  const snippet = snippetOf(description, terms, fallbackReport(log, event.id));
  return {
    id: event.id,
    calendarId,
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    location,
    categoryId,
    ...(seriesId === undefined ? {} : { seriesId }),
    snippet,
    highlights: { title: matchRanges(event.title, terms), location: matchRanges(location, terms), snippet: matchRanges(snippet, terms) },
  };
}

/** The query's range on the stores' line; a 400 naming `to` when it ends before it starts. */
function rangeOf(query: SearchQuery): { fromMs?: number; toMs?: number } {
  const [fromMs, toMs] = [boundMs(query.from), boundMs(query.to)];
  if (fromMs !== undefined && toMs !== undefined && toMs <= fromMs) {
    throw validationFailed([{ field: 'to', message: 'The end of the range must be after its start' }]);
  }
  return { ...(fromMs === undefined ? {} : { fromMs }), ...(toMs === undefined ? {} : { toMs }) };
}

/** The match the stores look for: the tenant's calendars the query names (all of them when it names none). */
async function matchOf(store: Store, tenantId: string, query: SearchQuery): Promise<SearchMatch> {
  const wanted = query.calendarId && new Set(query.calendarId);
  const calendarIds = (await store.calendars.list({ tenantId })).map((calendar) => calendar.id).filter((id) => !wanted || wanted.has(id));
  return { tenantId, terms: searchTerms(query.q), calendarIds, ...(query.categoryId ? { categoryIds: query.categoryId } : {}), ...rangeOf(query) };
}

/** Search over the store's index of events' words; series placed at one occurrence each and merged in by start. */
export function createSearchService(store: Store, { now = Date.now, log }: SearchServiceOptions = {}): SearchService {
  return {
    async search({ tenantId }, query) {
      const match = await matchOf(store, tenantId, query);
      // Words of hyphens only ("-", "–") fold to no term at all: nothing is asked for, so nothing is found.
      if (match.terms.length === 0) return { hits: [], nextCursor: null };
      const pageSize = query.limit ?? SEARCH_PAGE_SIZE;
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
      const referenceMs = cursor?.referenceMs ?? match.fromMs ?? now();
      const after = cursor?.after ?? null;
      // One more than a page: enough to know whether another follows.
      const [singles, series] = await Promise.all([
        store.search.findEvents({ ...match, after, limit: pageSize + 1 }),
        store.search.findSeries(match),
      ]);
      const occurrences = series
        .map((one) => seriesHit(one, { fromMs: match.fromMs, toMs: match.toMs, referenceMs }))
        .filter((hit): hit is KeyedOccurrence => hit !== null && (after === null || isAfter(hit, after)));
      const merged = [...singles.map((event) => ({ event, startMs: eventTimeMs(event.start) })), ...occurrences].sort(byKey);
      const page = merged.slice(0, pageSize);
      const last = page.at(-1);
      return {
        hits: page.map(({ event }) => toHit(event, match.terms, log)),
        nextCursor: merged.length > pageSize && last ? encodeCursor({ referenceMs, after: { startMs: last.startMs, id: last.event.id } }) : null,
      };
    },
  };
}
