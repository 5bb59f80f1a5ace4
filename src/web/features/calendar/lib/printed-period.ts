import { DAY_MS } from '../../../../shared/limits.ts';
import type { UserSettings } from '../../../../shared/user-settings-schema.ts';
import { addDays, eventDays } from './grid-dates.ts';

/** An event as the printed month lists it on each of its days. */
export interface PrintedEvent {
  id: string;
  title: string;
  /** Its start time as the calendar writes it; '' for an all-day event. */
  time: string;
  /** FullCalendar's start and end strings, in the calendar's zone. */
  startStr: string;
  endStr: string;
  allDay: boolean;
  /** Its calendar's (or category's) colour: the mark beside it on paper. */
  color: string;
}

export interface PrintedDay {
  /** YYYY-MM-DD */
  day: string;
  /** Whether it lies outside the month printed (the grid's first and last week). */
  outside: boolean;
  events: PrintedEvent[];
}

/** All-day events first, then by start, then by title: the order Outlook's printed month lists a day in. */
function byDayOrder(a: PrintedEvent, b: PrintedEvent): number {
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  return a.startStr.localeCompare(b.startStr) || a.title.localeCompare(b.title);
}

/**
 * The printed month's weeks: each day of the grid (from `firstDay`, `dayCount` days, whole weeks) with the events on it,
 * a multi-day event on each of its days. `month` is the month printed, YYYY-MM.
 */
export function printedMonthWeeks(firstDay: string, dayCount: number, month: string, events: readonly PrintedEvent[]): PrintedDay[][] {
  const days = Array.from({ length: dayCount }, (_, index) => addDays(firstDay, index));
  const byDay = new Map<string, PrintedEvent[]>(days.map((day) => [day, []]));
  for (const event of events) {
    const { first, last } = eventDays(event.startStr, event.endStr, event.allDay);
    for (let day = first < firstDay ? firstDay : first; day <= last; day = addDays(day, 1)) {
      const list = byDay.get(day);
      if (!list) break;
      list.push(event);
    }
  }
  const weeks: PrintedDay[][] = [];
  for (let start = 0; start < days.length; start += 7) {
    weeks.push(days.slice(start, start + 7).map((day) => ({ day, outside: !day.startsWith(month), events: byDay.get(day)!.sort(byDayOrder) })));
  }
  return weeks;
}

/** The whole days between two instants, as the grid counts them (a daylight saving change makes a day 23 or 25 hours). */
export function daysBetween(startMs: number, endMs: number): number {
  return Math.round((endMs - startMs) / DAY_MS);
}

type WorkingHours = UserSettings['workingHours'];

const hourOf = (dateTime: string) => Number(dateTime.slice(11, 13));
const endHourOf = (dateTime: string) => hourOf(dateTime) + (dateTime.slice(14, 19) === '00:00' ? 0 : 1);

/**
 * The hours a printed week or day shows: the working day, widened to the whole hours of any timed event of the period
 * that starts before it or ends after it, so that no event is left off the paper. An event across midnight widens it
 * to the whole day.
 */
export function printedHours(workingHours: WorkingHours, events: readonly Pick<PrintedEvent, 'startStr' | 'endStr' | 'allDay'>[]): WorkingHours {
  let { startHour, endHour } = workingHours;
  for (const event of events) {
    if (event.allDay) continue;
    const end = event.endStr || event.startStr;
    const acrossMidnight = end.slice(0, 10) > event.startStr.slice(0, 10) && endHourOf(end) > 0;
    startHour = Math.min(startHour, acrossMidnight ? 0 : hourOf(event.startStr));
    endHour = Math.max(endHour, acrossMidnight || end.slice(0, 10) > event.startStr.slice(0, 10) ? 24 : endHourOf(end));
  }
  return { startHour, endHour };
}
