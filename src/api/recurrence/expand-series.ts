// A series' occurrences, evaluated in its own zone whatever the process's TZ.
// rrule-temporal omits occurrences whose local time falls in a DST gap (its reading of RFC 5545 §3.3.10); Outlook
// and Google move them forward by the gap instead. So the rule runs on floating wall-clock times (UTC as a plain
// number line, which has no gaps) and each wall-clock start becomes an instant in the series' zone afterwards, with
// Temporal's 'compatible' disambiguation: a gap moves forward (02:30 becomes 03:30), an overlap takes the earlier.
// The series' start is always its first occurrence, whether or not the rule gives it, and counts in COUNT (RFC 5545
// §3.3.10, §3.8.5.3), as Outlook, Google and Apple show it; its extra dates (RDATE) are occurrences too, outside COUNT.
// Every date the rule library gives is checked against the rule in its own period first (own-period.ts).
import { LRUCache } from 'lru-cache';
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { RECURRENCE_WINDOW_OCCURRENCES_MAX } from '../../shared/limits.ts';
import { localDateTimeMs, localStartOf } from '../../shared/local-date-time.ts';
import { parseRecurrenceRule, type RecurrenceRule } from '../../shared/recurrence-rule.ts';
import { dateToDayMs, EVENT_RANGE_END_MS, isDateOnly } from '../../shared/time.ts';
import type { EventWindow } from '../stores/repository.ts';
import { isoDate, isoInstant } from './iso-instant.ts';
import { inOwnPeriod } from './own-period.ts';
import { instantOfWallClockMs, wallClockMs } from './zone-offsets.ts';

/** A series as its rule needs it: the first occurrence, the normalised rule, the zone and the starts it skips or adds. */
export interface SeriesDefinition {
  rrule: string;
  /** The first occurrence: a UTC ISO instant for timed series, a date for all-day ones; end likewise. */
  start: string;
  end: string;
  allDay: boolean;
  /** IANA zone the rule is evaluated in; all-day series are floating and ignore it. */
  timeZone: string;
  /** Occurrence starts to skip, normalised as normaliseSeriesDates writes them. */
  exdate: readonly string[];
  /** Starts of occurrences beside the rule's (RDATE), each as long as the series, normalised likewise; none when absent. */
  rdate?: readonly string[];
  /**
   * The start as the local date-time it was given in (event-schema.ts), '' or absent for a start given as an instant:
   * the wall-clock time the rule repeats, which the instant alone cannot say when the zone skips it on the first day.
   */
  localStart?: string;
}

export interface Occurrence {
  /** The occurrence's original start: a UTC ISO instant, or a date for all-day series. */
  recurrenceId: string;
  start: string;
  end: string;
}

/** An occurrence as a window's expansion gives it: with its start on the stores' line, for ordering the feed. */
export interface WindowOccurrence extends Occurrence {
  startMs: number;
}

/** The last end of a series with no end: 9999-12-31T23:59:59.999Z, so a range filter needs no NULL case. */
export const SERIES_OPEN_END_MS = 253_402_300_799_999;
/** Parsed rules kept, by series id and version: more than the 1,000 series the bench's busiest window matches. */
export const SERIES_CACHE_SIZE = 2_000;
/** How far ahead a new rule's first occurrence is looked for before the rule counts as producing none. */
export const FIRST_OCCURRENCE_SEARCH_YEARS = 30;

const HOUR_MS = 3_600_000;
// A floating all-day date is a different stretch of UTC in each zone, from UTC+14 to UTC-12.
const FLOATING_DATE_WIDENING_MS = 14 * HOUR_MS;
// How far a wall-clock time and its instant's wall-clock reading can differ: a DST shift (up to 2 hours in tzdb's past).
const DST_SLACK_MS = 3 * HOUR_MS;

