// "This and following" and "all events" edits of a series, as pure functions of the series and the edit.
// The occurrence a recurrence id names is found by the rule (expand-series), so COUNT arithmetic counts what the
// rule counts, exdated occurrences included.
import { Temporal } from 'temporal-polyfill';
import { RECURRENCE_COUNT_MAX } from '../../shared/limits.ts';
import { formatRecurrenceRule, type RecurrenceRule } from '../../shared/recurrence-rule.ts';
import { addDays } from '../../shared/time.ts';
import {
  countOccurrencesBefore,
  firstOccurrence,
  occurrenceAt,
  recurrenceIdMs,
  seriesRange,
  storedRule,
  type SeriesDefinition,
} from './expand-series.ts';
import { moveRuleDays } from './move-rule-days.ts';

type SeriesTime = Pick<SeriesDefinition, 'allDay' | 'timeZone'>;

/** An override or exdate that moves with its occurrence: its recurrence id before and after. */
export interface RekeyedId {
  from: string;
  to: string;
}

/** The old series cut before an occurrence, and the new series that starts from it. */
export interface SeriesSplit {
  /** The old series' rule, ending just before the split; null when the split is at its first occurrence, so nothing stays. */
  oldRule: string | null;
  /** The starts the old series keeps skipping: those before the split. */
  oldExdate: string[];
  /** The new series' rule: the rest of the COUNT, or the old UNTIL, and its days, moved with the start; null when the rule cannot follow the new start. */
  newRule: string | null;
  newStart: string;
  newExdate: string[];
  /** The overrides from the split on, which move to the new series under new recurrence ids. */
  movedOverrides: RekeyedId[];
}

function wallClock(instant: string, timeZone: string): Temporal.PlainDateTime {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDateTime();
}

/**
 * How far a series' occurrences move when its start moves from `from` to `to`: wall-clock time in the series'
 * zone (whole days for all-day series), so 09:00 → 10:00 stays an hour later on both sides of a DST change.
 */
export function startShift(series: SeriesTime, from: string, to: string): Temporal.Duration {
  if (series.allDay) return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to));
  return wallClock(from, series.timeZone).until(wallClock(to, series.timeZone), { largestUnit: 'day' });
}

/** A recurrence id (or exdate) moved by a start shift, written as the feed writes ids. */
export function shiftRecurrenceId(series: SeriesTime, recurrenceId: string, shift: Temporal.Duration): string {
  if (series.allDay) return Temporal.PlainDate.from(recurrenceId).add(shift).toString();
  const moved = wallClock(recurrenceId, series.timeZone).add(shift).toZonedDateTime(series.timeZone, { disambiguation: 'compatible' });
  return new Date(moved.epochMilliseconds).toISOString();
}

/** UNTIL moved with the start, so the moved series keeps the same number of occurrences. */
function shiftUntil(series: SeriesTime, rule: RecurrenceRule, shift: Temporal.Duration): RecurrenceRule {
  if (!rule.until || shift.blank) return rule;
  const moved = shiftRecurrenceId(series, rule.until.value, shift);
  const value = rule.until.kind === 'date' ? moved : untilInstant(Date.parse(moved));
  return { ...rule, until: { kind: rule.until.kind, value } };
}

/** An instant as UNTIL holds it: whole seconds, rounded down so it never passes the start it bounds. */
function untilInstant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A start's date in the series' zone: the days its rule names are dates there. */
function startDate(series: SeriesTime, start: string): Temporal.PlainDate {
  return series.allDay ? Temporal.PlainDate.from(start) : wallClock(start, series.timeZone).toPlainDate();
}

/**
 * The start of a series' nth occurrence (its start is the 1st), skipped ones included, on the stores' line: COUNT
 * at a time, each stretch starting from the last one's end, as a split does. An all-day series runs as a timed one
 * at midnight UTC, whose range is not widened for the zones a floating date spans.
 */
function nthStartMs(series: SeriesDefinition, rule: RecurrenceRule, n: number): number {
  let startMs = recurrenceIdMs(series.start, series.allDay);
  const timeZone = series.allDay ? 'UTC' : series.timeZone;
  for (let left = n; left > 1; ) {
    const count = Math.min(left, RECURRENCE_COUNT_MAX);
    const start = new Date(startMs).toISOString();
    const rrule = formatRecurrenceRule({ ...rule, until: undefined, count });
    startMs = seriesRange({ rrule, start, end: start, allDay: false, timeZone, exdate: [] }).lastEndMs;
    left -= count - 1;
  }
  return startMs;
}

/**
 * UNTIL for a rule whose days moved otherwise than by the shift (month and year lengths differ): the start of the
 * moved series' occurrence that is as many in as the old series' last, so the series keeps its number of occurrences.
 */
function untilKeepingCount(series: SeriesDefinition, moved: RecurrenceRule, newStart: string): RecurrenceRule {
  const { until } = storedRule(series.rrule);
  if (!until) return moved;
  const afterUntil = until.kind === 'date' ? addDays(until.value, 1) : new Date(Date.parse(until.value) + 1_000).toISOString();
  const count = countOccurrencesBefore(series, afterUntil);
  const lastMs = nthStartMs({ ...series, start: newStart }, moved, Math.max(count, 1));
  const value = series.allDay ? new Date(lastMs).toISOString().slice(0, 10) : untilInstant(lastMs + 999);
  return { ...moved, until: { kind: until.kind, value } };
}

