// The days a rule names, moved with its series' start, as Outlook moves a series' pattern when its start moves to
// another day: "Weekly on Monday" dragged to Tuesday repeats on Tuesday, "the first Friday" moved to a Saturday
// repeats on that Saturday's place in its month. Only the date matters: a series repeats at one time of day.
import type { Temporal } from 'temporal-polyfill';
import { WEEKDAYS, type RecurrenceDay, type RecurrenceRule, type Weekday } from '../../shared/recurrence-rule.ts';

/** The rule with its days moved, and whether every occurrence then simply moves by the same number of days. */
export interface MovedRuleDays {
  rule: RecurrenceRule;
  /** True for daily and weekly rules naming only weekdays, which rotate exactly; month and year lengths make the others differ. */
  translated: boolean;
}

const weekdayOf = (date: Temporal.PlainDate): Weekday => WEEKDAYS[date.dayOfWeek - 1]!;
const rotate = (weekday: Weekday, days: number): Weekday => WEEKDAYS[(((WEEKDAYS.indexOf(weekday) + days) % 7) + 7) % 7]!;

/** A number counted from the start of its period, or from its end when the rule counted it that way (-1 is the last). */
const signedLike = (old: number, fromStart: number, length: number) => (old > 0 ? fromStart : fromStart - length - 1);

/**
 * "The Nth weekday" of the new start's period: its weekday, and its place counted as the rule counted, except
 * that a 5th becomes the last (not every month has a 5th) and a last that is no longer last counts from the start.
 */
function numberedDay(old: number, to: Temporal.PlainDate, inMonth: boolean): RecurrenceDay {
  const [day, length] = inMonth ? [to.day, to.daysInMonth] : [to.dayOfYear, to.daysInYear];
  const fromStart = Math.ceil(day / 7);
  const fromEnd = -(Math.floor((length - day) / 7) + 1);
  const weekday = weekdayOf(to);
  if (!inMonth) return { weekday, ordinal: old < 0 ? fromEnd : fromStart };
  const last = fromStart === 5 || (old < 0 && fromEnd === -1);
  return { weekday, ordinal: last ? -1 : fromStart };
}

/**
 * Weekdays rotated by the shift. A weekly rule every 2 or more weeks keeps its weeks only while its days stay in
 * the same week: if the shift carries some of them over WKST and not others, WKST rotates with them.
 */
function rotatedDays(rule: RecurrenceRule, days: RecurrenceDay[], shift: number): Pick<RecurrenceRule, 'byDay' | 'wkst'> {
  const byDay = days
    .map((day) => ({ weekday: rotate(day.weekday, shift), ordinal: null }))
    .sort((a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday));
  const weeksCrossed = new Set(days.map((day) => Math.floor((((WEEKDAYS.indexOf(day.weekday) - WEEKDAYS.indexOf(rule.wkst) + 7) % 7) + shift) / 7)));
  const wkst = rule.freq === 'WEEKLY' && rule.interval > 1 && weeksCrossed.size > 1 ? rotate(rule.wkst, shift) : rule.wkst;
  return { byDay, wkst };
}

/** BYDAY moved to the new start, or null when it names days that do not follow a start (several numbered ones). */
function movedByDay(rule: RecurrenceRule, to: Temporal.PlainDate, shift: number): Partial<Pick<RecurrenceRule, 'byDay' | 'wkst'>> | null {
  const days = rule.byDay;
  if (!days) return {};
  if (days.every((day) => day.ordinal === null)) return rotatedDays(rule, days, shift);
  const [only] = days;
  if (days.length > 1 || !only?.ordinal) return null;
  return { byDay: [numberedDay(only.ordinal, to, rule.freq === 'MONTHLY' || rule.byMonth !== undefined)] };
}

/** A one-value list moved to the new start's value; several values stay only if the start keeps its value. */
function movedList(list: number[] | undefined, from: number, to: number, length: number): number[] | undefined | null {
  if (!list || from === to) return list;
  if (list.length !== 1) return null;
  return [signedLike(list[0]!, to, length)];
}

/**
 * The rule with its BYDAY, BYMONTHDAY, BYMONTH and BYYEARDAY moved from one start date to another. A rule whose
 * days cannot follow a start (BYSETPOS, BYWEEKNO, several month days, several numbered weekdays) comes back as it
 * was: the caller keeps it only if the new start is still one of its occurrences.
 */
export function moveRuleDays(rule: RecurrenceRule, from: Temporal.PlainDate, to: Temporal.PlainDate): MovedRuleDays {
  const shift = from.until(to, { largestUnit: 'day' }).days;
  if (shift === 0) return { rule, translated: true };
  const unchanged = { rule, translated: false };
  if (rule.bySetPos || rule.byWeekNo) return unchanged;
  const byDay = movedByDay(rule, to, shift);
  const byMonthDay = movedList(rule.byMonthDay, from.day, to.day, to.daysInMonth);
  const byYearDay = movedList(rule.byYearDay, from.dayOfYear, to.dayOfYear, to.daysInYear);
  const byMonth = movedList(rule.byMonth, from.month, to.month, 12);
  if (byDay === null || byMonthDay === null || byYearDay === null || byMonth === null) return unchanged;
  const moved = { ...rule, ...byDay, ...(byMonthDay && { byMonthDay }), ...(byYearDay && { byYearDay }), ...(byMonth && { byMonth }) };
  // Daily and weekly rules name no numbered weekdays; with no month, month day or year day, their days rotate exactly.
  const onlyWeekdays = !rule.byMonth && !rule.byYearDay && !rule.byMonthDay;
  return { rule: moved, translated: (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') && onlyWeekdays };
}
