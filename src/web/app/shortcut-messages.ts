import { defineMessages } from 'react-intl';

/** The keyboard shortcuts' names, and their dialog's words. */
export const SHORTCUT_MESSAGES = defineMessages({
  dialogTitle: { id: 'shortcuts.dialogTitle', defaultMessage: 'Keyboard shortcuts' },
  or: { id: 'shortcuts.or', defaultMessage: 'or' },
  today: { id: 'shortcuts.today', defaultMessage: 'Go to today' },
  next: { id: 'shortcuts.next', defaultMessage: 'Next period' },
  previous: { id: 'shortcuts.previous', defaultMessage: 'Previous period' },
  month: { id: 'shortcuts.month', defaultMessage: 'Month view' },
  week: { id: 'shortcuts.week', defaultMessage: 'Week view' },
  day: { id: 'shortcuts.day', defaultMessage: 'Day view' },
  upcoming: { id: 'shortcuts.upcoming', defaultMessage: 'Upcoming view' },
  create: { id: 'shortcuts.create', defaultMessage: 'New event' },
  search: { id: 'shortcuts.search', defaultMessage: 'Search events' },
  help: { id: 'shortcuts.help', defaultMessage: 'Show keyboard shortcuts' },
  regions: { id: 'shortcuts.regions', defaultMessage: 'The next or previous part of the page: header, side panel, calendar' },
  closeDialog: { id: 'shortcuts.closeDialog', defaultMessage: 'Close a dialog or menu' },
  gridDays: { id: 'shortcuts.gridDays', defaultMessage: 'On the calendar: the day before or after' },
  gridWeeksOrTimes: { id: 'shortcuts.gridWeeksOrTimes', defaultMessage: 'On the calendar: the week before or after; in the week and day views, the time' },
  gridCreate: { id: 'shortcuts.gridCreate', defaultMessage: 'On the calendar: a new event on that day or at that time' },
  notWhileTyping: { id: 'shortcuts.notWhileTyping', defaultMessage: 'Shortcuts do nothing while you type in a field.' },
});
