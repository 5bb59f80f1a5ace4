import { FirstWeekOfYear, type CalendarStrings, type DateFormatting } from '@fluentui/react-calendar-compat';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { FLUENT_CALENDAR_MESSAGES as M } from './fluent-calendar-messages.ts';

/** The names a mini month shows, in a locale, from the browser's own (Intl): none to ship or translate. */
export type DateNames = Pick<CalendarStrings, 'months' | 'shortMonths' | 'days' | 'shortDays'>;

// UTC throughout: a date's name must not depend on the device's zone or its daylight saving.
const MONTHS = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 1)));
// 4 January 2026 was a Sunday: the week from it, in the order date pickers take (Sunday first).
const WEEK = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2026, 0, 4 + day)));

function namesOf(locale: string, dates: Date[], options: Intl.DateTimeFormatOptions): string[] {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return dates.map((date) => format.format(date));
}

export function dateNames(locale: string): DateNames {
  return {
    months: namesOf(locale, MONTHS, { month: 'long' }),
    shortMonths: namesOf(locale, MONTHS, { month: 'short' }),
    days: namesOf(locale, WEEK, { weekday: 'long' }),
    shortDays: namesOf(locale, WEEK, { weekday: 'narrow' }),
  };
}

/** How a mini month writes its dates in a locale: a day's number alone ("1", not "1日"), in the locale's digits. */
export function dateFormatting(locale: string): DateFormatting {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric' });
  const month = new Intl.DateTimeFormat(locale, { month: 'long' });
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric' });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  return {
    formatDay: (date) => day.formatToParts(date).find((part) => part.type === 'day')?.value ?? String(date.getDate()),
    formatMonth: (date) => month.format(date),
    formatYear: (date) => year.formatToParts(date).find((part) => part.type === 'year')?.value ?? String(date.getFullYear()),
    formatMonthDayYear: (date) => full.format(date),
    formatMonthYear: (date) => monthYear.format(date),
  };
}

/**
 * The week numbering of a locale, from the day of January that always lies in week 1 (FullCalendar's locales
 * give it as `7 + dow - doy`): the 1st where week 1 holds 1 January (the US), the 4th for ISO weeks (Europe).
 */
export function firstWeekOfYear(weekOneDay: number): FirstWeekOfYear {
  if (weekOneDay >= 7) return FirstWeekOfYear.FirstFullWeek;
  return weekOneDay >= 4 ? FirstWeekOfYear.FirstFourDayWeek : FirstWeekOfYear.FirstDay;
}

/** Everything a Fluent month (Calendar, DatePicker) says, in the locale: Intl's names and the catalogues' words. */
export function useFluentCalendarStrings(locale: string): CalendarStrings {
  const intl = useIntl();
  return useMemo(
    () => ({
      ...dateNames(locale),
      goToToday: intl.formatMessage(M.goToToday),
      prevMonthAriaLabel: intl.formatMessage(M.previousMonth),
      nextMonthAriaLabel: intl.formatMessage(M.nextMonth),
      prevYearAriaLabel: intl.formatMessage(M.previousYear),
      nextYearAriaLabel: intl.formatMessage(M.nextYear),
      prevYearRangeAriaLabel: intl.formatMessage(M.previousYears),
      nextYearRangeAriaLabel: intl.formatMessage(M.nextYears),
      closeButtonAriaLabel: intl.formatMessage(M.close),
    }),
    [locale, intl],
  );
}
