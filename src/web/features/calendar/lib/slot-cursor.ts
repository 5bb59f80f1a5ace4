import type { CalendarApi } from '@fullcalendar/react';
import { SLOT_MINUTES } from '../hooks/use-tap-to-create.ts';
import { addDays } from './grid-dates.ts';
import { slotBand } from './grid-focus.ts';

const DAY_MINUTES = 24 * 60;

/** A time of day as FullCalendar writes it (HH:MM:SS), from minutes into the day. */
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** A slot's start: minutes into the day, a whole slot, within the day. */
export function clampSlot(minutes: number): number {
  const whole = Math.round(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  return Math.min(Math.max(whole, 0), DAY_MINUTES - SLOT_MINUTES);
}

/** Where a day's slots are first entered: where the grid opens (the working day's start, or now). */
export function firstSlot(api: CalendarApi): number {
  const [hours = 0, minutes = 0] = String(api.getOption('scrollTime') ?? '').split(':').map(Number);
  return clampSlot(hours * 60 + minutes);
}

/** A slot of a day as a range FullCalendar selects, in the calendar's own zone (local date-times, no offset). */
export function slotRange(day: string, minutes: number): { start: string; end: string; allDay: false } {
  const end = minutes + SLOT_MINUTES;
  return {
    start: `${day}T${clockOf(minutes)}`,
    end: end >= DAY_MINUTES ? `${addDays(day, 1)}T00:00:00` : `${day}T${clockOf(end)}`,
    allDay: false,
  };
}

/** Shows a slot in its lane (a band the theme draws where these say) and scrolls the grid to it. */
export function showSlot(root: HTMLElement, lane: HTMLElement, minutes: number): void {
  const band = slotBand(root, lane, clockOf(minutes));
  if (!band) return;
  lane.style.setProperty('--cc-slot-top', `${band.top}px`);
  lane.style.setProperty('--cc-slot-height', `${band.height}px`);
  band.row.scrollIntoView({ block: 'nearest' });
}
