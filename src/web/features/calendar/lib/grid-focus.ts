import type { CalendarApi } from '@fullcalendar/react';
import { DAY_LANE_CLASS, SLOT_LANE_CLASS } from '../components/use-calendar-theme-styles.ts';
import { eventDays } from './grid-dates.ts';

// The month grid as FullCalendar draws it: a table of day cells (data-date), each with its day's number (a link to
// the day) and its events. Made a grid with one tab stop here, the way ARIA's date grids work, so that screen readers
// pass the arrow keys on rather than read the table with them.

// A time grid's days are made the same way: each day's column (its lane) a cell of the grid, in which Up and Down
// move through the day's slots.

export const MONTH_VIEW = 'dayGridMonth';
const DAY_CELL = `[data-date]:is([role=cell],[role=gridcell]):not(.${DAY_LANE_CLASS})`;
const DAY_LANE = `.${DAY_LANE_CLASS}[data-date]`;
const FOCUSABLE = '[tabindex], a[href], button';

/** The grid's days, in order: the month's day cells, or a time grid's lanes; none in other views. */
export function dayCells(root: HTMLElement, api: CalendarApi): HTMLElement[] {
  if (api.view.type === MONTH_VIEW) return [...root.querySelectorAll<HTMLElement>(DAY_CELL)];
  return api.view.type.startsWith('timeGrid') ? [...root.querySelectorAll<HTMLElement>(DAY_LANE)] : [];
}

export const dayCellOf = (element: Element | null): HTMLElement | null => element?.closest<HTMLElement>(`${DAY_CELL}, ${DAY_LANE}`) ?? null;

export const isDayLane = (element: Element | null): element is HTMLElement => element instanceof HTMLElement && element.classList.contains(DAY_LANE_CLASS);

/** Where a slot (its time, HH:MM:SS) lies in a lane, from the time grid's row for it; null when the grid has none. */
export function slotBand(root: HTMLElement, lane: HTMLElement, time: string): { row: HTMLElement; top: number; height: number } | null {
  const row = root.querySelector<HTMLElement>(`.${SLOT_LANE_CLASS}[data-time="${time}"]`);
  if (!row) return null;
  const { top, height } = row.getBoundingClientRect();
  return { row, top: top - lane.getBoundingClientRect().top, height };
}

/** An event's element on the calendar: the event itself, or a series' first occurrence shown. */
export function eventElement(root: HTMLElement, eventId: string): HTMLElement | null {
  const id = CSS.escape(eventId);
  return root.querySelector<HTMLElement>(`[data-event-id="${id}"], [data-event-id^="${id}:"]`);
}

/** The grid's tab stop: the day kept if the grid shows it, else today if in the month shown, else the month's first. */
export function tabStopDay(api: CalendarApi, cells: readonly HTMLElement[], kept: string | null): string | null {
  if (kept && cells.some((cell) => cell.dataset.date === kept)) return kept;
  const first = api.formatIso(api.view.currentStart, true);
  const end = api.formatIso(api.view.currentEnd, true);
  const today = cells.find((cell) => cell.getAttribute('aria-current') === 'date')?.dataset.date;
  return today && today >= first && today < end ? today : first;
}

/** Gives the grid its roles and one tab stop: the day's cell, and what is in it (its number's link, its events). */
export function applyTabStop(cells: readonly HTMLElement[], day: string | null): void {
  cells[0]?.closest('[role=table]')?.setAttribute('role', 'grid');
  for (const cell of cells) {
    // As an attribute: a div without one reads -1 yet cannot take focus.
    const index = cell.dataset.date === day ? '0' : '-1';
    cell.setAttribute('role', 'gridcell');
    for (const element of [cell, ...cell.querySelectorAll<HTMLElement>(FOCUSABLE)]) {
      if (element.getAttribute('tabindex') !== index) element.setAttribute('tabindex', index);
    }
  }
}

/** How many events a day of the calendar holds, those behind "+ more" too. */
export function eventCount(api: CalendarApi, day: string): number {
  return api.getEvents().filter((event) => {
    const { first, last } = eventDays(event.startStr, event.endStr, event.allDay);
    return first <= day && day <= last;
  }).length;
}
