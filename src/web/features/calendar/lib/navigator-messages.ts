import { defineMessages } from 'react-intl';

/** The date navigator's own words (its month's buttons say FLUENT_CALENDAR_MESSAGES). */
export const NAVIGATOR_MESSAGES = defineMessages({
  label: { id: 'navigator.label', defaultMessage: 'Go to a date' },
  /** The toolbar title's hint: it names the period shown and opens the picker. */
  titleHint: { id: 'navigator.titleHint', defaultMessage: 'Choose a date' },
});
