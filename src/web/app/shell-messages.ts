import { defineMessage, defineMessages } from 'react-intl';

/** The shell's own words: the header, its menu and the calendar drawer. */
export const SHELL_MESSAGES = defineMessages({
  appTitle: { id: 'shell.appTitle', defaultMessage: 'Company Calendar' },
  calendarsToggle: { id: 'shell.calendarsToggle', defaultMessage: 'Calendars' },
  drawerTitle: { id: 'shell.drawerTitle', defaultMessage: 'Calendars and time zone' },
  skipToCalendar: { id: 'shell.skipToCalendar', defaultMessage: 'Skip to calendar' },
  // The page's regions, as F6 moves between them: screen readers say the name of the one focus enters.
  regionHeader: { id: 'shell.regionHeader', defaultMessage: 'Header' },
  regionCalendar: { id: 'shell.regionCalendar', defaultMessage: 'Calendar' },
  newEvent: { id: 'shell.newEvent', defaultMessage: 'New event' },
  manageCalendars: { id: 'shell.manageCalendars', defaultMessage: 'Manage calendars' },
  moreOptions: { id: 'shell.moreOptions', defaultMessage: 'More options' },
  print: { id: 'shell.print', defaultMessage: 'Print' },
  subscriptions: { id: 'shell.subscriptions', defaultMessage: 'Calendar subscriptions' },
  keyboardShortcuts: { id: 'shell.keyboardShortcuts', defaultMessage: 'Keyboard shortcuts' },
  help: { id: 'shell.help', defaultMessage: 'Help' },
  signOut: { id: 'shell.signOut', defaultMessage: 'Sign out' },
  signedInAs: defineMessage<{ name: string }>({ id: 'shell.signedInAs', defaultMessage: 'Signed in as {name}' }),
  signedInAsWithRole: defineMessage<{ name: string; role: string }>({ id: 'shell.signedInAsWithRole', defaultMessage: 'Signed in as {name} ({role})' }),
  roleAdmin: { id: 'shell.roleAdmin', defaultMessage: 'Admin' },
  roleEditor: { id: 'shell.roleEditor', defaultMessage: 'Editor' },
  roleReader: { id: 'shell.roleReader', defaultMessage: 'Reader' },
  calendarsGone: {
    id: 'shell.calendarsGone',
    defaultMessage: 'The calendars this tab shows no longer exist. Ask the tab’s owner to choose others in its settings.',
  },
  calendarsFailed: defineMessage<{ reason: string }>({ id: 'shell.calendarsFailed', defaultMessage: 'The calendars could not be loaded. {reason}' }),
  notFoundTitle: { id: 'shell.notFoundTitle', defaultMessage: 'Page not found' },
  notFoundDetail: { id: 'shell.notFoundDetail', defaultMessage: 'There is no page at this address in Company Calendar.' },
  goHome: { id: 'shell.goHome', defaultMessage: 'Go to the calendar' },
  somethingWentWrong: { id: 'shell.somethingWentWrong', defaultMessage: 'Something went wrong' },
  unexpectedProblem: { id: 'shell.unexpectedProblem', defaultMessage: 'Company Calendar ran into an unexpected problem.' },
  reload: { id: 'shell.reload', defaultMessage: 'Reload' },
});
