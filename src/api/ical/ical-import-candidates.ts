// The records of one UID (a master and its changed occurrences, in any order in the file) made into one event as a
// client would write it, with its overrides, exdates and where it came from; what cannot be held is skipped, with why.
import { categoryNamed } from '../../shared/category-match.ts';
import type { ImportSource } from '../../shared/event-schema.ts';
import { localDateTimeText } from '../../shared/local-date-time.ts';
import { instantOfWallClockMs } from '../recurrence/zone-offsets.ts';
import { listedDateEvents, type ListedDatesTally } from './ical-import-listed-dates.ts';
import type { SkippedItem, VeventRecord } from './ical-import-records.ts';
import { timeText, type IcalTime } from './ical-import-times.ts';

/** What a title-less event is called, as Outlook and Google show one. */
export const UNTITLED_EVENT = '(No title)';

/** One occurrence changed on its own: its recurrence id as the feed writes it, and its fields as a client writes them. */
export interface OverrideInput {
  recurrenceId: string;
  input: { title: string; start: string; end: string | null; allDay: boolean; url: string; extendedProps: { description: string; location: string } };
}

/** An event of the file, ready to be checked as the API checks a client's: the body, its overrides and its source. */
export interface ImportCandidate {
  uid: string;
  input: Record<string, unknown>;
  overrides: OverrideInput[];
  /** Changes to an occurrence and all after it (RANGE=THISANDFUTURE), each splitting the series there. */
  futureChanges: OverrideInput[];
  source: ImportSource;
}

export interface GroupOptions {
  /** The calendar's categories, matched by name. */
  categories: readonly { id: string; name: string }[];
  /** The zone all-day series' date-time UNTILs fall in, and the zone of an all-day event. */
  fileZone: string;
}

const DAY_MS = 86_400_000;
const wallDate = (floatingMs: number) => new Date(floatingMs).toISOString().slice(0, 10);
const wallTimeMs = (floatingMs: number) => ((floatingMs % DAY_MS) + DAY_MS) % DAY_MS;

/**
 * An occurrence id of the series' kind: a date for all-day series (a date-time's wall-clock date, as Exchange writes
 * them for all-day series), an instant for timed ones (a date taken at the series' start time, in its zone).
 */
function occurrenceIdOf(time: IcalTime, master: VeventRecord, zone: string): string {
  if (master.start.kind === 'date') return time.kind === 'date' ? time.date : wallDate(time.floatingMs);
  if (time.kind === 'instant') return new Date(time.ms).toISOString();
  const start = master.start as Extract<IcalTime, { kind: 'instant' }>;
  return new Date(instantOfWallClockMs(Date.parse(time.date) + wallTimeMs(start.floatingMs), zone)).toISOString();
}

const UNTIL = /UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?/i;

/** UNTIL in the form the rule checker takes: a floating date-time read in the series' zone, a timed series' date as that day's end. */
function fitUntil(rrule: string, allDay: boolean, zone: string): string {
  const m = UNTIL.exec(rrule);
  if (!m || m[7] === 'Z') return rrule;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  if (allDay) return rrule.replace(UNTIL, `UNTIL=${m[1]}${m[2]}${m[3]}`);
  const floating = h === undefined ? Date.UTC(y!, mo! - 1, d!, 23, 59, 59) : Date.UTC(y!, mo! - 1, d!, h, mi!, s!);
  const instant = new Date(instantOfWallClockMs(floating, zone)).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return rrule.replace(UNTIL, `UNTIL=${instant}`);
}

/** A series' extra dates (RDATE) as its occurrence ids; one before its start (its first occurrence here) is left out, saying so. */
function seriesRdates(master: VeventRecord, zone: string, skipped: SkippedItem[]): string[] {
  const ids = master.rdates.map(({ start }) => occurrenceIdOf(start, master, zone));
  const startMs = Date.parse(timeText(master.start));
  const early = ids.filter((id) => Date.parse(id) < startMs);
  if (early.length > 0) skipped.push({ uid: master.uid, reason: `Its extra date(s) (RDATE) before its start were left out: ${early.join(', ')}` });
  return ids.filter((id) => Date.parse(id) >= startMs);
}

const newer = (a: VeventRecord, b: VeventRecord) => a.sequence - b.sequence || (a.modified < b.modified ? -1 : a.modified > b.modified ? 1 : 0);

/** Why the master cannot be an event here, if it cannot. */
function masterProblem(master: VeventRecord, overrides: readonly VeventRecord[]): string | null {
  if (master.cancelled) return 'The event is cancelled (STATUS:CANCELLED)';
  if (master.rrules.length > 1) return 'The event repeats by more than one rule (RRULE): a series here has one';
  if (master.rrules.length === 0 && master.rdateCount === 0 && overrides.length > 0) return 'The file changes occurrences (RECURRENCE-ID) of an event that does not repeat';
  if (master.rrules.length > 0 && master.start.kind === 'instant' && master.start.zone === null) {
    return 'Its time zone matches none we know, so its repeats could not follow daylight saving time';
  }
  return null;
}

