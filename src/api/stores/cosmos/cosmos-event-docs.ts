import { toCalendarEvent, type CalendarEvent, type UserRef } from '../../../shared/event-schema.ts';
import { plainTextToHtml } from '../../../shared/rich-text.ts';
import { searchTextOf } from '../../content/search-text.ts';
import type { EventRecord } from '../repository.ts';

/** The mark of an event document whose descriptions are HTML: every document written since issue 11 carries it. */
export const DESCRIPTION_FORMAT_HTML = 'html';

/** The record as it is, plus the partition key and the description mark: the store names none of the event's own fields (data-design.md). */
export interface EventDoc extends EventRecord {
  tenantId: string;
  /** Missing on documents written before descriptions became rich text: theirs are plain text. */
  descriptionFormat?: typeof DESCRIPTION_FORMAT_HTML;
  /** Title, location and description's text, folded (content/search-text.ts): what search looks in. Never returned. */
  searchText?: string;
  /** Which way searchText was worked out (SEARCH_TEXT_VERSION); missing on documents from before issue 28. */
  searchVersion?: number;
  /**
   * In its calendar's trash (cosmos-trash.ts): then calendarId is the trash's id, so that no read of the calendar finds
   * it, and this is the calendar; with when and by whom, and the account's time to live.
   */
  trashedFrom?: string;
  deletedAt?: string;
  deletedAtMs?: number;
  deletedBy?: UserRef;
  ttl?: number;
  _etag?: string;
}

/**
 * How searchText is worked out now: 2 since issue 28 (hyphens and spaces left out, list bullets too). A start-up
 * works out again the searchText of every document of an older one (backfillSearchText).
 */
export const SEARCH_TEXT_VERSION = 2;

/** The document an event write stores. Exported for the bench's bulk load, which writes documents as the store does. */
export function toEventDoc(tenantId: string, record: EventRecord): EventDoc {
  return {
    ...record,
    tenantId,
    descriptionFormat: DESCRIPTION_FORMAT_HTML,
    searchText: searchTextOf(record.title, record.location, record.description),
    searchVersion: SEARCH_TEXT_VERSION,
  };
}

type LegacyOverrides = Record<string, { description?: unknown }> | undefined;

/** A document from before issue 11, its plain-text descriptions (the event's and each override's) read as HTML. */
function withHtmlDescriptions(doc: EventDoc): EventDoc {
  const overrides = doc.overrides as LegacyOverrides;
  const converted =
    overrides &&
    Object.fromEntries(
      Object.entries(overrides).map(([id, override]) => [
        id,
        typeof override.description === 'string' ? { ...override, description: plainTextToHtml(override.description) } : override,
      ]),
    );
  return {
    ...doc,
    ...(typeof doc.description === 'string' ? { description: plainTextToHtml(doc.description) } : {}),
    ...(converted ? { overrides: converted as EventDoc['overrides'] } : {}),
  };
}

/** The document with its descriptions as HTML, whenever it was written: what a change is compared with. */
export function asCurrentDoc(doc: EventDoc): EventDoc {
  return doc.descriptionFormat === DESCRIPTION_FORMAT_HTML ? doc : withHtmlDescriptions(doc);
}

/** Whether a document of the events container is an event (not an entry, a counter or a mark), trashed or not. */
export const isEventDoc = (doc: object): doc is EventDoc => typeof (doc as { startMs?: unknown }).startMs === 'number';

/**
 * An event as the API returns it, from its document. A document without the description mark is converted as it is
 * read, not rewritten: the next write of the event stores it converted and marked. The mark is one comparison, so
 * the feed's thousands of current documents cost nothing more.
 */
export function fromEventDoc(doc: EventDoc): CalendarEvent {
  return toCalendarEvent(asCurrentDoc(doc));
}
