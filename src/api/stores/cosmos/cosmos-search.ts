import type { Container } from '@azure/cosmos';
import type { CalendarEvent } from '../../../shared/event-schema.ts';
import { searchTextOf } from '../../content/search-text.ts';
import type { InTenant, SearchKey, SearchMatch, SearchRepository, StoredCalendar } from '../repository.ts';
import { codeOf, queryAll, readDoc, replaceIfUnchanged } from './cosmos-documents.ts';
import { fromEventDoc, SEARCH_TEXT_VERSION, type EventDoc } from './cosmos-event-docs.ts';
import { searchEventsQuery, searchSeriesQuery, staleSearchTextQuery } from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';

/**
 * Search over each event document's `searchText` (its title, location and description's text, folded, written with
 * every write by toEventDoc): CONTAINS for every term, in the tenant's partition. data-design.md says what it costs.
 */
export class CosmosSearchRepository implements SearchRepository {
  private readonly events: Container;
  private readonly calendars: { list(params: InTenant): Promise<StoredCalendar[]> };

  constructor(events: Container, calendars: { list(params: InTenant): Promise<StoredCalendar[]> }) {
    this.events = events;
    this.calendars = calendars;
  }

  async findEvents(params: SearchMatch & { after: SearchKey | null; limit: number }): Promise<CalendarEvent[]> {
    const match = await this.inVisibleCalendars(params);
    if (match.calendarIds.length === 0) return [];
    return (await queryAll<EventDoc>(this.events, searchEventsQuery(match, match.after), match.limit)).map(fromEventDoc);
  }

  async findSeries(params: SearchMatch): Promise<CalendarEvent[]> {
    const match = await this.inVisibleCalendars(params);
    if (match.calendarIds.length === 0) return [];
    return (await queryAll<EventDoc>(this.events, searchSeriesQuery(match))).map(fromEventDoc);
  }

  /** The match in those of its calendars that are not in the trash: their events stay as they were, so the query cannot tell. */
  private async inVisibleCalendars<T extends SearchMatch>(params: T): Promise<T> {
    if (params.calendarIds.length === 0) return params;
    const visible = new Set((await this.calendars.list({ tenantId: params.tenantId })).map((calendar) => calendar.id));
    return { ...params, calendarIds: params.calendarIds.filter((id) => visible.has(id)) };
  }
}

/**
 * The events container's mark that every event document carries searchText of this version: in a partition no tenant
 * can name. (Version 1's mark was `search-text-backfill`.)
 */
const BACKFILL_DONE = { id: `search-text-backfill-${SEARCH_TEXT_VERSION}`, tenantId: '_system' };

/** The searchText a document from an older build should carry: from its text as it reads (legacy plain descriptions as HTML). */
function searchTextOfDoc(doc: EventDoc): string {
  const event = fromEventDoc(doc);
  return searchTextOf(event.title, event.extendedProps.location, event.extendedProps.description);
}

/** One pass over the documents without searchText of this version, replacing each with it; how many it wrote. */
async function backfillPass(events: Container): Promise<number> {
  const iterator = events.items.query<EventDoc>(staleSearchTextQuery(SEARCH_TEXT_VERSION), { maxItemCount: 100 });
  let written = 0;
  while (iterator.hasMoreResults()) {
    const page = await withRetries(() => iterator.fetchNext(), { idempotent: true });
    for (const doc of page.resources) {
      const next: EventDoc = { ...doc, searchText: searchTextOfDoc(doc), searchVersion: SEARCH_TEXT_VERSION };
      if (await replaceIfUnchanged(events, next)) written++;
    }
  }
  return written;
}

/**
 * Gives searchText of this version to the event documents written before it existed or by an older build, once per
 * database and version: later start-ups read only the mark. Each one is replaced with If-Match; one that changed
 * meanwhile was written with it, and is left.
 * Passes repeat until one writes nothing, so that no document a changing result set skipped is left out. Several
 * instances starting together may each do some of the work: it is the same work, done either way.
 */
export async function backfillSearchText(events: Container): Promise<number> {
  if (await readDoc(events.item(BACKFILL_DONE.id, BACKFILL_DONE.tenantId))) return 0;
  let total = 0;
  for (let written = await backfillPass(events); written > 0; written = await backfillPass(events)) total += written;
  try {
    await withRetries(() => events.items.create({ ...BACKFILL_DONE, doneAt: new Date().toISOString() }), { idempotent: false });
  } catch (error) {
    if (codeOf(error) !== 409) throw error;
  }
  return total;
}
