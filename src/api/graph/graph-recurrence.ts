// A series' RFC 5545 rule as Microsoft Graph's patternedRecurrence, or the reason it cannot be one. Graph (Exchange)
// expresses fewer rules than RFC 5545, and some it reads differently (day 31 of a 30-day month is the 30th in
// Outlook, skipped in RFC 5545): those are refused, so that no copy in Outlook ever repeats on other days than ours.
import { Temporal } from 'temporal-polyfill';
import { addDays } from '../../shared/time.ts';
import type { RecurrenceDay, RecurrenceRule, Weekday } from '../../shared/recurrence-rule.ts';

type GraphWeekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
type GraphIndex = 'first' | 'second' | 'third' | 'fourth' | 'last';

export interface GraphRecurrencePattern {
  type: 'daily' | 'weekly' | 'absoluteMonthly' | 'relativeMonthly' | 'absoluteYearly' | 'relativeYearly';
  interval: number;
  month?: number;
  dayOfMonth?: number;
  daysOfWeek?: GraphWeekday[];
  firstDayOfWeek?: GraphWeekday;
  index?: GraphIndex;
}

export interface GraphRecurrenceRange {
  type: 'endDate' | 'noEnd' | 'numbered';
  startDate: string;
  endDate?: string;
  numberOfOccurrences?: number;
  recurrenceTimeZone: string;
}

export interface GraphRecurrence {
  pattern: GraphRecurrencePattern;
  range: GraphRecurrenceRange;
}

/** Where the series starts, in its own zone: what Graph's pattern and range are read against. */
export interface SeriesStart {
  /** The first occurrence's local date, YYYY-MM-DD. */
  date: string;
  /** Its local time of day (HH:MM:SS), or null for an all-day series. */
  time: string | null;
  /** The series' IANA zone, for a timed series' UNTIL. */
  timeZone: string;
  /** The zone's name as Graph takes it (a Windows name). */
  graphTimeZone: string;
}

export type GraphRecurrenceResult = { ok: true; recurrence: GraphRecurrence } | { ok: false; reason: string };

const GRAPH_DAYS: Record<Weekday, GraphWeekday> = {
  MO: 'monday',
  TU: 'tuesday',
  WE: 'wednesday',
  TH: 'thursday',
  FR: 'friday',
  SA: 'saturday',
  SU: 'sunday',
};
const ALL_DAYS = Object.values(GRAPH_DAYS);
const INDEXES: Record<number, GraphIndex> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
/** Every month has these days; Outlook moves a later one to the month's last day where RFC 5545 skips the month. */
const DAY_IN_EVERY_MONTH_MAX = 28;

type Pattern = Omit<GraphRecurrencePattern, 'interval'> | string;

const startWeekday = (date: string): GraphWeekday => ALL_DAYS[Temporal.PlainDate.from(date).dayOfWeek - 1]!;
const plainDays = (days: readonly RecurrenceDay[] | undefined) => (days?.every((day) => day.ordinal === null) ? days.map((day) => GRAPH_DAYS[day.weekday]) : null);

/** One day of the month for every month, or (for -1) the last one, as Outlook writes "the last day". */
function monthDay(day: number): Pattern {
  if (day === -1) return { type: 'relativeMonthly', daysOfWeek: ALL_DAYS, index: 'last' };
  if (day >= 1 && day <= DAY_IN_EVERY_MONTH_MAX) return { type: 'absoluteMonthly', dayOfMonth: day };
  return `Outlook cannot repeat on day ${day} of the month as this series does (it would move it in shorter months)`;
}

/** "The 2nd Tuesday", "the last weekday": one ordinal, or weekdays narrowed by one BYSETPOS. */
function relativeDays(rule: RecurrenceRule): Pick<GraphRecurrencePattern, 'daysOfWeek' | 'index'> | string | null {
  const days = rule.byDay;
  if (!days) return null;
  const plain = plainDays(days);
  const setPosition = plain && rule.bySetPos?.length === 1 ? rule.bySetPos[0]! : null;
  const position = rule.bySetPos ? setPosition : days.length === 1 ? days[0]!.ordinal : null;
  const index = position === null ? undefined : INDEXES[position];
  if (!index) return 'Outlook repeats on one weekday position (first to fourth, or last) in a month';
  return { daysOfWeek: plain ?? [GRAPH_DAYS[days[0]!.weekday]], index };
}

