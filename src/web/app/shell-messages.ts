/** The shell's own words: the header, its menu and the calendar drawer. */
export const SHELL_MESSAGES = {
  appTitle: 'Company Calendar',
  calendarsToggle: 'Calendars',
  drawerTitle: 'Calendars and time zone',
  close: 'Close',
  newEvent: 'New event',
  manageCalendars: 'Manage calendars',
  moreOptions: 'More options',
  print: 'Print',
  signOut: 'Sign out',
  signedInAs: (name: string, role: string | undefined) => (role ? `Signed in as ${name} (${role})` : `Signed in as ${name}`),
} as const;
