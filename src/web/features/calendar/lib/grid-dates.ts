import { DAY_MS } from '../../../../shared/limits.ts';

// Calendar days as the grid names them (data-date, YYYY-MM-DD in the calendar's zone): counted as UTC dates, so no
// time zone or daylight saving change moves them.

const parse = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day a number of days later (earlier when negative). */
export function addDays(day: string, days: number): string {
  return format(parse(day) + days * DAY_MS);
}

/** The same day of another month, or that month's last day when it has fewer days ("2026-01-31" + 1 → "2026-02-28"). */
export function addMonths(day: string, months: number): string {
  const date = new Date(parse(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return format(target.getTime());
}

/** The days an event covers, first and last, from FullCalendar's start and (exclusive) end strings. */
export function eventDays(startStr: string, endStr: string, allDay: boolean): { first: string; last: string } {
  const first = startStr.slice(0, 10);
  if (!endStr) return { first, last: first };
  // An exclusive end: an all-day event's end day, or a timed one's midnight, is not one of its days.
  const endsAtMidnight = allDay || endStr.length === 10 || endStr.slice(11, 19) === '00:00:00';
  const last = endsAtMidnight ? addDays(endStr.slice(0, 10), -1) : endStr.slice(0, 10);
  return { first, last: last < first ? first : last };
}
