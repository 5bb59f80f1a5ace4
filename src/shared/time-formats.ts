/**
 * How times of day are written: the locale's own clock, or 12- or 24-hour whatever the locale. Apart from the settings'
 * schema (user-settings-schema.ts, which takes them from here) so that the calendar can name them without loading zod.
 */
export const TIME_FORMATS = ['locale', 'h12', 'h23'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
