// RFC 5545 RRULE values for a series: parsed, checked against §3.3.10 and written back in one canonical form.
// Shared by the web form and the API, so it uses nothing heavier than zod and Intl.
import { z } from 'zod';
import { RECURRENCE_COUNT_MAX, RECURRENCE_EXDATE_MAX, RECURRENCE_INTERVAL_MAX, RECURRENCE_RDATE_MAX, RECURRENCE_RULE_MAX } from './limits.ts';
import { isDateOnly, zoneDateFormatter } from './time.ts';

export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A BYDAY entry: a weekday, with an ordinal for "the 2nd Tuesday" (1MO…53MO, -1MO…-53MO) or null for every one. */
export interface RecurrenceDay {
  weekday: Weekday;
  ordinal: number | null;
}

/** The last possible start: a date for all-day series, a UTC instant (ISO, seconds, Z) for timed ones. */
export type RecurrenceUntil = { kind: 'date'; value: string } | { kind: 'instant'; value: string };

export interface RecurrenceRule {
  freq: RecurrenceFrequency;
  interval: number;
  count?: number;
  until?: RecurrenceUntil;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  byDay?: RecurrenceDay[];
  bySetPos?: number[];
  wkst: Weekday;
}

export type RecurrenceRuleResult = { ok: true; rule: RecurrenceRule } | { ok: false; errors: string[] };

/** What the rule's meaning depends on: UNTIL is a date for all-day series and an instant for timed ones. */
export interface RecurrenceContext {
  allDay: boolean;
  /** The series' zone: the date an all-day series' date-time UNTIL falls on. UTC when absent. */
  timeZone?: string;
}

/** A part's value that cannot be read, and why. */
type Problem = { problem: string };
const problem = (message: string): Problem => ({ problem: message });
const isProblem = (value: unknown): value is Problem => typeof value === 'object' && value !== null && 'problem' in value;

type NumberListPart = 'BYMONTH' | 'BYWEEKNO' | 'BYYEARDAY' | 'BYMONTHDAY' | 'BYSETPOS';
type PartName = 'FREQ' | 'INTERVAL' | 'COUNT' | 'UNTIL' | 'BYDAY' | 'WKST' | NumberListPart;

// Canonical order: how often, how long, then the BY-parts from the widest period to the narrowest.
const PART_ORDER: readonly PartName[] = [
  'FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYMONTH', 'BYWEEKNO', 'BYYEARDAY', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS', 'WKST',
];
type NumberListKey = 'byMonth' | 'byWeekNo' | 'byYearDay' | 'byMonthDay' | 'bySetPos';
const NUMBER_LISTS: Record<NumberListPart, { key: NumberListKey; max: number; signed: boolean }> = {
  BYMONTH: { key: 'byMonth', max: 12, signed: false },
  BYWEEKNO: { key: 'byWeekNo', max: 53, signed: true },
  BYYEARDAY: { key: 'byYearDay', max: 366, signed: true },
  BYMONTHDAY: { key: 'byMonthDay', max: 31, signed: true },
  BYSETPOS: { key: 'bySetPos', max: 366, signed: true },
};
// A series has one time of day, its start's, so the parts that pick times within a day have no place.
const TIME_PARTS = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND']);
const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);

const WHOLE = /^\d+$/;
const SIGNED = /^[+-]?\d+$/;
const DAY_ENTRY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const UNTIL_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;
const PREFIX = /^RRULE:/i;

function isPartName(name: string): name is PartName {
  return (PART_ORDER as readonly string[]).includes(name);
}

/** Splits NAME=VALUE;… into upper-case parts; an .ics line's "RRULE:" prefix is dropped, as pasted rules carry it. */
function splitParts(value: string): { parts: Map<PartName, string>; errors: string[] } {
  const parts = new Map<PartName, string>();
  const errors: string[] = [];
  for (const segment of value.trim().replace(PREFIX, '').split(';')) {
    if (segment.trim() === '') continue;
    const [rawName = '', rawValue, ...rest] = segment.split('=');
    const name = rawName.trim().toUpperCase();
    if (rawValue === undefined || rest.length > 0 || name === '') errors.push(`Each part of the repeat rule is NAME=VALUE, not “${segment}”`);
    else if (TIME_PARTS.has(name)) errors.push(`${name} is not allowed: a series repeats at the time it starts`);
    else if (!isPartName(name)) errors.push(`Unknown part ${name} in the repeat rule`);
    else if (parts.has(name)) errors.push(`${name} appears more than once in the repeat rule`);
    else parts.set(name, rawValue.trim().toUpperCase());
  }
  return { parts, errors };
}

