import { defineMessages } from 'react-intl';

/** The date navigator's words: the mini month in the side panel, and the date picker the toolbar's title opens. */
export const NAVIGATOR_MESSAGES = defineMessages({
  label: { id: 'navigator.label', defaultMessage: 'Go to a date' },
  goToToday: { id: 'navigator.goToToday', defaultMessage: 'Go to today' },
  previousMonth: { id: 'navigator.previousMonth', defaultMessage: 'Previous month' },
  nextMonth: { id: 'navigator.nextMonth', defaultMessage: 'Next month' },
  previousYear: { id: 'navigator.previousYear', defaultMessage: 'Previous year' },
  nextYear: { id: 'navigator.nextYear', defaultMessage: 'Next year' },
  previousYears: { id: 'navigator.previousYears', defaultMessage: 'Earlier years' },
  nextYears: { id: 'navigator.nextYears', defaultMessage: 'Later years' },
  close: { id: 'navigator.close', defaultMessage: 'Close' },
  /** The toolbar title's hint: it names the period shown and opens the picker. */
  titleHint: { id: 'navigator.titleHint', defaultMessage: 'Choose a date' },
});
