import { defineMessages } from 'react-intl';

/** The calendar list's words. */
export const CALENDARS_MESSAGES = defineMessages({
  heading: { id: 'calendars.heading', defaultMessage: 'Calendars' },
  loading: { id: 'calendars.loading', defaultMessage: 'Loading calendars' },
  none: { id: 'calendars.none', defaultMessage: 'There are no calendars yet.' },
});
