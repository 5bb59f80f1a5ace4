import type { EventApi } from '@fullcalendar/react';
import type { EventPatch } from '../../../../shared/event-schema.ts';
import { addDays, DEFAULT_TIMED_DURATION_MS } from '../../../../shared/time.ts';

export type DatesPatch = EventPatch & { start: string; end: string };

/** The dates of an event on the calendar (after a drag or resize, or before it), in the API's form: dates when all-day, UTC instants when timed. */
export function datesPatch(event: EventApi): DatesPatch {
  if (event.allDay) {
    // With the calendar in local time, all-day startStr and endStr are plain dates.
    const start = event.startStr.slice(0, 10);
    return { allDay: true, start, end: event.end ? event.endStr.slice(0, 10) : addDays(start, 1) };
  }
  const start = event.start;
  if (start === null) throw new Error('A dragged event always has a start');
  const end = event.end ?? new Date(start.getTime() + DEFAULT_TIMED_DURATION_MS);
  return { allDay: false, start: start.toISOString(), end: end.toISOString() };
}
