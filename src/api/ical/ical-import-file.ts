// An untrusted .ics file read into plain data, in the import pool's thread (ical-import-worker.ts): parsed (a 400
// naming the line at fault), its components read in their zones, its events grouped by UID with their changed
// occurrences, and what cannot be held listed as skipped, with why. Checking the events as the API checks a client's
// (ical-import-drafts.ts) is left to the main thread, so that the thread loads neither zod nor the event schema.
import ICAL from 'ical.js';
import { HttpProblem } from '../errors.ts';
import { BODY_FIELD } from '../http/request-validation.ts';
import { groupCandidates, type ImportCandidate } from './ical-import-candidates.ts';
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

export interface IcsReadOptions {
  /** The importer's zone: floating times, and the file's zone when it names none. */
  timeZone: string;
  /** The calendar's categories, matched by name. */
  categories: readonly { id: string; name: string }[];
}

/** The file's events as candidates not yet checked, and what was skipped and why: plain data, cloned between threads. */
export interface IcsCandidates {
  candidates: ImportCandidate[];
  skipped: SkippedItem[];
}

/** The file's events as candidates, and what was skipped; a file that is not iCalendar, or holds more than an import takes, is a 400. */
export function icsCandidates(body: Uint8Array, { timeZone, categories }: IcsReadOptions): IcsCandidates {
  const { calendars, skipped } = readIcs(body);
  const components = readComponents(calendars, zoneContext(calendars, timeZone));
  skipped.push(...components.skipped);
  const grouped = groupCandidates(components.events, { categories, fileZone: fileZoneOf(calendars, timeZone) });
  skipped.push(...grouped.skipped);
  return { candidates: grouped.candidates, skipped };
}
