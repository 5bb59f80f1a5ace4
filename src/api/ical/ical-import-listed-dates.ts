// An event repeating only on listed dates (RDATE, no RRULE: Nextcloud, Thunderbird and Apple write these) imported as
// single events, one per date: the first at DTSTART keeps the event's UID, each other is found again by the UID and its
// date, so that importing the file again updates them rather than adding more. A change to one date (RECURRENCE-ID)
// is that date's event; a cancelled one, or an EXDATE, leaves its date out.
import { ICS_IMPORT_LISTED_DATES_MAX } from '../../shared/limits.ts';
import { later, type RdateValue, type SkippedItem, type VeventRecord } from './ical-import-records.ts';
import { timeText, type IcalTime } from './ical-import-times.ts';

/** How many single events the file's listed dates have made so far, against ICS_IMPORT_LISTED_DATES_MAX. */
export interface ListedDatesTally {
  events: number;
}

/** The same moment whatever zone wrote it, or the same date. */
const keyOf = (time: IcalTime) => (time.kind === 'date' ? time.date : String(time.ms));

/** How long the event lasts, when its end is of its start's kind. */
function lengthSeconds(start: IcalTime, end: IcalTime | null): number | null {
  if (start.kind === 'date' && end?.kind === 'date') return (Date.parse(end.date) - Date.parse(start.date)) / 1000;
  if (start.kind === 'instant' && end?.kind === 'instant') return (end.ms - start.ms) / 1000;
  return null;
}

/** DTSTART and each RDATE once, in the file's order, less the EXDATEs; each with its end. */
function datesOf(master: VeventRecord): { start: IcalTime; end: IcalTime | null }[] {
  const length = lengthSeconds(master.start, master.end);
  const excluded = new Set(master.exdates.map(keyOf));
  const seen = new Set<string>();
  const all: RdateValue[] = [{ start: master.start, end: master.end }, ...master.rdates];
  return all.flatMap(({ start, end }) => {
    const key = keyOf(start);
    if (seen.has(key) || excluded.has(key)) return [];
    seen.add(key);
    const ownLength = start.kind === master.start.kind ? length : null;
    return [{ start, end: end ?? (ownLength === null ? null : later(start, ownLength)) }];
  });
}

/** The identity of the event made for one date: the UID for DTSTART's, the UID and the date for the others. */
const listedDateUid = (uid: string, start: IcalTime, first: IcalTime) => (keyOf(start) === keyOf(first) ? uid : `${uid}#${timeText(start)}`);

/**
 * The single events of an event repeating only on listed dates, as records of events that do not repeat; past
 * ICS_IMPORT_LISTED_DATES_MAX for the file, none, saying why.
 */
export function listedDateEvents(master: VeventRecord, overrides: readonly VeventRecord[], skipped: SkippedItem[], tally: ListedDatesTally): VeventRecord[] {
  const dates = datesOf(master);
  // Past the cap not every RDATE was read: such an event passes it, whatever its other dates are.
  if (tally.events + dates.length > ICS_IMPORT_LISTED_DATES_MAX || master.rdateCount > ICS_IMPORT_LISTED_DATES_MAX + 1) {
    const count = Math.max(dates.length, master.rdateCount);
    skipped.push({ uid: master.uid, reason: `Its ${count} listed dates (RDATE) would take the file past ${ICS_IMPORT_LISTED_DATES_MAX} events on listed dates, the most an import makes: split the file` });
    return [];
  }
  tally.events += dates.length;
  const changes = new Map(overrides.map((override) => [keyOf(override.recurrenceId!), override]));
  const events = dates.flatMap(({ start, end }): VeventRecord[] => {
    const change = changes.get(keyOf(start));
    changes.delete(keyOf(start));
    if (change?.cancelled) return [];
    const uid = listedDateUid(master.uid, start, master.start);
    // A change is newer than the event it changes: the newer of the two versions decides, as for a series.
    const record = change ? { ...change, sequence: Math.max(change.sequence, master.sequence), modified: [change.modified, master.modified].sort().at(-1)! } : { ...master, start, end };
    return [{ ...record, uid, recurrenceId: null, thisAndFuture: false, rdates: [], rdateCount: 0, exdates: [], rrules: [] }];
  });
  for (const override of changes.values()) {
    skipped.push({ uid: master.uid, reason: `The change to the occurrence of ${timeText(override.recurrenceId!)} was left out: the event has no date then` });
  }
  return events;
}
