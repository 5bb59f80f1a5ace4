// A series' occurrences by position (its start is the 1st), skipped ones included: what keeps a moved series'
// UNTIL, exdates and overrides on the same occurrences when its days move otherwise than its dates, as when
// "the first Friday" becomes "the first Saturday".
import { DAY_MS, RECURRENCE_COUNT_MAX } from '../../shared/limits.ts';
import { EVENT_RANGE_END_MS } from '../../shared/time.ts';
import { expandSeries, recurrenceIdMs, type SeriesDefinition } from './expand-series.ts';

/**
 * How many occurrences positions are counted through: as many as the longest COUNT rule has. Past them a move
 * shifts UNTIL, exdates and overrides by its dates instead, so that no edit expands decades of a series.
 */
export const MOVE_POSITIONS_MAX = RECURRENCE_COUNT_MAX;

// A window a year long holds at most 366 starts, under expandSeries' cap of RECURRENCE_WINDOW_OCCURRENCES_MAX.
const SCAN_WINDOW_MS = 366 * DAY_MS;

/**
 * A series' starts, skipped ones included, on the stores' line, a year at a time from its start, until `enough`
 * says so (given the starts and the last ms they cover) or the supported years end.
 */
function scanStarts(series: SeriesDefinition, enough: (starts: readonly number[], throughMs: number) => boolean): number[] {
  // No length, exdates or extra dates, so that each window holds exactly the rule's starts (its first, the start, included).
  const { allDay, start } = series;
  const stored = { ...series, end: start, exdate: [], rdate: [] };
  const starts: number[] = [];
  for (let afterMs = recurrenceIdMs(start, allDay) - 1; afterMs < EVENT_RANGE_END_MS && !enough(starts, afterMs); afterMs += SCAN_WINDOW_MS) {
    const toMs = afterMs + SCAN_WINDOW_MS + 1;
    const window = allDay ? { fromMs: 0, toMs: 0, fromDayMs: afterMs, toDayMs: toMs } : { fromMs: afterMs, toMs, fromDayMs: 0, toDayMs: 0 };
    starts.push(...expandSeries(stored, window).occurrences.map((occurrence) => recurrenceIdMs(occurrence.start, allDay)));
  }
  return starts;
}

/** The starts of a series' occurrences through lastMs, at most MOVE_POSITIONS_MAX of them, and whether that is all. */
export function startsThrough(series: SeriesDefinition, lastMs: number): { starts: number[]; all: boolean } {
  const starts = scanStarts(series, (found, throughMs) => throughMs >= lastMs || found.length > MOVE_POSITIONS_MAX).filter((ms) => ms <= lastMs);
  return { starts: starts.slice(0, MOVE_POSITIONS_MAX), all: starts.length <= MOVE_POSITIONS_MAX };
}

/** The starts of a series' first n occurrences (fewer if it has fewer in the supported years). */
export function firstStarts(series: SeriesDefinition, n: number): number[] {
  return scanStarts(series, (found) => found.length >= n).slice(0, n);
}