/**
 * The occurrences changed on their own, those changed with all after them (RANGE=THISANDFUTURE), and those cancelled
 * (which become exdates); a cancellation of all later ones is skipped, saying so.
 */
function splitOverrides(master: VeventRecord, overrides: readonly VeventRecord[], zone: string, skipped: SkippedItem[]) {
  const changed: OverrideInput[] = [];
  const future: OverrideInput[] = [];
  const cancelled: string[] = [];
  for (const override of overrides) {
    const recurrenceId = occurrenceIdOf(override.recurrenceId!, master, zone);
    if (override.cancelled) {
      if (override.thisAndFuture) skipped.push({ uid: master.uid, reason: `The cancellation of the occurrence of ${recurrenceId} and all after it (RANGE=THISANDFUTURE) was left out` });
      else cancelled.push(recurrenceId);
      continue;
    }
    const { title, start, end, url, description, location } = override;
    const input = { title: title || UNTITLED_EVENT, start: timeText(start), end: end && timeText(end), allDay: start.kind === 'date', url, extendedProps: { description, location } };
    (override.thisAndFuture ? future : changed).push({ recurrenceId, input });
  }
  return { changed, future, cancelled };
}

/**
 * The master's start and end as a client writes them. A series' times in a named zone are local date-times, as the
 * file wrote them, so its rule keeps their wall-clock time even from a day the zone skips it (RFC 5545 §3.3.5); an
 * end in that zone too is then read as the wall-clock length (DTEND 03:30 after a skipped DTSTART 02:30 is an hour).
 */
function startAndEnd(master: VeventRecord, series: boolean): { start: string; end: string | null } {
  const zone = master.start.kind === 'instant' ? master.start.zone : null;
  const local = series && zone !== null && zone !== 'UTC';
  const write = (time: IcalTime) => (local && time.kind === 'instant' && time.zone === zone ? localDateTimeText(time.floatingMs) : timeText(time));
  const start = write(master.start);
  const end = master.end && write(master.end);
  // No end, or an end at the start: this calendar's default length (an event here always lasts a while).
  return { start, end: end && end !== start ? end : null };
}

function candidateOf(master: VeventRecord, overrides: readonly VeventRecord[], options: GroupOptions, skipped: SkippedItem[]): ImportCandidate {
  const allDay = master.start.kind === 'date';
  const zone = master.start.kind === 'instant' ? (master.start.zone ?? 'UTC') : options.fileZone;
  const rrule = master.rrules[0] ? fitUntil(master.rrules[0], allDay, zone) : '';
  const { changed, future, cancelled } = splitOverrides(master, overrides, zone, skipped);
  const exdate = rrule ? [...master.exdates.map((time) => occurrenceIdOf(time, master, zone)), ...cancelled] : [];
  const rdate = rrule ? seriesRdates(master, zone, skipped) : [];
  const all = [master, ...overrides];
  return {
    uid: master.uid,
    input: {
      title: master.title || UNTITLED_EVENT,
      ...startAndEnd(master, rrule !== ''),
      allDay,
      url: master.url,
      rrule,
      exdate,
      rdate,
      extendedProps: {
        description: master.description,
        location: master.location,
        timeZone: zone,
        categoryId: master.categories.map((name) => categoryNamed(options.categories, name)).find(Boolean)?.id ?? '',
        onlineMeetingUrl: master.onlineMeetingUrl,
      },
    },
    overrides: changed,
    futureChanges: future,
    // A change to one occurrence is a change to the series: the newest of all its parts decides.
    source: { uid: master.uid, sequence: Math.max(...all.map((r) => r.sequence)), modified: all.map((r) => r.modified).sort().at(-1)! },
  };
}

/** The file's events by UID, each one candidate; the rest skipped with why. Overrides may come before their master. */
export function groupCandidates(events: readonly VeventRecord[], options: GroupOptions): { candidates: ImportCandidate[]; skipped: SkippedItem[] } {
  const byUid = new Map<string, VeventRecord[]>();
  for (const record of events) byUid.set(record.uid, [...(byUid.get(record.uid) ?? []), record]);
  const candidates: ImportCandidate[] = [];
  const skipped: SkippedItem[] = [];
  const listed: ListedDatesTally = { events: 0 };
  for (const [uid, records] of byUid) {
    const masters = records.filter((record) => record.recurrenceId === null).sort(newer);
    const overrides = records.filter((record) => record.recurrenceId !== null);
    const master = masters.at(-1);
    if (!master) {
      skipped.push({ uid, reason: 'The file changes occurrences (RECURRENCE-ID) of a series it does not hold' });
      continue;
    }
    if (masters.length > 1) skipped.push({ uid, reason: `The file holds this event ${masters.length} times: the newest was imported` });
    const problem = masterProblem(master, overrides);
    if (problem) skipped.push({ uid, reason: problem });
    else if (master.rrules.length === 0 && master.rdateCount > 0) {
      candidates.push(...listedDateEvents(master, overrides, skipped, listed).map((event) => candidateOf(event, [], options, skipped)));
    } else candidates.push(candidateOf(master, overrides, options, skipped));
  }
  return { candidates, skipped };
}