/** A series ready to expand. Times are on the stores' number line: instants for timed series, UTC-midnight days for all-day ones. */
interface CompiledSeries {
  /** The rule without COUNT (COUNT is counted here, start included), bounded by UNTIL. */
  rule: RRuleTemporal;
  parsed: RecurrenceRule;
  allDay: boolean;
  timeZone: string;
  startMs: number;
  startWallMs: number;
  durationMs: number;
  /** The last possible start, or null when the rule has none (COUNT is counted apart). */
  untilMs: number | null;
  skipped: ReadonlySet<number>;
  /** RDATE starts on the stores' line, in order. */
  added: readonly number[];
  /** A COUNT rule's starts on the floating line, the start first, when they are counted here: on first use. */
  counted: number[] | null;
  /** A COUNT rule left to rrule-temporal: its count less the start when the rule does not give it (null: none left); on first use. */
  countRule: RRuleTemporal | null | undefined;
}

const utc = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO('UTC');

/** An occurrence or exdate id on the stores' number line: NaN when it is not of the series' kind. */
export function recurrenceIdMs(recurrenceId: string, allDay: boolean): number {
  if (allDay) return isDateOnly(recurrenceId) ? dateToDayMs(recurrenceId) : Number.NaN;
  return isDateOnly(recurrenceId) ? Number.NaN : Date.parse(recurrenceId);
}

function toLine(c: CompiledSeries, floatingMs: number): number {
  if (c.allDay) return floatingMs;
  // The first occurrence is the series' own start, even when it is the later of two instants an overlap repeats.
  return floatingMs === c.startWallMs ? c.startMs : instantOfWallClockMs(floatingMs, c.timeZone);
}

function toFloating(c: CompiledSeries, lineMs: number): number {
  return c.allDay ? lineMs : wallClockMs(lineMs, c.timeZone);
}

function toWindowOccurrence(c: CompiledSeries, startMs: number): WindowOccurrence {
  const write = c.allDay ? isoDate : isoInstant;
  const start = write(startMs);
  return { recurrenceId: start, start, end: write(startMs + c.durationMs), startMs };
}

function toOccurrence(c: CompiledSeries, startMs: number): Occurrence {
  const { recurrenceId, start, end } = toWindowOccurrence(c, startMs);
  return { recurrenceId, start, end };
}

/** The rule on the floating line; COUNT is the caller's, since the series' start counts in it (countRuleOf). */
function newRule(rule: RecurrenceRule, startWallMs: number, untilWallMs: number | null, count?: number) {
  return new RRuleTemporal({
    freq: rule.freq,
    interval: rule.interval,
    count,
    byMonth: rule.byMonth,
    byWeekNo: rule.byWeekNo,
    byYearDay: rule.byYearDay,
    byMonthDay: rule.byMonthDay,
    byDay: rule.byDay?.map((day) => `${day.ordinal ?? ''}${day.weekday}`),
    bySetPos: rule.bySetPos,
    wkst: rule.wkst,
    dtstart: utc(startWallMs),
    ...(untilWallMs === null ? {} : { until: utc(untilWallMs) }),
  });
}

/** A stored series' rule, parsed. */
export function storedRule(rrule: string): RecurrenceRule {
  const parsed = parseRecurrenceRule(rrule);
  // Stored rules were normalised on the way in; one that does not parse is a bug, not bad input.
  if (!parsed.ok) throw new Error(`Stored repeat rule does not parse: ${parsed.errors.join('; ')}`);
  return parsed.rule;
}

function untilOnLine(rule: RecurrenceRule, allDay: boolean): number | null {
  if (!rule.until) return null;
  if ((rule.until.kind === 'date') !== allDay) throw new Error(`UNTIL=${rule.until.value} does not suit an ${allDay ? 'all-day' : 'timed'} series`);
  return recurrenceIdMs(rule.until.value, allDay);
}

/** UNTIL on the wall clock the rule runs on. Timed: with slack for an overlap; starts are cut at the real UNTIL later. */
function untilWallMs(c: Pick<CompiledSeries, 'allDay' | 'timeZone' | 'untilMs'>): number | null {
  if (c.untilMs === null) return null;
  return c.allDay ? c.untilMs : wallClockMs(c.untilMs, c.timeZone) + DST_SLACK_MS;
}

