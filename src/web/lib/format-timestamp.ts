import { timeOfDayOptions, type TimeOfDayOptions } from './time-format.ts';
import { browserTimeZone } from './time-zone.ts';

/** Where and how dates are shown: the host's locale, the shown time zone and the user's clock (the grid's too). */
export interface DateDisplay {
  locale: string;
  timeZone: string;
  timeOfDay?: Readonly<TimeOfDayOptions>;
}

// The fields of dateStyle 'medium': Intl takes no dateStyle beside the time of day's own fields.
const MEDIUM_DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const LOCALE_TIME_OF_DAY = timeOfDayOptions('locale');

/**
 * Times in another zone than the device's say which, e.g. "(GMT+10:30)": a bare 9:00 would read as the user's own.
 * Appended, because Intl will not combine dateStyle and timeStyle with timeZoneName.
 */
export function zoneSuffix(locale: string, timeZone: string, at: Date): string {
  if (timeZone === browserTimeZone()) return '';
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value;
  return name ? ` (${name})` : '';
}

/** An instant as a date and a time of day, e.g. "27 Nov 2026, 09:30", naming the zone when not the device's. */
export function formatTimestamp(iso: string, { locale, timeZone, timeOfDay = LOCALE_TIME_OF_DAY }: DateDisplay): string {
  const at = new Date(iso);
  return new Intl.DateTimeFormat(locale, { ...MEDIUM_DATE, ...timeOfDay, timeZone }).format(at) + zoneSuffix(locale, timeZone, at);
}

/** An instant's date alone, e.g. "27 Nov 2026", in the zone shown. */
export function formatDay(iso: string, { locale, timeZone }: DateDisplay): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
}
