// A change to an occurrence "and all after it" (RECURRENCE-ID;RANGE=THISANDFUTURE, as Apple Calendar writes one)
// imported as the server's own "this and following" edit does it (split-series.ts): the series ends before that
// occurrence, and a new series starts from it with the change's title, text, link and times, taking the later
// exdates and changed occurrences along. RFC 5545 §3.8.4.4: the change's times move every later occurrence by as much.
import { setImmediate } from 'node:timers/promises';
import type { EventDraft } from '../../shared/event-schema.ts';
import { ICS_IMPORT_SPLITS_MAX } from '../../shared/limits.ts';
import { occurrenceAt, recurrenceIdMs, seriesRuleProblems } from '../recurrence/expand-series.ts';
import { splitSeries } from '../recurrence/split-series.ts';
import type { SkippedItem } from './ical-import-records.ts';

/** One series of the file's event: the master's own UID for the first, the UID and the split's recurrence id after. */
export interface SeriesPiece {
  uid: string;
  draft: EventDraft;
  /** The changed occurrences' recurrence ids as the file writes them, each as this piece's own id. */
  overrideIds: Map<string, string>;
}

/** A change to an occurrence and all after it: its recurrence id, and the occurrence's fields as changed (checked). */
export interface FutureChange {
  recurrenceId: string;
  changed: EventDraft;
}

/** The new series' draft: the piece's series, with the change's fields, from its start on. */
function changedSeries(piece: EventDraft, changed: EventDraft, split: { rrule: string; start: string; exdate: string[]; rdate: string[] }): EventDraft {
  const lengthMs = recurrenceIdMs(changed.end, changed.allDay) - recurrenceIdMs(changed.start, changed.allDay);
  const endMs = recurrenceIdMs(split.start, piece.allDay) + lengthMs;
  const end = piece.allDay ? new Date(endMs).toISOString().slice(0, 10) : new Date(endMs).toISOString();
  const { title, url, description, location } = changed;
  return { ...piece, title, url, description, location, start: split.start, end, rrule: split.rrule, exdate: split.exdate, rdate: split.rdate, overrides: {} };
}

/** The pieces a split makes (the first null when the split is at the piece's start), and where later ids moved. */
interface PieceSplit {
  pieces: [SeriesPiece | null, SeriesPiece];
  moved: Map<string, string>;
}

/** Why the change cannot split the piece, or the split; `laterIds` (of later changes) move with the new series. */
function splitPiece(piece: SeriesPiece, { recurrenceId, changed }: FutureChange, uid: string, laterIds: readonly string[]): string | PieceSplit {
  const { draft } = piece;
  if (changed.allDay !== draft.allDay) return 'it changes a timed series into an all-day one, or back';
  if (draft.exdate.includes(recurrenceId) || !occurrenceAt(draft, recurrenceId)) return 'the series has no occurrence then';
  const ids = [...piece.overrideIds.values(), ...laterIds];
  const split = splitSeries(draft, recurrenceId, { newStart: changed.start, overrideIds: ids });
  if (!split?.newRule) return 'its rule cannot follow the new start';
  const next = changedSeries(draft, changed, { rrule: split.newRule, start: split.newStart, exdate: split.newExdate, rdate: split.newRdate });
  if (seriesRuleProblems(next).length > 0) return 'its rule cannot follow the new start';
  const moved = new Map(split.movedOverrides.map(({ from, to }) => [from, to]));
  const splitMs = recurrenceIdMs(recurrenceId, draft.allDay);
  const [before, after] = [new Map<string, string>(), new Map<string, string>()];
  for (const [fileId, id] of piece.overrideIds) {
    if (recurrenceIdMs(id, draft.allDay) < splitMs) before.set(fileId, id);
    else if (moved.has(id)) after.set(fileId, moved.get(id)!);
  }
  const kept = split.oldRule === null ? null : { ...piece, draft: { ...draft, rrule: split.oldRule, exdate: split.oldExdate, rdate: split.oldRdate }, overrideIds: before };
  // Split at its first occurrence, the whole series changes: the new one keeps the piece's identity.
  return { pieces: [kept, { uid: kept ? uid : piece.uid, draft: next, overrideIds: after }], moved };
}

/**
 * The series split at each change to an occurrence and all after it, earliest first (each splits the last piece), at
 * most ICS_IMPORT_SPLITS_MAX of them; a change that cannot split it is skipped, saying why. A split moves every later
 * change's id (tens of ms for ICS_IMPORT_COMPONENTS_MAX of them): others are answered between splits.
 */
export async function splitAtFutureChanges(uid: string, series: EventDraft, overrideIds: readonly string[], changes: readonly FutureChange[], skipped: SkippedItem[]): Promise<SeriesPiece[]> {
  const pieces: SeriesPiece[] = [{ uid, draft: series, overrideIds: new Map(overrideIds.map((id) => [id, id])) }];
  const ordered = [...changes].sort((a, b) => recurrenceIdMs(a.recurrenceId, series.allDay) - recurrenceIdMs(b.recurrenceId, series.allDay));
  // Each change's recurrence id as the last piece has it: a split that moves the times moves later ids with them.
  const current = ordered.map((change) => change.recurrenceId);
  for (const [index, change] of ordered.entries()) {
    await setImmediate();
    const later = current.slice(index + 1);
    const split =
      index < ICS_IMPORT_SPLITS_MAX ? splitPiece(pieces.at(-1)!, { ...change, recurrenceId: current[index]! }, `${uid}#${change.recurrenceId}`, later) : `the series is split at ${ICS_IMPORT_SPLITS_MAX} changes like it at most`;
    if (typeof split === 'string') {
      skipped.push({ uid, reason: `The change to the occurrence of ${change.recurrenceId} and all after it (RANGE=THISANDFUTURE) was left out: ${split}` });
      continue;
    }
    pieces.pop();
    pieces.push(...split.pieces.filter((piece): piece is SeriesPiece => piece !== null));
    later.forEach((id, i) => (current[index + 1 + i] = split.moved.get(id) ?? id));
  }
  return pieces;
}
