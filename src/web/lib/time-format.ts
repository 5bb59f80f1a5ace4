import { useCallback } from 'react';
import type { TimeFormat } from '../../shared/time-formats.ts';
import { useChangeUserSettings, useUserSettings } from './user-settings/use-user-settings.ts';

export type TimeOfDayOptions = Pick<Intl.DateTimeFormatOptions, 'hour' | 'minute' | 'hourCycle'>;

// One frozen object per format: FullCalendar compares its options by identity.
const OPTIONS: Record<TimeFormat, Readonly<TimeOfDayOptions>> = {
  locale: Object.freeze({ hour: 'numeric', minute: '2-digit' }),
  h12: Object.freeze({ hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }),
  h23: Object.freeze({ hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }),
};

/**
 * The Intl fields of every time of day the app writes: the hour and two-digit minutes ("9:00", never "9"), in the
 * chosen clock. Spread into formats with a date, e.g. `{ weekday: 'long', day: 'numeric', ...timeOfDayOptions(f) }`;
 * not with dateStyle/timeStyle, whose "short" time differs by locale from this ("09:30" in en-GB).
 */
export function timeOfDayOptions(format: TimeFormat): Readonly<TimeOfDayOptions> {
  return OPTIONS[format];
}

/** The user's time format (one of their settings), shared by everything that shows or sets it. */
export function useTimeFormat(): [TimeFormat, (format: TimeFormat) => void] {
  const change = useChangeUserSettings();
  return [useUserSettings().timeFormat, useCallback((timeFormat: TimeFormat) => change({ timeFormat }), [change])];
}

/** The Intl fields for times of day in the user's format: see timeOfDayOptions. */
export function useTimeOfDayOptions(): Readonly<TimeOfDayOptions> {
  return timeOfDayOptions(useTimeFormat()[0]);
}
