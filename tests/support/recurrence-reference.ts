// RFC 5545 §3.3.10 by brute force, for tests: each period's every day is tested against the rule's BY-parts, the
// survivors are the period's set, BYSETPOS picks from it, and the start (DTSTART) is the first occurrence and counts in
// COUNT. Slow and plain on purpose: a referee for where the server and ical.js differ, sharing no code with either.
// It reads dates only (a series repeats at one time of day) and does not referee BYWEEKNO (null), whose week-year
// edges it does not model.
import type { RecurrenceRule } from '../../src/shared/recurrence-rule.ts';

const DAY_MS = 86_400_000;
const WEEKDAY_NAMES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

const weekdayOf = (dayMs: number) => WEEKDAY_NAMES[(new Date(dayMs).getUTCDay() + 6) % 7]!;
const daysBetween = (fromMs: number, toMs: number) => Array.from({ length: Math.round((toMs - fromMs) / DAY_MS) }, (_, i) => fromMs + i * DAY_MS);

/** Whether n (1-based, or negative from the end) names position `at` of `length`. */
const isPosition = (n: number, at: number, length: number) => (n > 0 ? n === at : length + n + 1 === at);

/** The rule with what RFC 5545 takes from DTSTART when the rule does not say: the weekday, month day and month. */
function withStartDefaults(rule: RecurrenceRule, startMs: number): RecurrenceRule {
  const date = new Date(startMs);
  const picks = rule.byDay ?? rule.byMonthDay ?? rule.byYearDay;
  if (rule.freq === 'WEEKLY' && !rule.byDay) return { ...rule, byDay: [{ weekday: weekdayOf(startMs) as never, ordinal: null }] };
  if (rule.freq === 'MONTHLY' && !picks) return { ...rule, byMonthDay: [date.getUTCDate()] };
  if (rule.freq === 'YEARLY' && !picks) return { ...rule, byMonth: rule.byMonth ?? [date.getUTCMonth() + 1], byMonthDay: [date.getUTCDate()] };
  return rule;
}

function dayFits(rule: RecurrenceRule, dayMs: number): boolean {
  const date = new Date(dayMs);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const monthLength = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const yearDay = Math.round((dayMs - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
  const yearLength = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS);
  if (rule.byMonth && !rule.byMonth.includes(month + 1)) return false;
  if (rule.byYearDay && !rule.byYearDay.some((n) => isPosition(n, yearDay, yearLength))) return false;
  if (rule.byMonthDay && !rule.byMonthDay.some((n) => isPosition(n, day, monthLength))) return false;
  if (!rule.byDay) return true;
  const inMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
  const [at, length] = inMonth ? [day, monthLength] : [yearDay, yearLength];
  // The k-th such weekday of the period, counted from its start and from its end.
  const fromStart = Math.floor((at - 1) / 7) + 1;
  const fromEnd = -(Math.floor((length - at) / 7) + 1);
  return rule.byDay.some((entry) => entry.weekday === weekdayOf(dayMs) && (entry.ordinal === null || entry.ordinal === fromStart || entry.ordinal === fromEnd));
}

/** The days of the period that is `index` intervals after the start's. */
function periodDays(rule: RecurrenceRule, startMs: number, index: number): number[] {
  const start = new Date(startMs);
  const step = index * rule.interval;
  if (rule.freq === 'DAILY') return [startMs + step * DAY_MS];
  if (rule.freq === 'WEEKLY') {
    const back = (WEEKDAY_NAMES.indexOf(weekdayOf(startMs)) - WEEKDAY_NAMES.indexOf(rule.wkst) + 7) % 7;
    const weekStart = startMs - back * DAY_MS + step * 7 * DAY_MS;
    return daysBetween(weekStart, weekStart + 7 * DAY_MS);
  }
  if (rule.freq === 'MONTHLY') {
    const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + step, 1);
    const firstDate = new Date(first);
    return daysBetween(first, Date.UTC(firstDate.getUTCFullYear(), firstDate.getUTCMonth() + 1, 1));
  }
  const year = start.getUTCFullYear() + step;
  return daysBetween(Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
}

/** The rule's set in one period: its days that fit, then BYSETPOS's picks among them, in order. */
function periodSet(rule: RecurrenceRule, days: readonly number[]): number[] {
  const fits = days.filter((dayMs) => dayFits(rule, dayMs));
  if (!rule.bySetPos) return fits;
  const picked = rule.bySetPos.map((n) => fits[n > 0 ? n - 1 : fits.length + n]).filter((dayMs): dayMs is number => dayMs !== undefined);
  return [...new Set(picked)].sort((a, b) => a - b);
}

/**
 * The occurrence dates (UTC-midnight ms of the wall-clock date) from the start through `lastMs`, the start first;
 * COUNT counts the start, UNTIL (`untilDayMs`, the last date allowed) bounds them. Null for a BYWEEKNO rule.
 */
export function referenceDates(parsed: RecurrenceRule, startDayMs: number, lastMs: number, untilDayMs: number | null): number[] | null {
  if (parsed.byWeekNo) return null;
  const rule = withStartDefaults(parsed, startDayMs);
  const dates = [startDayMs];
  const limit = Math.min(lastMs, untilDayMs ?? Number.POSITIVE_INFINITY);
  for (let index = 0; ; index++) {
    const days = periodDays(rule, startDayMs, index);
    if (days[0]! > limit || (rule.count !== undefined && dates.length >= rule.count)) break;
    for (const dayMs of periodSet(rule, days)) {
      if (dayMs <= startDayMs || dayMs > limit) continue;
      if (rule.count !== undefined && dates.length >= rule.count) break;
      dates.push(dayMs);
    }
  }
  return dates;
}