function monthlyPattern(rule: RecurrenceRule, start: SeriesStart): Pattern {
  if (rule.byMonth) return 'Outlook cannot limit a monthly series to some months';
  if (rule.byMonthDay && rule.byDay) return 'Outlook cannot combine days of the month with weekdays';
  if (rule.byMonthDay) return rule.byMonthDay.length === 1 ? monthDay(rule.byMonthDay[0]!) : 'Outlook repeats on one day of the month';
  const relative = relativeDays(rule);
  if (relative === null) return monthDay(Number(start.date.slice(8, 10)));
  return typeof relative === 'string' ? relative : { type: 'relativeMonthly', ...relative };
}

function yearlyPattern(rule: RecurrenceRule, start: SeriesStart): Pattern {
  if ((rule.byMonth?.length ?? 1) !== 1) return 'Outlook repeats a yearly series in one month';
  if (rule.byMonthDay && rule.byDay) return 'Outlook cannot combine days of the month with weekdays';
  const month = rule.byMonth?.[0] ?? Number(start.date.slice(5, 7));
  const relative = relativeDays(rule);
  if (typeof relative === 'string') return relative;
  if (relative) return { type: 'relativeYearly', month, ...relative };
  if ((rule.byMonthDay?.length ?? 1) !== 1) return 'Outlook repeats on one day of the month';
  const day = rule.byMonthDay?.[0] ?? Number(start.date.slice(8, 10));
  // 29 February: Outlook shows it on the 28th in other years; RFC 5545 skips those years.
  if (day < 1 || (month === 2 && day > DAY_IN_EVERY_MONTH_MAX)) return `Outlook cannot repeat yearly on day ${day} of month ${month} as this series does`;
  return { type: 'absoluteYearly', month, dayOfMonth: day };
}

function pattern(rule: RecurrenceRule, start: SeriesStart): Pattern {
  if (rule.byWeekNo || rule.byYearDay) return 'Outlook cannot repeat by week number or day of the year';
  if (rule.bySetPos && rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY') return 'Outlook cannot pick positions (BYSETPOS) in a daily or weekly series';
  const firstDayOfWeek = GRAPH_DAYS[rule.wkst];
  switch (rule.freq) {
    case 'DAILY': {
      if (rule.byMonth || rule.byMonthDay) return 'Outlook cannot limit a daily series to some months or days of the month';
      if (!rule.byDay) return { type: 'daily' };
      // Every weekday (FREQ=DAILY;BYDAY=MO,…,FR) is Outlook's weekly pattern on those days.
      const days = plainDays(rule.byDay);
      return days && rule.interval === 1 ? { type: 'weekly', daysOfWeek: days, firstDayOfWeek } : 'Outlook cannot repeat every few days on some weekdays';
    }
    case 'WEEKLY': {
      if (rule.byMonth || rule.byMonthDay) return 'Outlook cannot limit a weekly series to some months or days of the month';
      const days = rule.byDay ? plainDays(rule.byDay) : [startWeekday(start.date)];
      return days ? { type: 'weekly', daysOfWeek: days, firstDayOfWeek } : 'Outlook cannot number the weekdays of a weekly series';
    }
    case 'MONTHLY':
      return monthlyPattern(rule, start);
    case 'YEARLY':
      return yearlyPattern(rule, start);
  }
}

/**
 * Graph's range ends on a date (inclusive) in the series' zone; RFC 5545's UNTIL is the last start allowed. An UNTIL
 * before the series' time of day on its date (a split's "one second before this occurrence") ends the day before.
 */
function endDate(rule: RecurrenceRule, start: SeriesStart): string | undefined {
  const until = rule.until;
  if (!until) return undefined;
  if (until.kind === 'date' || start.time === null) return until.kind === 'date' ? until.value : until.value.slice(0, 10);
  const local = Temporal.Instant.from(until.value).toZonedDateTimeISO(start.timeZone);
  const date = local.toPlainDate().toString();
  return local.toPlainTime().toString() < start.time ? addDays(date, -1) : date;
}

function range(rule: RecurrenceRule, start: SeriesStart): GraphRecurrenceRange {
  const base = { startDate: start.date, recurrenceTimeZone: start.graphTimeZone };
  if (rule.count !== undefined) return { type: 'numbered', ...base, numberOfOccurrences: rule.count };
  const end = endDate(rule, start);
  return end ? { type: 'endDate', ...base, endDate: end } : { type: 'noEnd', ...base };
}

/** The rule as Graph's patternedRecurrence, or the reason Outlook cannot repeat the series exactly so. */
export function toGraphRecurrence(rule: RecurrenceRule, start: SeriesStart): GraphRecurrenceResult {
  const found = pattern(rule, start);
  if (typeof found === 'string') return { ok: false, reason: found };
  return { ok: true, recurrence: { pattern: { ...found, interval: rule.interval }, range: range(rule, start) } };
}