function compileSeries(series: SeriesDefinition): CompiledSeries {
  const parsed = storedRule(series.rrule);
  const { allDay, timeZone } = series;
  const startMs = recurrenceIdMs(series.start, allDay);
  const localStart = allDay ? '' : localStartOf(series);
  const startWallMs = allDay ? startMs : localStart ? localDateTimeMs(localStart) : wallClockMs(startMs, timeZone);
  const untilMs = untilOnLine(parsed, allDay);
  return {
    rule: newRule(parsed, startWallMs, untilWallMs({ allDay, timeZone, untilMs })),
    parsed,
    allDay,
    timeZone,
    startMs,
    startWallMs,
    durationMs: recurrenceIdMs(series.end, allDay) - startMs,
    untilMs,
    skipped: new Set(series.exdate.map((id) => recurrenceIdMs(id, allDay))),
    added: (series.rdate ?? []).map((id) => recurrenceIdMs(id, allDay)).sort((a, b) => a - b),
    counted: null,
    countRule: undefined,
  };
}

function isIterationLimit(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Maximum iterations');
}

/**
 * The rule's dates on the floating line from its start, in order, each checked in its own period, while `more`
 * says so; the supported years bound it, and so does rrule-temporal's own limit on a rule that rarely matches.
 */
function eachRuleStart(c: CompiledSeries, rule: RRuleTemporal, more: (wallMs: number) => boolean): void {
  try {
    rule.all((z) => {
      const ms = z.epochMilliseconds;
      if (ms >= EVENT_RANGE_END_MS) return false;
      return !inOwnPeriod(c.parsed, ms) || more(ms);
    });
  } catch (error) {
    if (!isIterationLimit(error)) throw error;
  }
}

/** A COUNT rule's starts on the floating line: the series' start, then the rule's later dates, COUNT in all. */
function countedStarts(c: CompiledSeries, count: number): number[] {
  if (c.counted) return c.counted;
  const starts = [c.startWallMs];
  eachRuleStart(c, c.rule, (ms) => {
    if (starts.length >= count) return false;
    if (ms > c.startWallMs) starts.push(ms);
    return starts.length < count;
  });
  c.counted = starts;
  return starts;
}

/**
 * Whether rrule-temporal may give dates that break the rule in their own period (own-period.ts): numbered weekdays,
 * and BYYEARDAY or BYMONTHDAY beside another part naming days. A COUNT rule of these is counted here, date by date; any
 * other is left to rrule-temporal's own COUNT, which finds a window's dates without walking to them.
 */
function mayLeavePeriod(rule: RecurrenceRule): boolean {
  const numbered = rule.byDay?.some((day) => day.ordinal !== null) ?? false;
  const yearDays = rule.byYearDay !== undefined && (rule.byDay !== undefined || rule.byMonthDay !== undefined);
  return numbered || yearDays || (rule.byMonthDay !== undefined && rule.byDay !== undefined);
}

/** The COUNT rule rrule-temporal counts: the start counts as the first occurrence, given by the rule or not. */
function countRuleOf(c: CompiledSeries, count: number): RRuleTemporal | null {
  if (c.countRule === undefined) {
    const left = firstRuleWallMs(c) === c.startWallMs ? count : count - 1;
    c.countRule = left > 0 ? newRule(c.parsed, c.startWallMs, null, left) : null;
  }
  return c.countRule;
}

/** The rule's dates in [fromWall, toWall] on the floating line, the start apart, in order. */
function ruleWallStarts(c: CompiledSeries, fromWall: number, toWall: number): number[] {
  const { count } = c.parsed;
  if (count !== undefined && mayLeavePeriod(c.parsed)) return countedStarts(c, count).filter((ms) => ms !== c.startWallMs && ms >= fromWall && ms <= toWall);
  const rule = count === undefined ? c.rule : countRuleOf(c, count);
  if (!rule) return [];
  return rule
    .between(new Date(fromWall), new Date(toWall), true)
    .map((z) => z.epochMilliseconds)
    .filter((ms) => ms !== c.startWallMs && inOwnPeriod(c.parsed, ms));
}

