import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { addDays, dateToDayMs } from '../../../../shared/time.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** Where and how dates are shown: the host's locale and the shown time zone. */
interface DateDisplay {
  locale: string;
  timeZone: string;
}

/**
 * Times in another zone than the device's say which, e.g. "(GMT+10:30)": a bare 9:00 would read as the user's own.
 * Appended, because Intl will not combine dateStyle and timeStyle with timeZoneName.
 */
function zoneSuffix(locale: string, timeZone: string, at: Date): string {
  if (timeZone === browserTimeZone()) return '';
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value;
  return name ? ` (${name})` : '';
}

/** When an event happens (for an all-day event, its dates). All-day dates are floating, so they are formatted on the UTC number line. */
export function formatEventWhen(event: CalendarEvent, { locale, timeZone }: DateDisplay): string {
  if (event.allDay) {
    const allDayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const start = dateToDayMs(event.start);
    const lastDay = dateToDayMs(addDays(event.end, -1));
    return lastDay > start ? allDayFormat.formatRange(start, lastDay) : allDayFormat.format(start);
  }
  const timedFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const start = new Date(event.start);
  return timedFormat.formatRange(start, new Date(event.end)) + zoneSuffix(locale, timeZone, start);
}

export function formatTimestamp(iso: string, { locale, timeZone }: DateDisplay): string {
  const at = new Date(iso);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at) + zoneSuffix(locale, timeZone, at);
}
