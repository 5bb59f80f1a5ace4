import { defineMessages } from 'react-intl';

/** The words of Fluent's month pickers (the date navigator's mini month, the form's date pickers): their buttons. */
export const FLUENT_CALENDAR_MESSAGES = defineMessages({
  goToToday: { id: 'navigator.goToToday', defaultMessage: 'Go to today' },
  previousMonth: { id: 'navigator.previousMonth', defaultMessage: 'Previous month' },
  nextMonth: { id: 'navigator.nextMonth', defaultMessage: 'Next month' },
  previousYear: { id: 'navigator.previousYear', defaultMessage: 'Previous year' },
  nextYear: { id: 'navigator.nextYear', defaultMessage: 'Next year' },
  previousYears: { id: 'navigator.previousYears', defaultMessage: 'Earlier years' },
  nextYears: { id: 'navigator.nextYears', defaultMessage: 'Later years' },
  close: { id: 'navigator.close', defaultMessage: 'Close' },
});
