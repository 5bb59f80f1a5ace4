import { WEEKDAYS, type RecurrenceRule, type RecurrenceUntil, type Weekday } from '../../../../shared/recurrence-rule.ts';
import { addDays, dateToDayMs, dayMsToDate, isDateOnly } from '../../../../shared/time.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';

/** A series as its repeat rule needs it: the first start and the zone the rule is evaluated in. */
export interface SeriesContext {
  /** The first occurrence's start as the API writes it: a date (YYYY-MM-DD) when all-day, else an ISO instant. */
  start: string;
  allDay: boolean;
  /** The series' IANA zone; all-day series are floating and ignore it. */
  timeZone: string;
}

/** The first start as the rule sees it: the wall clock in the series' zone, and the facts presets are built from. */
export interface SeriesStart {
  date: string;
  /** HH:MM; null for an all-day series. */
  time: string | null;
  month: number;
  day: number;
  weekday: Weekday;
  /** Which of its weekday in the month the date is: 1 to 4, or -1 within the month's last 7 days ("the last Friday"). */
  weekdayOrdinal: number;
}

/** Days in a month; month 1–12. Day 0 of the next month is this month's last. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isRealDate(value: string): boolean {
  return isDateOnly(value) && dayMsToDate(dateToDayMs(value)) === value;
}

/** The series' start in its own zone, or null while the start (or the zone) is not a valid one. */
export function seriesStart({ start, allDay, timeZone }: SeriesContext): SeriesStart | null {
  let wall: { date: string; time: string | null };
  if (allDay) {
    if (!isRealDate(start)) return null;
    wall = { date: start, time: null };
  } else {
    const ms = isDateOnly(start) ? Number.NaN : Date.parse(start);
    if (Number.isNaN(ms)) return null;
    try {
      wall = wallClockAt(new Date(ms), timeZone);
    } catch {
      // Not a zone Temporal knows.
      return null;
    }
  }
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  // getUTCDay counts from Sunday; WEEKDAYS from Monday, as RFC 5545 and ISO 8601 do.
  const weekday = WEEKDAYS[(new Date(dateToDayMs(wall.date)).getUTCDay() + 6) % 7] as Weekday;
  const weekdayOrdinal = day + 7 > daysInMonth(year, month) ? -1 : Math.ceil(day / 7);
  return { ...wall, month, day, weekday, weekdayOrdinal };
}

/**
 * The rule with what RFC 5545 takes from DTSTART written out: a weekly rule's day, a monthly rule's day of the
 * month, a yearly rule's month and day. Presets and summaries then compare and read one form.
 */
export function withImpliedParts(rule: RecurrenceRule, start: SeriesStart): RecurrenceRule {
  const picksDays = rule.byDay ?? rule.byMonthDay ?? rule.byYearDay ?? rule.byWeekNo;
  if (rule.freq === 'WEEKLY' && !rule.byDay) return { ...rule, byDay: [{ weekday: start.weekday, ordinal: null }] };
  if (rule.freq === 'MONTHLY' && !picksDays) return { ...rule, byMonthDay: [start.day] };
  if (rule.freq === 'YEARLY' && !picksDays) return { ...rule, byMonth: rule.byMonth ?? [start.month], byMonthDay: [start.day] };
  return rule;
}

/**
 * The last date an occurrence may fall on. A timed series' UNTIL is an instant: one before the start's time of day
 * on its date (as a "this and following" split writes) ends the series the day before.
 */
export function lastDateOfUntil(until: RecurrenceUntil, start: SeriesStart | null, timeZone: string): string {
  if (until.kind === 'date') return until.value;
  let at: { date: string; time: string };
  try {
    at = wallClockAt(new Date(until.value), timeZone);
  } catch {
    // A zone Temporal does not know: the instant's UTC date is the best there is.
    return until.value.slice(0, 10);
  }
  return start?.time != null && at.time < start.time ? addDays(at.date, -1) : at.date;
}