/** The series' start and the rule's dates in [fromWall, toWall] on the floating line, in order. */
function wallStarts(c: CompiledSeries, fromWall: number, toWall: number): number[] {
  const found = ruleWallStarts(c, fromWall, toWall);
  return c.startWallMs >= fromWall && c.startWallMs <= toWall ? [c.startWallMs, ...found] : found;
}

/** The start and the rule's starts in [fromMs, toMs] on the stores' line, exdates included: the rule counts them. */
function ruleStarts(c: CompiledSeries, fromMs: number, toMs: number): number[] {
  const slack = c.allDay ? 0 : DST_SLACK_MS;
  return wallStarts(c, toFloating(c, fromMs) - slack, toFloating(c, toMs) + slack)
    .map((ms) => toLine(c, ms))
    .filter((ms) => ms >= fromMs && ms <= toMs && (c.untilMs === null || ms <= c.untilMs || ms === c.startMs));
}

/** Every start of the series in [fromMs, toMs], its RDATEs with the rule's, once each and in order; exdates included. */
function seriesStarts(c: CompiledSeries, fromMs: number, toMs: number): number[] {
  const starts = ruleStarts(c, fromMs, toMs);
  const added = c.added.filter((ms) => ms >= fromMs && ms <= toMs);
  if (added.length === 0) return starts;
  return [...new Set([...starts, ...added])].sort((a, b) => a - b);
}

const compiledRules = new LRUCache<string, CompiledSeries>({ max: SERIES_CACHE_SIZE });

/**
 * Parsed rules are named by everything they are made from, not by a series' id and version: no entry can then
 * serve another series, of this tenant or another, whatever ids an import brings.
 */
function cachedSeries(series: SeriesDefinition): CompiledSeries {
  const rdate = (series.rdate ?? []).join(',');
  const key = `${series.rrule}|${series.start}|${series.end}|${series.allDay}|${series.timeZone}|${series.exdate.join(',')}|${rdate}|${series.localStart ?? ''}`;
  let compiled = compiledRules.get(key);
  if (compiled === undefined) {
    compiled = compileSeries(series);
    compiledRules.set(key, compiled);
  }
  return compiled;
}

/** How many parsed rules are kept, for the test of the cache's bound. */
export const parsedRuleCount = () => compiledRules.size;

/**
 * The occurrences overlapping the window, less exdates, in start order: all-day ones against its dates, timed ones
 * against its instants, as the stores match single events. Expansion starts one duration before the window,
 * never at the series' start, so a window years into a series costs what its first does.
 */
export function expandSeries(series: SeriesDefinition, window: EventWindow): { occurrences: WindowOccurrence[]; truncated: boolean } {
  const c = cachedSeries(series);
  const [fromMs, toMs] = c.allDay ? [window.fromDayMs, window.toDayMs] : [window.fromMs, window.toMs];
  // Overlap is start < to and start + duration > from, on whole ms.
  const starts = seriesStarts(c, fromMs - c.durationMs + 1, toMs - 1).filter((ms) => !c.skipped.has(ms));
  return {
    occurrences: starts.slice(0, RECURRENCE_WINDOW_OCCURRENCES_MAX).map((ms) => toWindowOccurrence(c, ms)),
    truncated: starts.length > RECURRENCE_WINDOW_OCCURRENCES_MAX,
  };
}

/** The series' occurrence with this original start (the rule's, the start or an RDATE), skipped or not; null when it has none there. */
export function occurrenceAt(series: SeriesDefinition, recurrenceId: string): Occurrence | null {
  const c = compileSeries(series);
  const ms = recurrenceIdMs(recurrenceId, c.allDay);
  if (Number.isNaN(ms)) return null;
  return seriesStarts(c, ms, ms).length > 0 ? toOccurrence(c, ms) : null;
}

/** Whether the start or the rule gives this occurrence, not an extra date alone: what COUNT counts. */
export function isCountedOccurrence(series: SeriesDefinition, recurrenceId: string): boolean {
  const c = compileSeries(series);
  const ms = recurrenceIdMs(recurrenceId, c.allDay);
  return !Number.isNaN(ms) && ruleStarts(c, ms, ms).length > 0;
}

