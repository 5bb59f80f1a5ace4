// An .ics file read into event drafts, each checked as the API checks a client's event: parsed (a 400 naming the line
// at fault), its components read, its events grouped by UID with their changed occurrences, and what cannot be held
// listed as skipped, with why.
import ICAL from 'ical.js';
import { eventWriteSchema, type EventDraft } from '../../shared/event-schema.ts';
import { HttpProblem } from '../errors.ts';
import { checkSeries, toDraft } from '../events/check-series.ts';
import { overrideOf, withOverride } from '../events/series-edits.ts';
import { BODY_FIELD, parseOrThrow } from '../http/request-validation.ts';
import { occurrenceAt } from '../recurrence/expand-series.ts';
import { groupCandidates, type ImportCandidate } from './ical-import-candidates.ts';
import { splitAtFutureChanges } from './ical-import-future-changes.ts';
import { readComponents, type SkippedItem } from './ical-import-records.ts';
import { contentLines, lineCountFault, readIcsLines, type SyntaxFault } from './ical-import-text.ts';
import { zoneContext } from './ical-import-times.ts';
import { ianaZoneOf } from './tzid-zones.ts';

const malformed = ({ line, message, kind }: SyntaxFault) =>
  new HttpProblem(400, 'Bad Request', {
    detail:
      kind === 'limit'
        ? `The file holds more than an import takes (line ${line}: ${message}). Nothing was imported.`
        : `The file is not valid iCalendar (line ${line}: ${message}). Nothing was imported.`,
    errors: [{ field: BODY_FIELD, message: `Line ${line}: ${message}` }],
  });

/**
 * The file's calendars, read once and within every cap, and the items left out for a line they cannot read (each
 * skipped, naming it); a 400 naming the first line at fault when the file is not iCalendar or holds more than an
 * import takes.
 */
export function readIcs(body: Uint8Array): { calendars: ICAL.Component[]; skipped: SkippedItem[] } {
  const tooLong = lineCountFault(body);
  if (tooLong) throw malformed(tooLong);
  const read = readIcsLines(contentLines(body));
  if ('fault' in read) throw malformed(read.fault);
  const skipped = read.broken.map(({ uid, fault }) => ({ uid, reason: `Line ${fault.line}: ${fault.message}, so this item was left out` }));
  return { calendars: read.calendars.map((root) => new ICAL.Component(root)), skipped };
}

/** The file's calendars, as readIcs reads them. */
export function parseIcs(body: Uint8Array): ICAL.Component[] {
  return readIcs(body).calendars;
}

const reasonOf = (problem: HttpProblem) => problem.errors?.map((error) => error.message).join('; ') ?? problem.detail ?? problem.title;

const checkedDraft = (input: unknown) => toDraft(parseOrThrow(eventWriteSchema, input));

/**
 * The candidate as the drafts the stores would keep: its series, split at each change to an occurrence and all after
 * it, each with the changed occurrences it holds among its overrides; a 400 says why not.
 */
function candidateDrafts(candidate: ImportCandidate, skipped: SkippedItem[]): EventDraft[] {
  const input = parseOrThrow(eventWriteSchema, candidate.input);
  const series = checkSeries(input, toDraft(input));
  const futureChanges = candidate.futureChanges.map(({ recurrenceId, input: changed }) => ({ recurrenceId, changed: checkedDraft(changed) }));
  const pieces = splitAtFutureChanges(candidate.uid, series, candidate.overrides.map((o) => o.recurrenceId), futureChanges, skipped);
  for (const { recurrenceId: fileId, input: changed } of candidate.overrides) {
    const piece = pieces.find((p) => p.overrideIds.has(fileId));
    const recurrenceId = piece?.overrideIds.get(fileId) ?? fileId;
    const occurrence = !piece || piece.draft.exdate.includes(recurrenceId) ? null : occurrenceAt(piece.draft, recurrenceId);
    if (!occurrence) {
      skipped.push({ uid: candidate.uid, reason: `The change to the occurrence of ${fileId} was left out: the series has no occurrence then` });
      continue;
    }
    piece!.draft = { ...piece!.draft, overrides: withOverride(piece!.draft.overrides, recurrenceId, overrideOf(piece!.draft, occurrence, checkedDraft(changed))) };
  }
  return pieces.map(({ uid, draft }) => ({ ...draft, importSource: { ...candidate.source, uid } }));
}

/**
 * The zone the file is in: X-WR-TIMEZONE (Google, Apple), else the one zone its VTIMEZONEs name (Exchange writes no
 * X-WR-TIMEZONE), else the importer's. All-day series' date-time UNTILs fall on their date there.
 */
function fileZoneOf(calendars: readonly ICAL.Component[], fallback: string): string {
  const named = calendars.map((calendar) => calendar.getFirstPropertyValue('x-wr-timezone')).filter((value) => typeof value === 'string');
  const tzids = named.length > 0 ? named : calendars.flatMap((calendar) => calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')));
  const zones = new Set(tzids.map((tzid) => (typeof tzid === 'string' ? ianaZoneOf(tzid) : null)));
  const [only] = zones;
  return zones.size === 1 && only ? only : fallback;
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

export interface IcsReadOptions {
  /** The importer's zone: floating times, and the file's zone when it names none. */
  timeZone: string;
  /** The calendar's categories, matched by name. */
  categories: readonly { id: string; name: string }[];
}

/** The file's events as drafts, and what was skipped and why. */
export interface IcsDrafts {
  drafts: EventDraft[];
  skipped: SkippedItem[];
}

/**
 * The file's events as drafts checked as the API checks a client's (before their rich content is made what the stores
 * keep), and what was skipped and why. A file that is not iCalendar, or holds more than an import takes, is a 400.
 */
export async function icsDrafts(body: Uint8Array, { timeZone, categories }: IcsReadOptions): Promise<IcsDrafts> {
  const { calendars, skipped } = readIcs(body);
  const components = readComponents(calendars, zoneContext(calendars, timeZone));
  const records = components.events;
  skipped.push(...components.skipped);
  const grouped = groupCandidates(records, { categories, fileZone: fileZoneOf(calendars, timeZone) });
  skipped.push(...grouped.skipped);
  const drafts: EventDraft[] = [];
  for (const candidate of grouped.candidates) {
    drafts.push(...((await orSkip(candidate.uid, skipped, () => candidateDrafts(candidate, skipped))) ?? []));
  }
  return { drafts, skipped };
}

