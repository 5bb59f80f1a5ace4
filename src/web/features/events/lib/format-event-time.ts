import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { addDays, dateToDayMs } from '../../../../shared/time.ts';

// undefined locale: the user's own. All-day dates are floating, so they are formatted on the UTC number line.
const allDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });
const timedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const stampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When an event happens, in the user's locale and time zone. */
export function formatEventWhen(event: CalendarEvent): string {
  if (event.allDay) {
    const start = dateToDayMs(event.start);
    const lastDay = dateToDayMs(addDays(event.end, -1));
    return `${lastDay > start ? allDayFormat.formatRange(start, lastDay) : allDayFormat.format(start)} (all day)`;
  }
  return timedFormat.formatRange(new Date(event.start), new Date(event.end));
}

export function formatTimestamp(iso: string): string {
  return stampFormat.format(new Date(iso));
}
