import type { EventApi } from '@fullcalendar/react';
import type { CalendarEvent, EventPatch } from '../../../../shared/event-schema.ts';
import { DAY_MS } from '../../../../shared/limits.ts';
import { localDateTimeMs, localDateTimeText, localSpanOf } from '../../../../shared/local-date-time.ts';
import { addDays, DEFAULT_TIMED_DURATION_MS, eventTimeMs, isDateOnly } from '../../../../shared/time.ts';

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

/** A date or instant moved by a number of milliseconds; dates by whole days. */
function shifted(value: string, ms: number): string {
  if (isDateOnly(value)) return addDays(value, Math.round(ms / DAY_MS));
  return new Date(Date.parse(value) + ms).toISOString();
}

/**
 * "All events": the series' own start and end move as the dragged occurrence's did, so every occurrence moves
 * by the same shift (the server moves the days its rule names with it). Only when the occurrence keeps its kind
 * (all-day or timed): otherwise its new dates are the series'. A series started in local time moves on its clock,
 * from its local start (which its first instant misreads on a day the zone skips it), and stays in local time.
 */
export function seriesDatesPatch(series: CalendarEvent, before: DatesPatch, after: DatesPatch): EventPatch {
  if (before.allDay !== after.allDay) return after;
  const [startShift, endShift] = [eventTimeMs(after.start) - eventTimeMs(before.start), eventTimeMs(after.end) - eventTimeMs(before.end)];
  const { localStart, timeZone } = series.extendedProps;
  const local = series.allDay ? null : localSpanOf({ ...series, localStart, timeZone });
  if (local) return { start: localDateTimeText(localDateTimeMs(local.start) + startShift), end: localDateTimeText(localDateTimeMs(local.end) + endShift) };
  return { start: shifted(series.start, startShift), end: shifted(series.end, endShift) };
}
