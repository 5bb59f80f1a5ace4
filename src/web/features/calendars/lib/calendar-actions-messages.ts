import { defineMessage, defineMessages } from 'react-intl';

/** The menu beside each calendar in the side panel. */
export const CALENDAR_ACTIONS_MESSAGES = defineMessages({
  moreActions: defineMessage<{ name: string }>({ id: 'calendarActions.moreActions', defaultMessage: 'More actions for {name}' }),
  exportFiltered: defineMessage<{ categories: string }>({ id: 'calendarActions.exportFiltered', defaultMessage: 'Export {categories} (.ics)' }),
  uncategorised: { id: 'calendarActions.uncategorised', defaultMessage: 'No category' },
  subscribe: { id: 'calendarActions.subscribe', defaultMessage: 'Subscribe…' },
  deletedEvents: { id: 'calendarActions.deletedEvents', defaultMessage: 'Deleted events…' },
});
