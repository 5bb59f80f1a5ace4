// "This and following" and "all events" edits of a series, as pure functions of the series and the edit.
// The occurrence a recurrence id names is found by the rule (expand-series), so COUNT arithmetic counts what the
// rule counts, exdated occurrences included.
import { Temporal } from 'temporal-polyfill';
import { localStartOf, occurrenceLocalStart } from '../../shared/local-date-time.ts';
import { formatRecurrenceRule, type RecurrenceRule } from '../../shared/recurrence-rule.ts';
import { dateToDayMs, dayMsToDate } from '../../shared/time.ts';
import { countOccurrencesBefore, isCountedOccurrence, occurrenceAt, recurrenceIdMs, ruleGivesStart, storedRule, type SeriesDefinition } from './expand-series.ts';
import { moveRuleDays } from './move-rule-days.ts';
import { firstStarts, startsThrough } from './occurrence-positions.ts';

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
  /** The extra dates (RDATE) the old series keeps, those before the split, and those the new one takes, moved with its start. */
  oldRdate: string[];
  newRdate: string[];
  /** The overrides from the split on, which move to the new series under new recurrence ids. */
  movedOverrides: RekeyedId[];
}

function wallClock(instant: string, timeZone: string): Temporal.PlainDateTime {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDateTime();
}

/** Local starts (event-schema.ts's localStart) of the two sides of a move, where a side has one: its wall-clock time. */
interface LocalStarts {
  from?: string;
  to?: string;
}

/**
 * How far a series' occurrences move when its start moves from `from` to `to`: wall-clock time in the series'
 * zone (whole days for all-day series), so 09:00 → 10:00 stays an hour later on both sides of a DST change. A side
 * given in local time is read at that time, which its instant misreads on a day the zone skips it.
 */
export function startShift(series: SeriesTime, from: string, to: string, local: LocalStarts = {}): Temporal.Duration {
  if (series.allDay) return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to));
  const wall = (instant: string, localStart = '') => (localStart ? Temporal.PlainDateTime.from(localStart) : wallClock(instant, series.timeZone));
  return wall(from, local.from).until(wall(to, local.to), { largestUnit: 'day' });
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
 * UNTIL for a rule whose days moved otherwise than by the shift (month and year lengths differ): the start of the
 * moved series' occurrence that is as many in as the old series' last, so the series keeps its number of
 * occurrences; moved by the shift past MOVE_POSITIONS_MAX occurrences.
 */
function untilKeepingCount(series: SeriesDefinition, moved: RecurrenceRule, newStart: string, shift: Temporal.Duration): RecurrenceRule {
  const { until } = storedRule(series.rrule);
  if (!until) return moved;
  const { starts, all } = startsThrough(series, recurrenceIdMs(until.value, series.allDay));
  const count = all ? starts.length : 0;
  const open = { ...series, start: newStart, rrule: formatRecurrenceRule({ ...moved, until: undefined }) };
  const lastMs = count === 0 ? undefined : firstStarts(open, count)[count - 1];
  if (lastMs === undefined) return shiftUntil(series, moved, shift);
  // An instant UNTIL rounds up to the second, so that it keeps the last start it bounds.
  return { ...moved, until: until.kind === 'date' ? { kind: 'date', value: dayMsToDate(lastMs) } : { kind: 'instant', value: untilInstant(lastMs + 999) } };
}

/** How a move takes a series' exdates and override ids along. */
type Rekey = (ids: readonly string[]) => RekeyedId[];

/**
 * Ids of a series moved to the occurrences at the same positions in the moved one, through MOVE_POSITIONS_MAX
 * occurrences; ids there that name none are left out, ids past them move by the shift.
 */
function rekeyByPosition(series: SeriesDefinition, moved: SeriesDefinition, ids: readonly string[], byShift: Rekey): RekeyedId[] {
  if (ids.length === 0) return [];
  const idsMs = ids.map((id) => recurrenceIdMs(id, series.allDay));
  const { starts, all } = startsThrough(series, Math.max(...idsMs));
  const countedThroughMs = all ? Number.POSITIVE_INFINITY : (starts.at(-1) ?? Number.NEGATIVE_INFINITY);
  const positions = new Map(starts.map((ms, position) => [ms, position]));
  const movedStarts = firstStarts(moved, Math.max(0, ...idsMs.map((ms) => (positions.get(ms) ?? -1) + 1)));
  const write = series.allDay ? dayMsToDate : (ms: number) => new Date(ms).toISOString();
  return ids.flatMap((id, i) => {
    if (idsMs[i]! > countedThroughMs) return byShift([id]);
    const to = movedStarts[positions.get(idsMs[i]!) ?? -1];
    return to === undefined ? [] : [{ from: id, to: write(to) }];
  });
}

/** A series' rule after its first occurrence moves, null when it cannot follow; and how its ids move with it. */
interface MovedSeries {
  rule: RecurrenceRule | null;
  rekey: Rekey;
}

/**
 * A series whose first occurrence moves to newStart: the days its rule names move with the start
 * (move-rule-days) and it ends after as many occurrences as before. Exdates and overrides move by the same shift
 * as the start, or, when the days moved otherwise than the dates, to the occurrences at the same positions.
 * The rule is null when it cannot follow: the new start would no longer be one of its occurrences.
 */