/**
 * A series' rule when its first occurrence moves to newStart: the days it names move with the start
 * (move-rule-days) and it ends after as many occurrences as before. Null when it cannot follow: the new start
 * would not be one of its occurrences.
 */
function movedRule(series: SeriesDefinition, newStart: string): RecurrenceRule | null {
  const rule = storedRule(series.rrule);
  if (newStart === series.start) return rule;
  const days = moveRuleDays(rule, startDate(series, series.start), startDate(series, newStart));
  const moved = days.translated ? shiftUntil(series, days.rule, startShift(series, series.start, newStart)) : untilKeepingCount(series, days.rule, newStart);
  const next = { ...series, rrule: formatRecurrenceRule(moved), start: newStart, end: newStart, exdate: [] };
  return occurrenceAt(next, newStart) ? moved : null;
}

/** Ids before the split stay; ids from it on move, shifted with the new series' start. */
function partition(series: SeriesTime, ids: readonly string[], splitMs: number, shift: Temporal.Duration) {
  const kept: string[] = [];
  const moved: RekeyedId[] = [];
  for (const id of ids) {
    if (recurrenceIdMs(id, series.allDay) < splitMs) kept.push(id);
    else moved.push({ from: id, to: shiftRecurrenceId(series, id, shift) });
  }
  return { kept, moved };
}

/** The old series' rule, ending before the occurrence at splitMs: COUNT keeps the occurrences before it, UNTIL stops a second (or a day) short. */
function ruleBefore(series: SeriesDefinition, rule: RecurrenceRule, recurrenceId: string, before: number): RecurrenceRule {
  if (rule.count !== undefined) return { ...rule, count: before };
  const splitMs = recurrenceIdMs(recurrenceId, series.allDay);
  const until = series.allDay
    ? ({ kind: 'date', value: Temporal.PlainDate.from(recurrenceId).subtract({ days: 1 }).toString() } as const)
    : ({ kind: 'instant', value: untilInstant(splitMs - 1_000) } as const);
  return { ...rule, until };
}

/** How many occurrences the old series keeps: counted for COUNT rules, else whether any come before the split. */
function occurrencesBefore(series: SeriesDefinition, rule: RecurrenceRule, recurrenceId: string, splitMs: number): number {
  if (rule.count !== undefined) return countOccurrencesBefore(series, recurrenceId);
  const first = firstOccurrence(series);
  return first && recurrenceIdMs(first.start, series.allDay) < splitMs ? 1 : 0;
}

/**
 * Splits a series at an occurrence for a "this and following" edit. The new series starts at that occurrence, or
 * at `newStart` when the edit moves it; later exdates and overrides go with it, moved by the same shift.
 * Returns null when the recurrence id is not one of the rule's occurrences.
 */
export function splitSeries(
  series: SeriesDefinition,
  recurrenceId: string,
  edit: { newStart?: string; overrideIds?: readonly string[] } = {},
): SeriesSplit | null {
  const occurrence = occurrenceAt(series, recurrenceId);
  if (!occurrence) return null;
  const rule = storedRule(series.rrule);
  const splitMs = recurrenceIdMs(occurrence.start, series.allDay);
  const before = occurrencesBefore(series, rule, occurrence.start, splitMs);
  const newStart = edit.newStart ?? occurrence.start;
  const shift = startShift(series, occurrence.start, newStart);
  const exdates = partition(series, series.exdate, splitMs, shift);
  const rest = rule.count === undefined ? rule : { ...rule, count: rule.count - before };
  const newRule = movedRule({ ...series, rrule: formatRecurrenceRule(rest), start: occurrence.start, end: occurrence.end }, newStart);
  return {
    oldRule: before === 0 ? null : formatRecurrenceRule(ruleBefore(series, rule, occurrence.start, before)),
    oldExdate: exdates.kept,
    newRule: newRule && formatRecurrenceRule(newRule),
    newStart,
    newExdate: exdates.moved.map((id) => id.to),
    movedOverrides: partition(series, edit.overrideIds ?? [], splitMs, shift).moved,
  };
}

/**
 * An "all events" edit that moves the series' start: every occurrence moves by the same wall-clock shift, so
 * exdates, override recurrence ids, UNTIL and the days the rule names move with it and overrides stay attached
 * to their occurrences. The rule is null when it cannot follow the new start.
 */
export function moveSeries(
  series: SeriesDefinition,
  newStart: string,
  overrideIds: readonly string[] = [],
): { shift: Temporal.Duration; rrule: string | null; exdate: string[]; movedOverrides: RekeyedId[] } {
  const shift = startShift(series, series.start, newStart);
  const rule = movedRule(series, newStart);
  return {
    shift,
    rrule: rule && formatRecurrenceRule(rule),
    exdate: series.exdate.map((id) => shiftRecurrenceId(series, id, shift)),
    movedOverrides: overrideIds.map((id) => ({ from: id, to: shiftRecurrenceId(series, id, shift) })),
  };
}
