// An event in its calendar's trash, on Cosmos: the same document, its calendarId swapped for the trash's id. Every read
// of a calendar's events filters on calendarId (the window queries on their composite index, search, imports' UIDs,
// category counts, get), so a trashed event leaves them all with one conditional replace and costs them nothing.
import type { UserRef } from '../../../shared/event-schema.ts';
import { EVENT_TRASH_DAYS } from '../../../shared/limits.ts';
import type { TrashedEventRecord } from '../repository.ts';
import { fromEventDoc, type EventDoc } from './cosmos-event-docs.ts';

/** A trashed event's time to live: the account deletes it EVENT_TRASH_DAYS after it was trashed (its last write). */
export const TRASH_TTL_SECONDS = EVENT_TRASH_DAYS * 86_400;

/** The calendarId of a calendar's trashed events: no calendar has it (calendar ids are UUIDs). */
export const trashIdOf = (calendarId: string): string => `trash:${calendarId}`;

/** The event moved to its calendar's trash: its version one on, and when and by whom. */
export function toTrashed(doc: EventDoc, actor: UserRef, now: Date): EventDoc {
  return {
    ...doc,
    calendarId: trashIdOf(doc.calendarId),
    trashedFrom: doc.calendarId,
    deletedAt: now.toISOString(),
    deletedAtMs: now.getTime(),
    deletedBy: { id: actor.id, name: actor.name },
    version: doc.version + 1,
    ttl: TRASH_TTL_SECONDS,
  };
}

/** The trashed event back in its calendar (no time to live), its version one on, as changed by the actor now. */
export function fromTrashed(doc: EventDoc, actor: UserRef, now: string): EventDoc {
  const { trashedFrom, deletedAt: _at, deletedAtMs: _ms, deletedBy: _by, ttl: _ttl, ...rest } = doc;
  return { ...rest, calendarId: trashedFrom!, version: doc.version + 1, updatedBy: { id: actor.id, name: actor.name }, updatedAt: now };
}

/** What the trash lists of a trashed event: the event as it was, in its own calendar, at its trash version. */
export function trashedRecord(doc: EventDoc): TrashedEventRecord {
  return { event: fromEventDoc({ ...doc, calendarId: doc.trashedFrom! }), deletedAt: doc.deletedAt!, deletedBy: doc.deletedBy! };
}
