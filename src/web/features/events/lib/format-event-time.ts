import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { addDays, dateToDayMs } from '../../../../shared/time.ts';
import { timeOfDayOptions, type TimeOfDayOptions } from '../../../lib/time-format.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** Where and how dates are shown: the host's locale, the shown time zone and the user's clock (the grid's too). */
interface DateDisplay {
  locale: string;
  timeZone: string;
  timeOfDay?: Readonly<TimeOfDayOptions>;
}

// The fields of dateStyle 'full' and 'medium': Intl takes no dateStyle beside the time of day's own fields.
const FULL_DATE = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const;
const MEDIUM_DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const LOCALE_TIME_OF_DAY = timeOfDayOptions('locale');

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
export function formatEventWhen(event: CalendarEvent, { locale, timeZone, timeOfDay = LOCALE_TIME_OF_DAY }: DateDisplay): string {
  if (event.allDay) {
    const allDayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const start = dateToDayMs(event.start);
    const lastDay = dateToDayMs(addDays(event.end, -1));
    return lastDay > start ? allDayFormat.formatRange(start, lastDay) : allDayFormat.format(start);
  }
  const timedFormat = new Intl.DateTimeFormat(locale, { ...FULL_DATE, ...timeOfDay, timeZone });
  const start = new Date(event.start);
  return timedFormat.formatRange(start, new Date(event.end)) + zoneSuffix(locale, timeZone, start);
}

export function formatTimestamp(iso: string, { locale, timeZone, timeOfDay = LOCALE_TIME_OF_DAY }: DateDisplay): string {
  const at = new Date(iso);
  return new Intl.DateTimeFormat(locale, { ...MEDIUM_DATE, ...timeOfDay, timeZone }).format(at) + zoneSuffix(locale, timeZone, at);
}
