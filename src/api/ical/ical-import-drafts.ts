// An .ics file's candidates (ical-import-file.ts, read in the import pool's thread) checked as the API checks a
// client's event, on the main thread: each series checked, split at its changes to an occurrence and all after it,
// with its changed occurrences; what cannot be held listed as skipped, with why.
import { setImmediate } from 'node:timers/promises';
import { eventWriteSchema, type EventDraft } from '../../shared/event-schema.ts';
import { HttpProblem } from '../errors.ts';
import { checkSeries, toDraft } from '../events/check-series.ts';
import { overrideOf, withOverride } from '../events/series-edits.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { occurrenceAt } from '../recurrence/expand-series.ts';
import type { ImportCandidate } from './ical-import-candidates.ts';
import { icsCandidates, type IcsCandidates, type IcsReadOptions } from './ical-import-file.ts';
import { splitAtFutureChanges, type FutureChange, type SeriesPiece } from './ical-import-future-changes.ts';
import type { SkippedItem } from './ical-import-records.ts';

const reasonOf = (problem: HttpProblem) => problem.errors?.map((error) => error.message).join('; ') ?? problem.detail ?? problem.title;

const checkedDraft = (input: unknown) => toDraft(parseOrThrow(eventWriteSchema, input));

/** The changed occurrences set on the pieces of the series holding them; one the series has no occurrence for is skipped. */
async function setOverrides(pieces: SeriesPiece[], { uid, overrides }: ImportCandidate, skipped: SkippedItem[]): Promise<void> {
  for (const { recurrenceId: fileId, input: changed } of overrides) {
    await setImmediate();
    const piece = pieces.find((p) => p.overrideIds.has(fileId));
    const recurrenceId = piece?.overrideIds.get(fileId) ?? fileId;
    const occurrence = !piece || piece.draft.exdate.includes(recurrenceId) ? null : occurrenceAt(piece.draft, recurrenceId);
    if (!occurrence) {
      skipped.push({ uid, reason: `The change to the occurrence of ${fileId} was left out: the series has no occurrence then` });
      continue;
    }
    piece!.draft = { ...piece!.draft, overrides: withOverride(piece!.draft.overrides, recurrenceId, overrideOf(piece!.draft, occurrence, checkedDraft(changed))) };
  }
}

/**
 * The candidate as the drafts the stores would keep: its series, split at each change to an occurrence and all after
 * it, each with the changed occurrences it holds among its overrides; a 400 says why not. One candidate holds up to
 * ICS_IMPORT_COMPONENTS_MAX changes, each taking up to tens of ms: others are answered between them.
 */
async function candidateDrafts(candidate: ImportCandidate, skipped: SkippedItem[]): Promise<EventDraft[]> {
  const input = parseOrThrow(eventWriteSchema, candidate.input);
  const series = checkSeries(input, toDraft(input));
  const futureChanges: FutureChange[] = [];
  for (const { recurrenceId, input: changed } of candidate.futureChanges) {
    await setImmediate();
    futureChanges.push({ recurrenceId, changed: checkedDraft(changed) });
  }
  const pieces = await splitAtFutureChanges(candidate.uid, series, candidate.overrides.map((o) => o.recurrenceId), futureChanges, skipped);
  await setOverrides(pieces, candidate, skipped);
  return pieces.map(({ uid, draft }) => ({ ...draft, importSource: { ...candidate.source, uid } }));
}

/** Runs a check of one event; its 400 becomes a skip with the API's own reason. */
export async function orSkip<T>(uid: string, skipped: SkippedItem[], check: () => T | Promise<T>): Promise<T | null> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    skipped.push({ uid, reason: reasonOf(error) });
    return null;
  }
}

/** The file's events as drafts, and what was skipped and why. */
export interface IcsDrafts {
  drafts: EventDraft[];
  skipped: SkippedItem[];
}

/**
 * The file's candidates as drafts checked as the API checks a client's (before their rich content is made what the
 * stores keep), and what was skipped and why. Others are answered between candidates, not after them all.
 */
export async function candidatesToDrafts(read: IcsCandidates): Promise<IcsDrafts> {
  const skipped = [...read.skipped];
  const drafts: EventDraft[] = [];
  for (const candidate of read.candidates) {
    drafts.push(...((await orSkip(candidate.uid, skipped, () => candidateDrafts(candidate, skipped))) ?? []));
    await setImmediate();
  }
  return { drafts, skipped };
}

/** The file read and its events checked in this one thread, as the import does in two (ical-import-pool.ts). */
export async function icsDrafts(body: Uint8Array, options: IcsReadOptions): Promise<IcsDrafts> {
  return candidatesToDrafts(icsCandidates(body, options));
}
