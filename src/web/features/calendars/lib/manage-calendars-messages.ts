import { defineMessage, defineMessages } from 'react-intl';

/** Managing calendars: the dialog, the calendar editor and what they report. */
export const MANAGE_CALENDARS_MESSAGES = defineMessages({
  title: { id: 'manageCalendars.title', defaultMessage: 'Manage calendars' },
  newCalendar: { id: 'manageCalendars.newCalendar', defaultMessage: 'New calendar' },
  editCalendar: defineMessage<{ name: string }>({ id: 'manageCalendars.editCalendar', defaultMessage: 'Edit {name}' }),
  categoriesItem: { id: 'manageCalendars.categoriesItem', defaultMessage: 'Categories…' },
  activityItem: { id: 'manageCalendars.activityItem', defaultMessage: 'Activity…' },
  deleteItem: { id: 'manageCalendars.deleteItem', defaultMessage: 'Delete calendar…' },
  deleteTitle: defineMessage<{ name: string }>({ id: 'manageCalendars.deleteTitle', defaultMessage: 'Delete {name}?' }),
  deleteWarning: defineMessage<{ days: number }>({
    id: 'manageCalendars.deleteWarning',
    defaultMessage: 'The calendar and all its events will be deleted for everyone. Admins can restore them from Deleted calendars for {days, plural, one {# day} other {# days}}.',
  }),
  deleteConfirm: { id: 'manageCalendars.deleteConfirm', defaultMessage: 'Delete calendar' },
  conflict: {
    id: 'manageCalendars.conflict',
    defaultMessage: 'This calendar was changed by someone else. The latest version is shown; make your changes again.',
  },
  created: { id: 'manageCalendars.created', defaultMessage: 'Calendar created' },
  createdNamed: defineMessage<{ name: string }>({ id: 'manageCalendars.createdNamed', defaultMessage: '{name} created' }),
  saved: { id: 'manageCalendars.saved', defaultMessage: 'Calendar saved' },
  deleted: defineMessage<{ name: string }>({ id: 'manageCalendars.deleted', defaultMessage: '{name} deleted' }),
  createFailed: { id: 'manageCalendars.createFailed', defaultMessage: 'The calendar could not be created' },
  saveFailed: { id: 'manageCalendars.saveFailed', defaultMessage: 'The calendar could not be saved' },
  deleteFailed: { id: 'manageCalendars.deleteFailed', defaultMessage: 'The calendar could not be deleted' },
});

/** The calendar editor's fields, and what it says of their values. */
export const CALENDAR_EDITOR_MESSAGES = defineMessages({
  name: { id: 'calendarEditor.name', defaultMessage: 'Name' },
  color: { id: 'calendarEditor.color', defaultMessage: 'Colour' },
  colorHint: { id: 'calendarEditor.colorHint', defaultMessage: 'In the form #RRGGBB' },
  colorHardToRead: { id: 'calendarEditor.colorHardToRead', defaultMessage: 'Event titles may be hard to read on this colour.' },
  pickColor: { id: 'calendarEditor.pickColor', defaultMessage: 'Pick a colour' },
  description: { id: 'calendarEditor.description', defaultMessage: 'Description' },
  editors: { id: 'calendarEditor.editors', defaultMessage: 'Editors' },
  editorsHint: { id: 'calendarEditor.editorsHint', defaultMessage: 'The people and groups who add and change this calendar’s events: type a name to find them.' },
  save: { id: 'calendarEditor.save', defaultMessage: 'Save calendar' },
  create: { id: 'calendarEditor.create', defaultMessage: 'Create calendar' },
  nameMissing: { id: 'calendarEditor.nameMissing', defaultMessage: 'Enter a name' },
  nameTooLong: defineMessage<{ max: number }>({
    id: 'calendarEditor.nameTooLong',
    defaultMessage: 'A name has at most {max, plural, one {# character} other {# characters}}',
  }),
  colorInvalid: { id: 'calendarEditor.colorInvalid', defaultMessage: 'Use a colour in the form #RRGGBB' },
  descriptionTooLong: defineMessage<{ max: number }>({
    id: 'calendarEditor.descriptionTooLong',
    defaultMessage: 'A description has at most {max, plural, one {# character} other {# characters}}',
  }),
  editorTooLong: defineMessage<{ max: number }>({
    id: 'calendarEditor.editorTooLong',
    defaultMessage: 'An editor id has at most {max, plural, one {# character} other {# characters}}',
  }),
  tooManyEditors: defineMessage<{ max: number }>({
    id: 'calendarEditor.tooManyEditors',
    defaultMessage: 'A calendar has at most {max, plural, one {# editor} other {# editors}}',
  }),
});
