import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { addDays, dateToDayMs } from '../../../../shared/time.ts';

/** Where and how dates are shown: the host's locale and the shown time zone. */
interface DateDisplay {
  locale: string;
  timeZone: string;
}

/** When an event happens. All-day dates are floating, so they are formatted on the UTC number line. */
export function formatEventWhen(event: CalendarEvent, { locale, timeZone }: DateDisplay): string {
  if (event.allDay) {
    const allDayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const start = dateToDayMs(event.start);
    const lastDay = dateToDayMs(addDays(event.end, -1));
    return `${lastDay > start ? allDayFormat.formatRange(start, lastDay) : allDayFormat.format(start)} (all day)`;
  }
  const timedFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  return timedFormat.formatRange(new Date(event.start), new Date(event.end));
}

export function formatTimestamp(iso: string, { locale, timeZone }: DateDisplay): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