function parseFreq(value: string | undefined): RecurrenceFrequency | Problem {
  if (value === undefined) return problem('The repeat rule needs a FREQ: DAILY, WEEKLY, MONTHLY or YEARLY');
  if ((RECURRENCE_FREQUENCIES as readonly string[]).includes(value)) return value as RecurrenceFrequency;
  if (SUB_DAILY.has(value)) return problem(`FREQ=${value} is not supported: a series repeats daily, weekly, monthly or yearly`);
  return problem(`FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY, not ${value}`);
}

function parseWhole(name: string, value: string, max: number): number | Problem {
  const n = WHOLE.test(value) ? Number(value) : Number.NaN;
  return n >= 1 && n <= max ? n : problem(`${name} is a whole number from 1 to ${max}`);
}

function parseNumberList(name: NumberListPart, value: string): number[] | Problem {
  const { max, signed } = NUMBER_LISTS[name];
  const numbers = value.split(',').map((item) => (SIGNED.test(item) ? Number(item) : Number.NaN));
  const valid = numbers.every((n) => Number.isInteger(n) && n !== 0 && Math.abs(n) <= max && (signed || n > 0));
  if (valid) return [...new Set(numbers)].sort((a, b) => a - b);
  return problem(
    signed
      ? `${name} takes whole numbers from 1 to ${max} or -${max} to -1, separated by commas`
      : `${name} takes whole numbers from 1 to ${max}, separated by commas`,
  );
}

function parseByDay(value: string): RecurrenceDay[] | Problem {
  const days: RecurrenceDay[] = [];
  for (const item of value.split(',')) {
    const match = DAY_ENTRY.exec(item);
    const ordinal = match?.[1] === undefined ? null : Number(match[1]);
    if (!match || ordinal === 0 || Math.abs(ordinal ?? 0) > 53) {
      return problem('BYDAY takes weekdays (MO, TU, WE, TH, FR, SA, SU), each optionally numbered from 1 to 53 or -53 to -1, such as 2TU or -1FR');
    }
    if (!days.some((d) => d.weekday === match[2] && d.ordinal === ordinal)) days.push({ weekday: match[2] as Weekday, ordinal });
  }
  return days.sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday) || (a.ordinal ?? 0) - (b.ordinal ?? 0));
}

