// Undo of an occurrence delete: "this event" (an exdate, its override dropped) or "this and following" (the series
// ended before it). The series' last history entry says exactly what the delete changed; its old values go back,
// conditional on the version the delete made, so nothing written since is lost.
import type { EventDraft, OccurrenceOverride } from '../../shared/event-schema.ts';
import type { ChangeEntry, FieldChange } from '../../shared/history-schema.ts';
import type { Principal } from '../auth/principal.ts';
import { HttpProblem } from '../errors.ts';
import { PreconditionFailedError, versionMatches, type ExpectedVersion, type Store } from '../stores/repository.ts';
import type { OccurrenceScope } from './occurrence-service.ts';

/** The fields of a series an occurrence delete changes: its rule, skipped and extra dates, and changed occurrences. */
const DELETED_OCCURRENCE_FIELDS = /^(?:rrule|exdate|rdate|overrides\..+)$/;
const OVERRIDE_PREFIX = 'overrides.';

export interface OccurrenceUndo {
  eventId: string;
  /** The occurrence's recurrence id as the feed writes it (normalised). */
  recurrenceId: string;
  scope: OccurrenceScope;
  /** The version the delete made. */
  expected: ExpectedVersion;
}

/** 409: the series' latest change is not the delete this undo is for (or there is none to undo). */
export const nothingToUndo = () =>
  new HttpProblem(409, 'Conflict', {
    detail: 'The last change to this series is not the delete of this occurrence, so there is nothing to undo here.',
  });

/** Whether the entry is the delete of that occurrence for that scope: only the series' occurrence fields changed. */
function isOccurrenceDelete(entry: ChangeEntry | undefined, undo: OccurrenceUndo): entry is ChangeEntry {
  if (!entry || entry.kind !== 'updated' || entry.scope !== undo.scope || entry.recurrenceId !== undo.recurrenceId) return false;
  if (entry.changes.length === 0 || !entry.changes.every(({ field }) => DELETED_OCCURRENCE_FIELDS.test(field))) return false;
  // "This event" skips the occurrence; a "this and following" edit (not a delete) would have made a new series too,
  // and ends the old series the same way, so the web app asks only after its own delete.
  const exdate = entry.changes.find(({ field }) => field === 'exdate');
  return undo.scope === 'following' || (Array.isArray(exdate?.new) && exdate.new.includes(undo.recurrenceId));
}

/** The series with each changed field's old value back: a value the history stored as null was the field's empty one. */
function withOldValues(draft: EventDraft, changes: readonly FieldChange[]): EventDraft {
  const overrides = { ...draft.overrides };
  const next = { ...draft };
  for (const { field, old } of changes) {
    if (field.startsWith(OVERRIDE_PREFIX)) {
      const id = field.slice(OVERRIDE_PREFIX.length);
      if (old === null) delete overrides[id];
      else overrides[id] = old as OccurrenceOverride;
    } else if (field === 'rrule') next.rrule = typeof old === 'string' ? old : '';
    else if (field === 'exdate' || field === 'rdate') next[field] = Array.isArray(old) ? (old as string[]) : [];
  }
  return { ...next, overrides };
}

/**
 * The series as it was before the delete the undo names, to be written over the version that delete made; throws
 * 412 when the series changed since, 409 when its last change is not that delete.
 */
export async function undoneSeries(store: Store, principal: Principal, undo: OccurrenceUndo, current: { version: number; draft: EventDraft }): Promise<EventDraft> {
  if (!versionMatches(undo.expected, current.version)) throw new PreconditionFailedError();
  const [last] = await store.history.forEvent({ tenantId: principal.tenantId, eventId: undo.eventId, before: null, limit: 1 });
  if (!isOccurrenceDelete(last, undo) || last.version !== current.version) throw nothingToUndo();
  return withOldValues(current.draft, last.changes);
}
