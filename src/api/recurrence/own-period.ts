// Whether a date a rule gave is one the rule names in its own period, as RFC 5545 §3.3.10 builds every period's set.
// rrule-temporal (2.2.8) counts a numbered weekday past its period's last into the next period ("the 53rd Friday"
// of a year with 52 is the next year's first Friday, 2029-01-05) and reads BYYEARDAY or a numbered BYDAY beside
// BYMONTHDAY without the other part; every date it gives is checked here, and one that fails is not an occurrence.
import type { RecurrenceDay, RecurrenceRule } from '../../shared/recurrence-rule.ts';
import { DAY_MS } from '../../shared/limits.ts';

/** The date parts of a day on the floating line (UTC as a number line), as the checks need them. */
interface DayParts {
  month: number;
  day: number;
  daysInMonth: number;
  dayOfYear: number;
  daysInYear: number;
  /** 0 for Monday … 6 for Sunday, as WEEKDAYS. */
  weekday: number;
}

const WEEKDAY_INDEX = { MO: 0, TU: 1, WE: 2, TH: 3, FR: 4, SA: 5, SU: 6 } as const;

function dayParts(floatingMs: number): DayParts {
  const date = new Date(floatingMs);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const dayMs = Math.floor(floatingMs / DAY_MS) * DAY_MS;
  return {
    month: month + 1,
    day: date.getUTCDate(),
    daysInMonth: new Date(Date.UTC(year, month + 1, 0)).getUTCDate(),
    dayOfYear: (dayMs - Date.UTC(year, 0, 1)) / DAY_MS + 1,
    daysInYear: (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS,
    weekday: (date.getUTCDay() + 6) % 7,
  };
}

/** n (1-based) or n counted from the end (-1 the last) names position `at` of `length`. */
const names = (n: number, at: number, length: number) => (n > 0 ? n === at : length + n + 1 === at);

/** A BYDAY entry on this day: its weekday, and for a numbered one its place among that weekday's days in the period. */
function dayMatches(entry: RecurrenceDay, parts: DayParts, inMonth: boolean): boolean {
  if (WEEKDAY_INDEX[entry.weekday] !== parts.weekday) return false;
  if (entry.ordinal === null) return true;
  const [at, length] = inMonth ? [parts.day, parts.daysInMonth] : [parts.dayOfYear, parts.daysInYear];
  // The k-th of a weekday from the start is on days 7k-6 … 7k; from the end, likewise counted back.
  const place = entry.ordinal > 0 ? Math.ceil(at / 7) : -Math.ceil((length - at + 1) / 7);
  return place === entry.ordinal;
}

/**
 * Whether the day meets every BY-part of the rule that names days, in its own month and year: BYMONTH, BYYEARDAY,
 * BYMONTHDAY, BYDAY (numbered days counted in the month for MONTHLY rules and YEARLY ones with BYMONTH, else in
 * the year). Every occurrence of a rule meets them, whatever BYSETPOS then picks. BYWEEKNO is left to the library:
 * a week can straddle two years, and which year's rule it serves is its own reading.
 */
export function inOwnPeriod(rule: RecurrenceRule, floatingMs: number): boolean {
  const parts = dayParts(floatingMs);
  if (rule.byMonth && !rule.byMonth.includes(parts.month)) return false;
  if (rule.byYearDay && !rule.byYearDay.some((n) => names(n, parts.dayOfYear, parts.daysInYear))) return false;
  if (rule.byMonthDay && !rule.byMonthDay.some((n) => names(n, parts.day, parts.daysInMonth))) return false;
  const inMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
  return !rule.byDay || rule.byDay.some((entry) => dayMatches(entry, parts, inMonth));
}