function parseWeekday(value: string): Weekday | Problem {
  return (WEEKDAYS as readonly string[]).includes(value) ? (value as Weekday) : problem('WKST is a weekday: MO, TU, WE, TH, FR, SA or SU');
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseUntil(value: string): RecurrenceUntil | Problem {
  const shape = problem('UNTIL is a date (20270331) or a UTC date-time (20270331T235959Z)');
  const m = UNTIL_VALUE.exec(value);
  if (!m) return shape;
  const [, y, mo, d, h, mi, s, z] = m as unknown as [string, string, string, string, string?, string?, string?, string?];
  if (!isRealDate(Number(y), Number(mo), Number(d))) return problem(`UNTIL=${value} is not a real date`);
  if (h === undefined) return { kind: 'date', value: `${y}-${mo}-${d}` };
  if (z === undefined) return shape;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return problem(`UNTIL=${value} is not a real time`);
  return { kind: 'instant', value: `${y}-${mo}-${d}T${h}:${mi}:${s}Z` };
}

/** Reads each part's value into the rule; the messages say which part is at fault. */
function readParts(freq: RecurrenceFrequency, parts: Map<PartName, string>): RecurrenceRuleResult {
  const rule: RecurrenceRule = { freq, interval: 1, wkst: 'MO' };
  const errors: string[] = [];
  const take = <T>(result: T | Problem, set: (value: T) => void) => (isProblem(result) ? errors.push(result.problem) : set(result));
  for (const [name, value] of parts) {
    if (name === 'INTERVAL') take(parseWhole(name, value, RECURRENCE_INTERVAL_MAX), (n) => (rule.interval = n));
    else if (name === 'COUNT') take(parseWhole(name, value, RECURRENCE_COUNT_MAX), (n) => (rule.count = n));
    else if (name === 'UNTIL') take(parseUntil(value), (until) => (rule.until = until));
    else if (name === 'BYDAY') take(parseByDay(value), (days) => (rule.byDay = days));
    else if (name === 'WKST') take(parseWeekday(value), (day) => (rule.wkst = day));
    else if (name !== 'FREQ') take(parseNumberList(name, value), (list) => (rule[NUMBER_LISTS[name].key] = list));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rule };
}

/** RFC 5545 §3.3.10's table of which BY-parts each frequency takes, and the parts that exclude each other. */
function combinationErrors(rule: RecurrenceRule): string[] {
  const errors: string[] = [];
  const numbered = rule.byDay?.some((day) => day.ordinal !== null) ?? false;
  if (rule.count !== undefined && rule.until !== undefined) errors.push('A repeat rule ends by COUNT or by UNTIL, not both');
  if (rule.byWeekNo && rule.freq !== 'YEARLY') errors.push('BYWEEKNO works only with FREQ=YEARLY');
  if (rule.byYearDay && rule.freq !== 'YEARLY') errors.push('BYYEARDAY works only with FREQ=YEARLY');
  if (rule.byMonthDay && rule.freq === 'WEEKLY') errors.push('BYMONTHDAY does not work with FREQ=WEEKLY');
  if (numbered && rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY') {
    errors.push('BYDAY takes numbered days (such as 1MO) only with FREQ=MONTHLY or FREQ=YEARLY');
  }
  if (numbered && rule.byWeekNo) errors.push('BYDAY takes no numbered days (such as 1MO) together with BYWEEKNO');
  const picksDays = rule.byMonth ?? rule.byWeekNo ?? rule.byYearDay ?? rule.byMonthDay ?? rule.byDay;
  if (rule.bySetPos && !picksDays) errors.push('BYSETPOS needs another BY part (such as BYDAY) to choose from');
  return errors;
}

// The most days each month can have (February in a leap year), and the most of one weekday a month can hold.
const MONTH_DAYS_MAX = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS_IN_MONTH_MAX = 5;

const orList = (values: readonly (string | number)[]) => (values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`);

/** Whether day n of a month (negative: counted from its end) is also the numbered weekday's (1FR: days 1–7; -1FR: the last 7), whatever the month's length. */
function monthDayFitsWeekday(monthDay: number, ordinal: number): boolean {
  if (Math.sign(monthDay) !== Math.sign(ordinal)) return true;
  const first = ordinal > 0 ? 7 * ordinal - 6 : 7 * ordinal;
  return monthDay >= first && monthDay <= first + 6;
}

/** The months a day of the year falls in, in a common year and a leap year. */
function yearDayMonths(yearDay: number): number[] {
  return [365, 366].flatMap((yearLength) => {
    if (Math.abs(yearDay) > yearLength) return [];
    // 2023 was a common year and 2024 a leap year.
    const date = new Date(Date.UTC(yearLength === 366 ? 2024 : 2023, 0, yearDay > 0 ? yearDay : yearLength + yearDay + 1));
    return [date.getUTCMonth() + 1];
  });
}

/** No month the rule names has any of the days of the month it names. */
function noMonthHasTheDays(rule: RecurrenceRule): string | null {
  const { byMonth, byMonthDay } = rule;
  if (!byMonth || !byMonthDay) return null;
  if (byMonth.some((month) => byMonthDay.some((day) => Math.abs(day) <= MONTH_DAYS_MAX[month - 1]!))) return null;
  const months = byMonth.map((month) => MONTH_NAMES[month - 1]!);
  return months.length === 1 ? `${months[0]} has no day ${orList(byMonthDay)}` : `none of ${orList(months)} has a day ${orList(byMonthDay)}`;
}

/** No day of the year named falls in the months named. */
function noYearDayFits(rule: RecurrenceRule): string | null {
  const { byYearDay, byMonth } = rule;
  if (!byYearDay || !byMonth || byYearDay.flatMap(yearDayMonths).some((month) => byMonth.includes(month))) return null;
  return `day ${orList(byYearDay)} of the year is never in ${orList(byMonth.map((month) => MONTH_NAMES[month - 1]!))}`;
}

/** Numbered weekdays counted in a month that no month has, or that never fall on the days of the month named. */
function noNumberedWeekdayFits(rule: RecurrenceRule): string | null {
  const days = rule.byDay;
  const inMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
  if (!days || !inMonth || days.some((day) => day.ordinal === null)) return null;
  const named = days.map((day) => `${day.ordinal}${day.weekday}`).join(', ');
  if (days.every((day) => Math.abs(day.ordinal!) > WEEKDAYS_IN_MONTH_MAX)) return `a month has at most ${WEEKDAYS_IN_MONTH_MAX} of each weekday, not ${named}`;
  const { byMonthDay } = rule;
  if (!byMonthDay || days.some((day) => byMonthDay.some((n) => monthDayFitsWeekday(n, day.ordinal!)))) return null;
  return `${named} never falls on day ${orList(byMonthDay)} of a month`;
}

/** BYSETPOS picks past the end of every set: a day gives one date, a week at most one per weekday named. */
function noSetPositionFits(rule: RecurrenceRule): string | null {
  const size = rule.freq === 'DAILY' ? 1 : rule.freq === 'WEEKLY' ? (rule.byDay?.length ?? 1) : null;
  if (!rule.bySetPos || size === null || rule.bySetPos.some((n) => Math.abs(n) <= size)) return null;
  const period = rule.freq === 'DAILY' ? 'day' : 'week';
  return `each ${period} gives at most ${size} date${size === 1 ? '' : 's'} to choose from, so BYSETPOS=${rule.bySetPos.join(',')} chooses none`;
}

/**
 * Why a rule can never occur, found from its parts alone, or null. A rule this misses is still refused, once the
 * series' first occurrence is looked for; this answers at once what that search would take the longest to find.
 */
export function neverOccurs(rule: RecurrenceRule): string | null {
  // rrule-temporal reads BYYEARDAY alone, without the month days and weekdays beside it, and BYWEEKNO its own way.
  if (rule.byWeekNo) return null;
  const reason = rule.byYearDay ? noYearDayFits(rule) : (noMonthHasTheDays(rule) ?? noNumberedWeekdayFits(rule) ?? noSetPositionFits(rule));
  return reason && `This rule never occurs: ${reason}, so the series would have no occurrence`;
}

/**
 * Parses and checks an RRULE value (such as FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270331T235959Z) on its own,
 * without the series: whether UNTIL suits it is normaliseRecurrenceRule's to say.
 */
export function parseRecurrenceRule(value: string): RecurrenceRuleResult {
  const { parts, errors } = splitParts(value);
  const freq = parseFreq(parts.get('FREQ'));
  if (isProblem(freq)) return { ok: false, errors: [...errors, freq.problem] };
  const read = readParts(freq, parts);
  if (!read.ok) return { ok: false, errors: [...errors, ...read.errors] };
  const all = [...errors, ...combinationErrors(read.rule)];
  return all.length > 0 ? { ok: false, errors: all } : read;
}

/** The calendar date of an instant in a zone; en-CA writes YYYY-MM-DD. */
function dateInZone(instant: string, timeZone: string): string {
  return zoneDateFormatter(timeZone).format(Date.parse(instant));
}

/** UNTIL in the series' kind: an all-day series ends on a date, a timed one at a UTC instant. */
function untilForSeries(until: RecurrenceUntil, context: RecurrenceContext): RecurrenceUntil | Problem {
  if (!context.allDay) {
    return until.kind === 'instant' ? until : problem('A timed series ends (UNTIL) at a UTC date-time, such as 20270331T235959Z');
  }
  // Exchange writes date-times for all-day series: the last date is the one that instant falls on in the series' zone.
  return until.kind === 'date' ? until : { kind: 'date', value: dateInZone(until.value, context.timeZone ?? 'UTC') };
}

/**
 * A new rule may name weeks of the year (BYWEEKNO) only with weekdays beside them: which year a week that straddles
 * New Year serves, and whether a month or its days then narrow it, are read three ways by the implementations this
 * was checked against (rrule-temporal, python-dateutil, ical.js), so such a series would show other days elsewhere.
 * Checked on new rules only: a stored rule always expands as it did.
 */
function weekNumbersProblem(rule: RecurrenceRule): string | null {
  if (!rule.byWeekNo || (!rule.byMonth && !rule.byMonthDay && !rule.byYearDay)) return null;
  return 'BYWEEKNO takes no BYMONTH, BYMONTHDAY or BYYEARDAY beside it: name the weekdays of those weeks with BYDAY instead';
}

/** Parses, checks and normalises a series' rule, refusing one that never occurs; the canonical string is what gets stored. */
export function normaliseRecurrenceRule(
  value: string,
  context: RecurrenceContext,
): { ok: true; rule: RecurrenceRule; rrule: string } | { ok: false; errors: string[] } {
  const parsed = parseRecurrenceRule(value);
  if (!parsed.ok) return parsed;
  const never = neverOccurs(parsed.rule);
  if (never) return { ok: false, errors: [never] };
  const weeks = weekNumbersProblem(parsed.rule);
  if (weeks) return { ok: false, errors: [weeks] };
  const rule = { ...parsed.rule };
  if (rule.until) {
    const until = untilForSeries(rule.until, context);
    if (isProblem(until)) return { ok: false, errors: [until.problem] };
    rule.until = until;
  }
  return { ok: true, rule, rrule: formatRecurrenceRule(rule) };
}

function formatUntil(until: RecurrenceUntil): string {
  return until.kind === 'date' ? until.value.replaceAll('-', '') : until.value.replaceAll(/[-:]/g, '');
}

/** The canonical RRULE value: parts in a fixed order, lists sorted, defaults (INTERVAL=1, WKST=MO) left out. */
export function formatRecurrenceRule(rule: RecurrenceRule): string {
  const values: Partial<Record<PartName, string | number | undefined>> = {
    FREQ: rule.freq,
    INTERVAL: rule.interval === 1 ? undefined : rule.interval,
    COUNT: rule.count,
    UNTIL: rule.until && formatUntil(rule.until),
    BYMONTH: rule.byMonth?.join(','),
    BYWEEKNO: rule.byWeekNo?.join(','),
    BYYEARDAY: rule.byYearDay?.join(','),
    BYMONTHDAY: rule.byMonthDay?.join(','),
    BYDAY: rule.byDay?.map((day) => `${day.ordinal ?? ''}${day.weekday}`).join(','),
    BYSETPOS: rule.bySetPos?.join(','),
    WKST: rule.wkst === 'MO' ? undefined : rule.wkst,
  };
  return PART_ORDER.filter((name) => values[name] !== undefined)
    .map((name) => `${name}=${values[name]}`)
    .join(';');
}

/** The `rrule` field as a client writes it; normaliseRecurrenceRule then fits it to the series. */
export const rruleSchema = z
  .string()
  .trim()
  .max(RECURRENCE_RULE_MAX, `A repeat rule has at most ${RECURRENCE_RULE_MAX} characters`)
  .superRefine((value, ctx) => {
    const parsed = parseRecurrenceRule(value);
    if (!parsed.ok) for (const message of parsed.errors) ctx.addIssue({ code: 'custom', message });
  });

const seriesDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset',
});

/** The `exdate` field: occurrence starts to skip; normaliseExdates checks their kind against the series. */
export const exdateSchema = z.array(seriesDateSchema).max(RECURRENCE_EXDATE_MAX, `A series skips at most ${RECURRENCE_EXDATE_MAX} occurrences`);

/** The `rdate` field: starts of extra occurrences beside the rule's (RDATE); normaliseRdates checks them against the series. */
export const rdateSchema = z.array(seriesDateSchema).max(RECURRENCE_RDATE_MAX, `A series adds at most ${RECURRENCE_RDATE_MAX} extra dates`);


/** Starts in the series' kind: dates for all-day series, UTC instants for timed ones; sorted, once each. */
function normaliseStarts(values: readonly string[], allDay: boolean, verb: 'skips' | 'adds'): { ok: true; starts: string[] } | { ok: false; errors: string[] } {
  if (allDay && !values.every(isDateOnly)) {
    return { ok: false, errors: [`An all-day series ${verb} dates (YYYY-MM-DD)`] };
  }
  if (!allDay && values.some(isDateOnly)) {
    return { ok: false, errors: [`A timed series ${verb} date-times with an offset, such as 2027-03-31T09:00:00Z`] };
  }
  const normalised = allDay ? values : values.map((value) => new Date(value).toISOString());
  return { ok: true, starts: [...new Set(normalised)].sort() };
}

/** Skipped starts in the series' kind: dates for all-day series, UTC instants for timed ones; sorted, once each. */
export function normaliseExdates(values: readonly string[], allDay: boolean): { ok: true; exdate: string[] } | { ok: false; errors: string[] } {
  const result = normaliseStarts(values, allDay, 'skips');
  return result.ok ? { ok: true, exdate: result.starts } : result;
}

/**
 * Extra starts in the series' kind, sorted, once each; none before the series' start, which RFC 5545 makes the first
 * occurrence (and the stores index a series from).
 */
export function normaliseRdates(values: readonly string[], allDay: boolean, start: string): { ok: true; rdate: string[] } | { ok: false; errors: string[] } {
  const result = normaliseStarts(values, allDay, 'adds');
  if (!result.ok) return result;
  const startMs = Date.parse(start);
  const early = result.starts.find((value) => Date.parse(value) < startMs);
  if (early !== undefined) return { ok: false, errors: [`An extra date (${early}) comes before the series’ start, its first occurrence`] };
  return { ok: true, rdate: result.starts.filter((value) => Date.parse(value) !== startMs) };
}