function moveStart(series: SeriesDefinition, newStart: string, newLocalStart = ''): MovedSeries {
  const rule = storedRule(series.rrule);
  const fromLocal = series.allDay ? '' : localStartOf(series);
  const shift = startShift(series, series.start, newStart, { from: fromLocal, to: newLocalStart });
  const byShift: Rekey = (ids) => ids.map((id) => ({ from: id, to: shiftRecurrenceId(series, id, shift) }));
  if (newStart === series.start) return { rule, rekey: byShift };
  const days = moveRuleDays(rule, startDate(series, series.start), startDate(series, newStart));
  const moved = days.translated ? shiftUntil(series, days.rule, shift) : untilKeepingCount(series, days.rule, newStart, shift);
  const length = recurrenceIdMs(series.end, series.allDay) - recurrenceIdMs(series.start, series.allDay);
  const end = series.allDay ? dayMsToDate(dateToDayMs(newStart) + length) : new Date(Date.parse(newStart) + length).toISOString();
  const next = { ...series, rrule: formatRecurrenceRule(moved), start: newStart, end };
  // A series whose start its rule gives must keep it so; one created starting off its rule may move so still.
  if (!ruleGivesStart(next) && ruleGivesStart(series)) return { rule: null, rekey: byShift };
  return { rule: moved, rekey: days.translated ? byShift : (ids) => rekeyByPosition(series, next, ids, byShift) };
}

/** Ids before the split stay; ids from it on move with the new series' start. */
function partition(series: SeriesTime, ids: readonly string[], splitMs: number, rekey: Rekey) {
  const kept = ids.filter((id) => recurrenceIdMs(id, series.allDay) < splitMs);
  return { kept, moved: rekey(ids.filter((id) => !(recurrenceIdMs(id, series.allDay) < splitMs))) };
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

/** How many occurrences the old series keeps: counted for COUNT rules, else whether any (its start, the first) come before the split. */
function occurrencesBefore(series: SeriesDefinition, rule: RecurrenceRule, recurrenceId: string, splitMs: number): number {
  if (rule.count !== undefined) return countOccurrencesBefore(series, recurrenceId);
  return recurrenceIdMs(series.start, series.allDay) < splitMs ? 1 : 0;
}

/** Extra dates before the split stay; later ones move by the start's shift, the split's own (the new start) dropped. */
function partitionRdates(series: SeriesDefinition, splitMs: number, { start, newStart, local }: { start: string; newStart: string; local: LocalStarts }) {
  const rdate = series.rdate ?? [];
  const shift = startShift(series, start, newStart, local);
  const later = rdate.filter((id) => recurrenceIdMs(id, series.allDay) > splitMs);
  return {
    kept: rdate.filter((id) => recurrenceIdMs(id, series.allDay) < splitMs),
    moved: later.map((id) => shiftRecurrenceId(series, id, shift)),
  };
}

/**
 * Splits a series at an occurrence for a "this and following" edit. The new series starts at that occurrence, or
 * at `newStart` when the edit moves it; later exdates and overrides go with it, moved as its occurrences move.
 * Returns null when the recurrence id is not one of the rule's occurrences.
 */
export function splitSeries(
  series: SeriesDefinition,
  recurrenceId: string,
  edit: { newStart?: string; newLocalStart?: string; overrideIds?: readonly string[] } = {},
): SeriesSplit | null {
  const occurrence = occurrenceAt(series, recurrenceId);
  if (!occurrence) return null;
  const rule = storedRule(series.rrule);
  const splitMs = recurrenceIdMs(occurrence.start, series.allDay);
  const before = occurrencesBefore(series, rule, occurrence.start, splitMs);
  const newStart = edit.newStart ?? occurrence.start;
  // Split at an extra date, the new series' start counts in its COUNT though the old one did not count it.
  const extra = isCountedOccurrence(series, occurrence.start) ? 0 : 1;
  const rest = rule.count === undefined ? rule : { ...rule, count: rule.count - before + extra };
  // From the occurrence, the series' local time of day: the new series repeats it, wherever it moves (newLocalStart).
  const localStart = series.allDay ? '' : occurrenceLocalStart(series, occurrence.start);
  const from = { ...series, rrule: formatRecurrenceRule(rest), start: occurrence.start, end: occurrence.end, localStart };
  const moved = moveStart(from, newStart, edit.newLocalStart);
  const exdates = partition(series, series.exdate, splitMs, moved.rekey);
  const rdates = partitionRdates(series, splitMs, { start: occurrence.start, newStart, local: { from: localStart, to: edit.newLocalStart } });
  return {
    oldRule: before === 0 ? null : formatRecurrenceRule(ruleBefore(series, rule, occurrence.start, before)),
    oldExdate: exdates.kept,
    newRule: moved.rule && formatRecurrenceRule(moved.rule),
    newStart,
    newExdate: exdates.moved.map((id) => id.to),
    oldRdate: rdates.kept,
    newRdate: rdates.moved,
    movedOverrides: partition(series, edit.overrideIds ?? [], splitMs, moved.rekey).moved,
  };
}

/**
 * An "all events" edit that moves the series' start: every occurrence moves with it (by the same wall-clock
 * shift, or to the same position when the rule's days move otherwise), so exdates, override recurrence ids, UNTIL
 * the days the rule names and extra dates move with it and overrides stay attached to their occurrences. The rule is null
 * when it cannot follow the new start.
 */
export function moveSeries(
  series: SeriesDefinition,
  newStart: string,
  overrideIds: readonly string[] = [],
  newLocalStart = '',
): { rrule: string | null; exdate: string[]; rdate: string[]; movedOverrides: RekeyedId[] } {
  const moved = moveStart(series, newStart, newLocalStart);
  const shift = startShift(series, series.start, newStart, { from: series.allDay ? '' : localStartOf(series), to: newLocalStart });
  return {
    rrule: moved.rule && formatRecurrenceRule(moved.rule),
    exdate: moved.rekey(series.exdate).map((id) => id.to),
    // Extra dates are no position of the rule's: they move by the start's shift.
    rdate: (series.rdate ?? []).map((id) => shiftRecurrenceId(series, id, shift)),
    movedOverrides: moved.rekey(overrideIds),
  };
}
