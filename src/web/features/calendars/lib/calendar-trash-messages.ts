import { defineMessage, defineMessages } from 'react-intl';

/** The admins' trash of deleted calendars, under Manage calendars, and a calendar's activity and deleted events there. */
export const CALENDAR_TRASH_MESSAGES = defineMessages({
  deletedCalendars: { id: 'calendarTrash.deletedCalendars', defaultMessage: 'Deleted calendars' },
  loading: { id: 'calendarTrash.loading', defaultMessage: 'Loading deleted calendars' },
  empty: defineMessage<{ days: number }>({
    id: 'calendarTrash.empty',
    defaultMessage: 'No deleted calendars. Deleted calendars stay here for {days, plural, one {# day} other {# days}}.',
  }),
  events: defineMessage<{ count: number }>({ id: 'calendarTrash.events', defaultMessage: '{count, plural, =0 {No events} one {# event} other {# events}}' }),
  restoreNamed: defineMessage<{ name: string }>({ id: 'calendarTrash.restoreNamed', defaultMessage: 'Restore {name} with its events' }),
  restored: defineMessage<{ name: string }>({ id: 'calendarTrash.restored', defaultMessage: '{name} restored with its events' }),
  restoreFailed: { id: 'calendarTrash.restoreFailed', defaultMessage: 'The calendar could not be restored' },
  purgeNamed: defineMessage<{ name: string }>({ id: 'calendarTrash.purgeNamed', defaultMessage: 'Delete {name} for good' }),
  purgeTitle: defineMessage<{ name: string }>({ id: 'calendarTrash.purgeTitle', defaultMessage: 'Delete {name} for good?' }),
  purgeWarning: {
    id: 'calendarTrash.purgeWarning',
    defaultMessage: 'The calendar, its events, its categories and their history will be gone for good. This cannot be undone.',
  },
  purged: defineMessage<{ name: string }>({ id: 'calendarTrash.purged', defaultMessage: '{name} deleted for good' }),
  purgeFailed: { id: 'calendarTrash.purgeFailed', defaultMessage: 'The calendar could not be deleted for good' },
  activityOf: defineMessage<{ name: string }>({ id: 'calendarTrash.activityOf', defaultMessage: 'Activity in {name}' }),
  deletedEventsOf: defineMessage<{ name: string }>({ id: 'calendarTrash.deletedEventsOf', defaultMessage: 'Deleted events of {name}' }),
});
