import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { addDays, dateToDayMs } from '../../../../shared/time.ts';
import { timeOfDayOptions } from '../../../lib/time-format.ts';
import { zoneSuffix, type DateDisplay } from '../../../lib/format-timestamp.ts';
import { formatRange } from '../../../lib/format-range.ts';

// The fields of dateStyle 'full': Intl takes no dateStyle beside the time of day's own fields.
const FULL_DATE = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const;
const LOCALE_TIME_OF_DAY = timeOfDayOptions('locale');

/** When an event happens (for an all-day event, its dates). All-day dates are floating, so they are formatted on the UTC number line. */
export function formatEventWhen(event: CalendarEvent, { locale, timeZone, timeOfDay = LOCALE_TIME_OF_DAY }: DateDisplay): string {
  if (event.allDay) {
    const allDay = { dateStyle: 'full', timeZone: 'UTC' } as const;
    const start = dateToDayMs(event.start);
    const lastDay = dateToDayMs(addDays(event.end, -1));
    return lastDay > start ? formatRange(locale, allDay, start, lastDay) : new Intl.DateTimeFormat(locale, allDay).format(start);
  }
  const start = new Date(event.start);
  return formatRange(locale, { ...FULL_DATE, ...timeOfDay, timeZone }, start.getTime(), new Date(event.end).getTime()) + zoneSuffix(locale, timeZone, start);
}
