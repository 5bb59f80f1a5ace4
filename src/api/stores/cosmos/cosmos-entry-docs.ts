// An entry of the history as a document of the events container (data-design.md, History).
import type { ChangeEntry } from '../../../shared/history-schema.ts';
import { HISTORY_RETENTION_DAYS } from '../../../shared/limits.ts';
import type { NewChangeEntry } from '../change-entries.ts';

/** The marker of an entry document: no query for events, calendars or categories names it (they filter on fields entries lack). */
export const ENTRY_DOC_TYPE = 'change-entry';
/** An entry's time to live: the account deletes it HISTORY_RETENTION_DAYS after it was written. */
export const ENTRY_TTL_SECONDS = HISTORY_RETENTION_DAYS * 86_400;

/** An entry as stored: the entry whole, plus the fields its queries filter on, named apart from events' fields. */
export interface EntryDoc {
  id: string;
  tenantId: string;
  docType: typeof ENTRY_DOC_TYPE;
  /** The tenant's history sequence number: the entry's cursor. */
  seq: number;
  atMs: number;
  entryCalendarId: string;
  entryFromCalendarId: string | null;
  entryEventId: string | null;
  byId: string;
  entry: NewChangeEntry;
  ttl: number;
}

export const isEntryDoc = (doc: unknown): doc is EntryDoc => (doc as { docType?: unknown } | null)?.docType === ENTRY_DOC_TYPE;

export function fromEntryDoc(doc: EntryDoc): ChangeEntry {
  return { ...doc.entry, id: doc.id, cursor: String(doc.seq) };
}

export function toEntryDoc(tenantId: string, seq: number, entry: NewChangeEntry): EntryDoc {
  return {
    id: `change-${seq}`,
    tenantId,
    docType: ENTRY_DOC_TYPE,
    seq,
    atMs: Date.parse(entry.at),
    entryCalendarId: entry.calendarId,
    entryFromCalendarId: entry.fromCalendarId,
    entryEventId: entry.eventId,
    byId: entry.by.id,
    entry,
    ttl: ENTRY_TTL_SECONDS,
  };
}
