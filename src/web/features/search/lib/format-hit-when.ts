import { DAY_MS } from '../../../../shared/limits.ts';
import type { SearchHit } from '../../../../shared/search-schema.ts';
import { dateToDayMs } from '../../../../shared/time.ts';
import type { TimeOfDayOptions } from '../../../lib/time-format.ts';
import { formatRange } from '../../../lib/format-range.ts';

/** How the results show dates: the app's locale, the zone the calendar shows, the user's clock. */
export interface HitDisplay {
  locale: string;
  timeZone: string;
  timeOfDay: Readonly<TimeOfDayOptions>;
}

// The month and year are the group's heading: each result names its day.
const DAY = { weekday: 'short', month: 'short', day: 'numeric' } as const;

/** A month's heading, e.g. "December 2026", for YYYY-MM. */
export function formatMonth(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dateToDayMs(`${month}-01`));
}

/**
 * When a hit happens, e.g. "Tue, Dec 1, 10:00 – 11:00 AM" in the zone shown; an all-day event's days (its dates are
 * floating, so formatted on the UTC number line), with `allDay` set for the caller to say so.
 */
export function formatHitWhen(hit: Pick<SearchHit, 'start' | 'end' | 'allDay'>, { locale, timeZone, timeOfDay }: HitDisplay): { when: string; allDay: boolean } {
  if (hit.allDay) {
    const options = { ...DAY, timeZone: 'UTC' };
    const first = dateToDayMs(hit.start.slice(0, 10));
    // The end is exclusive: the last day is the one before it.
    const last = Math.max(first, dateToDayMs(hit.end.slice(0, 10)) - DAY_MS);
    return { when: last > first ? formatRange(locale, options, first, last) : new Intl.DateTimeFormat(locale, options).format(first), allDay: true };
  }
  return { when: formatRange(locale, { ...DAY, ...timeOfDay, timeZone }, Date.parse(hit.start), Date.parse(hit.end)), allDay: false };
}