/** How many of the rule's occurrences, the start and skipped ones included, start before this one: for COUNT rules. */
export function countOccurrencesBefore(series: SeriesDefinition, recurrenceId: string): number {
  const c = compileSeries(series);
  return ruleStarts(c, c.startMs, recurrenceIdMs(recurrenceId, c.allDay) - 1).length;
}

/** The first date the rule itself gives from the start (which may be the start), on the floating line, within the search; null if none. */
function firstRuleWallMs(c: CompiledSeries): number | null {
  const horizon = utc(c.startWallMs).add({ years: FIRST_OCCURRENCE_SEARCH_YEARS }).epochMilliseconds;
  const search = newRule(c.parsed, c.startWallMs, Math.min(horizon, untilWallMs(c) ?? horizon));
  let first: number | null = null;
  eachRuleStart(c, search, (ms) => {
    const onLine = toLine(c, ms);
    if (c.untilMs === null || onLine <= c.untilMs) first = ms;
    return false;
  });
  return first;
}

/**
 * The rule's own first occurrence, skipped or not, within FIRST_OCCURRENCE_SEARCH_YEARS of the start; null if
 * none. It need not be the start: the start is the series' first occurrence all the same.
 */
export function firstRuleOccurrence(series: SeriesDefinition): Occurrence | null {
  const c = compileSeries(series);
  const first = firstRuleWallMs(c);
  return first === null ? null : toOccurrence(c, toLine(c, first));
}

/** Whether the rule itself gives the series' start (RFC 5545 says it SHOULD): what a move of the start must keep. */
export function ruleGivesStart(series: SeriesDefinition): boolean {
  const c = compileSeries(series);
  return firstRuleWallMs(c) === c.startWallMs;
}

/** Why a normalised rule cannot make this series, for the `rrule` field; empty when it can. */
export function seriesRuleProblems(series: SeriesDefinition): string[] {
  const c = compileSeries(series);
  if (c.untilMs !== null && c.untilMs < c.startMs) return ['The repeat ends (UNTIL) before the series starts'];
  // The start is always an occurrence; a rule that adds none to it does not repeat.
  if (firstRuleWallMs(c) === null) return [`The repeat rule gives no occurrence in the ${FIRST_OCCURRENCE_SEARCH_YEARS} years from the start`];
  return [];
}

/** The last start the rule gives, the series' start at the least, on the stores' line. */
function lastStartMs(c: CompiledSeries): number {
  const { count } = c.parsed;
  if (count !== undefined && mayLeavePeriod(c.parsed)) return toLine(c, countedStarts(c, count).at(-1)!);
  if (count !== undefined) {
    const last = countRuleOf(c, count)?.all().at(-1);
    return last ? toLine(c, last.epochMilliseconds) : c.startMs;
  }
  // UNTIL may be decades of starts, so search back from it.
  const untilWall = untilWallMs(c)!;
  let last = c.rule.previous(new Date(untilWall), true);
  // Timed UNTIL has slack on the wall clock: step back past any start after the real UNTIL, or not in its own period.
  while (last && (toLine(c, last.epochMilliseconds) > c.untilMs! || !inOwnPeriod(c.parsed, last.epochMilliseconds))) last = c.rule.previous(last, false);
  return Math.max(c.startMs, last ? toLine(c, last.epochMilliseconds) : c.startMs);
}

/**
 * The stretch of UTC ms a series can cover, for the stores to index: from its start to its last end, or to
 * SERIES_OPEN_END_MS when it never ends. Floating all-day dates are widened to cover every zone. RDATEs come
 * after the start (the API refuses one before it), but may come after the rule's end.
 */
export function seriesRange(series: SeriesDefinition): { firstStartMs: number; lastEndMs: number } {
  const c = compileSeries(series);
  const widen = c.allDay ? FLOATING_DATE_WIDENING_MS : 0;
  const open = c.untilMs === null && c.parsed.count === undefined;
  const lastStart = Math.max(open ? c.startMs : lastStartMs(c), c.added.at(-1) ?? c.startMs);
  const lastEndMs = open ? SERIES_OPEN_END_MS : lastStart + c.durationMs + widen;
  return { firstStartMs: c.startMs - widen, lastEndMs };
}
