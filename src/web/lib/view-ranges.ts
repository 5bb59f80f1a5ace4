import { DAY_MS } from '../../shared/limits.ts';
import { instantOfWallClock, wallClockAt } from './zoned-time.ts';

/**
 * The ranges the calendar's views ask their events for, worked out without the calendar: the first view's, so its
 * events can be asked for before the calendar exists, and the ones either side of a view's, so "previous" and
 * "next" can be fetched ahead. Days are counted on the wall clock of the calendar's zone, as FullCalendar counts them.
 */

/** The month view's type, the one view whose range is not a run of whole days from its first. */
export const MONTH_GRID_VIEW = 'dayGridMonth';

/** Days of a month grid from its first row: six weeks, as FullCalendar draws every month. */
const MONTH_GRID_DAYS = 42;

export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/** Whether `outer` holds all of `inner`. */
export const rangeContains = (outer: TimeRange, inner: TimeRange): boolean => outer.fromMs <= inner.fromMs && outer.toMs >= inner.toMs;

/** The date a clock in the zone shows at an instant, as the UTC midnight of that date: days to count on. */
export function dayIn(instantMs: number, timeZone: string): number {
  return Date.parse(`${wallClockAt(new Date(instantMs), timeZone).date}T00:00:00Z`);
}

/** Midnight at the start of a date (given as its UTC midnight) in a time zone. */
function midnightIn(utcDayMs: number, timeZone: string): number {
  return instantOfWallClock({ date: new Date(utcDayMs).toISOString().slice(0, 10), time: '00:00' }, timeZone).getTime();
}

/** `days` whole days from a date (given as its UTC midnight) in a time zone. */
export function daysFrom(utcDayMs: number, days: number, timeZone: string): TimeRange {
  return { fromMs: midnightIn(utcDayMs, timeZone), toMs: midnightIn(utcDayMs + days * DAY_MS, timeZone) };
}

/** A month's grid: six weeks from the first day of the week (0 Sunday) that the month's first day falls in. */
export function monthGrid(year: number, month: number, firstDayOfWeek: number, timeZone: string): TimeRange {
  const first = Date.UTC(year, month, 1);
  const back = (new Date(first).getUTCDay() - firstDayOfWeek + 7) % 7;
  return daysFrom(first - back * DAY_MS, MONTH_GRID_DAYS, timeZone);
}

/**
 * The ranges a view asks for before and after the one it shows: a month grid's neighbours are the grids of the
 * months either side (they overlap it by a week or two), any other view's are as many days either side.
 */
export function neighbourRanges(viewType: string, range: TimeRange, timeZone: string): [TimeRange, TimeRange] {
  const firstDay = dayIn(range.fromMs, timeZone);
  if (viewType === MONTH_GRID_VIEW) {
    // The first row holds the month's first day, so its last day is in the month shown.
    const shown = new Date(firstDay + 6 * DAY_MS);
    const weekStart = new Date(firstDay).getUTCDay();
    const grid = (months: number) => monthGrid(shown.getUTCFullYear(), shown.getUTCMonth() + months, weekStart, timeZone);
    return [grid(-1), grid(1)];
  }
  const days = Math.round((dayIn(range.toMs, timeZone) - firstDay) / DAY_MS);
  return [daysFrom(firstDay - days * DAY_MS, days, timeZone), daysFrom(firstDay + days * DAY_MS, days, timeZone)];
}
