import type { FormatterInput } from '@fullcalendar/react';
import { TIME_FORMATS, type TimeFormat } from '../../../../shared/time-formats.ts';
import { formatRange, rangeFormatter } from '../../../lib/format-range.ts';
import { timeOfDayOptions } from '../../../lib/time-format.ts';

type FormatterFunction = Extract<FormatterInput, (...args: never[]) => unknown>;
/** What FullCalendar tells a formatter function: the instant (and the range's end), its zone and its locales. */
export type TimeFormattingInfo = Parameters<FormatterFunction>[0];

/**
 * A FullCalendar formatter writing times exactly as Intl does with timeOfDayOptions, as the app's dialogs do (a
 * range as rangeFormatter writes it: "9:30～9:45" in Japanese, not Intl's "9時30分～9時45分").
 * FullCalendar's own formatter from the same options would write "9:30AM" (it trims the space before a day period).
 * The format is made once and kept while the calendar's locale and zone stay the same, which they do between changes.
 */
function intlTimeFormatter(format: TimeFormat): FormatterFunction {
  let made: { key: string; intl: Intl.DateTimeFormat; range(start: number, end: number): string } | null = null;
  return ({ start, end, timeZone, localeCodes }: TimeFormattingInfo) => {
    const key = `${localeCodes.join()} ${timeZone}`;
    if (made?.key !== key) {
      // 'local' is FullCalendar's word for the device's zone, Intl's default.
      const options = { ...timeOfDayOptions(format), ...(timeZone === 'local' ? {} : { timeZone }) };
      const intl = new Intl.DateTimeFormat(localeCodes, options);
      made = { key, intl, range: rangeFormatter(intl.resolvedOptions().locale, options) };
    }
    return end ? made.range(start.instantMs, end.instantMs) : made.intl.format(start.instantMs);
  };
}

// One function per format: FullCalendar compares options by identity.
const FORMATTERS = Object.fromEntries(TIME_FORMATS.map((format) => [format, intlTimeFormatter(format)])) as Record<TimeFormat, FormatterFunction>;

/** The formatter for the calendar's slot labels and event times in a time format. */
export function calendarTimeFormatter(format: TimeFormat): FormatterFunction {
  return FORMATTERS[format];
}

/**
 * A FullCalendar formatter for dates (a title's period, say) written by Intl with `options`, a range as formatRange
 * writes it: FullCalendar's own range writing follows Intl's range patterns, which in Japanese turn "12月7日" into
 * "12/07".
 */
export function calendarDateFormatter(options: Intl.DateTimeFormatOptions): FormatterFunction {
  return ({ start, end, timeZone, localeCodes }: TimeFormattingInfo) => {
    const zoned = { ...options, ...(timeZone === 'local' ? {} : { timeZone }) };
    const [locale = 'en'] = localeCodes;
    return end ? formatRange(locale, zoned, start.instantMs, end.instantMs) : new Intl.DateTimeFormat(locale, zoned).format(start.instantMs);
  };
}
