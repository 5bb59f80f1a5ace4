import { defineMessage, defineMessages } from 'react-intl';

type Change = { name: string; old: string; new: string };
type Named = { name: string };
type Value = { name: string; value: string };

/** An event's and a calendar's history in sentences: who did what (history-sentences.ts puts them together). */
export const HISTORY_SENTENCES = defineMessages({
  createdEvent: defineMessage<Named>({ id: 'history.createdEvent', defaultMessage: '{name} created this event' }),
  createdSeries: defineMessage<Named>({ id: 'history.createdSeries', defaultMessage: '{name} created this series' }),
  deletedEvent: defineMessage<Named>({ id: 'history.deletedEvent', defaultMessage: '{name} deleted this event' }),
  deletedSeries: defineMessage<Named>({ id: 'history.deletedSeries', defaultMessage: '{name} deleted this series' }),
  restoredEvent: defineMessage<Named>({ id: 'history.restoredEvent', defaultMessage: '{name} restored this event' }),
  restoredSeries: defineMessage<Named>({ id: 'history.restoredSeries', defaultMessage: '{name} restored this series' }),
  changedEvent: defineMessage<Named>({ id: 'history.changedEvent', defaultMessage: '{name} changed this event' }),
  moved: defineMessage<{ name: string; from: string; to: string }>({ id: 'history.moved', defaultMessage: '{name} moved it from {from} to {to}' }),
  changedTime: defineMessage<Change>({ id: 'history.changedTime', defaultMessage: '{name} changed the time from {old} to {new}' }),
  changedStart: defineMessage<Change>({ id: 'history.changedStart', defaultMessage: '{name} changed the start from {old} to {new}' }),
  changedEnd: defineMessage<Change>({ id: 'history.changedEnd', defaultMessage: '{name} changed the end from {old} to {new}' }),
  changedTitle: defineMessage<Change>({ id: 'history.changedTitle', defaultMessage: '{name} changed the title from “{old}” to “{new}”' }),
  setLocation: defineMessage<Value>({ id: 'history.setLocation', defaultMessage: '{name} set the location to “{value}”' }),
  changedLocation: defineMessage<Change>({ id: 'history.changedLocation', defaultMessage: '{name} changed the location from “{old}” to “{new}”' }),
  removedLocation: defineMessage<Value>({ id: 'history.removedLocation', defaultMessage: '{name} removed the location “{value}”' }),
  addedDescription: defineMessage<Value>({ id: 'history.addedDescription', defaultMessage: '{name} added a description: “{value}”' }),
  changedDescription: defineMessage<Value>({ id: 'history.changedDescription', defaultMessage: '{name} changed the description to “{value}”' }),
  removedDescription: defineMessage<Named>({ id: 'history.removedDescription', defaultMessage: '{name} removed the description' }),
  setLink: defineMessage<Value>({ id: 'history.setLink', defaultMessage: '{name} set the link to {value}' }),
  changedLink: defineMessage<Change>({ id: 'history.changedLink', defaultMessage: '{name} changed the link from {old} to {new}' }),
  removedLink: defineMessage<Value>({ id: 'history.removedLink', defaultMessage: '{name} removed the link {value}' }),
  setCategory: defineMessage<Value>({ id: 'history.setCategory', defaultMessage: '{name} set the category to {value}' }),
  changedCategory: defineMessage<Change>({ id: 'history.changedCategory', defaultMessage: '{name} changed the category from {old} to {new}' }),
  removedCategory: defineMessage<Value>({ id: 'history.removedCategory', defaultMessage: '{name} removed the category {value}' }),
  madeSeries: defineMessage<Value>({ id: 'history.madeSeries', defaultMessage: '{name} made it repeat: {value}' }),
  changedRepeat: defineMessage<Change>({ id: 'history.changedRepeat', defaultMessage: '{name} changed the repeat from “{old}” to “{new}”' }),
  madeSingle: defineMessage<Named>({ id: 'history.madeSingle', defaultMessage: '{name} made it a single event' }),
  skippedOccurrences: defineMessage<{ name: string; count: number; dates: string }>({
    id: 'history.skippedOccurrences',
    defaultMessage: '{name} removed {count, plural, one {the occurrence} other {the occurrences}} on {dates}',
  }),
  returnedOccurrences: defineMessage<{ name: string; count: number; dates: string }>({
    id: 'history.returnedOccurrences',
    defaultMessage: '{name} brought back {count, plural, one {the occurrence} other {the occurrences}} on {dates}',
  }),
  addedDates: defineMessage<{ name: string; count: number; dates: string }>({
    id: 'history.addedDates',
    defaultMessage: '{name} added {count, plural, one {an occurrence} other {occurrences}} on {dates}',
  }),
  removedDates: defineMessage<{ name: string; count: number; dates: string }>({
    id: 'history.removedDates',
    defaultMessage: '{name} removed the added {count, plural, one {occurrence} other {occurrences}} on {dates}',
  }),
  changedTimeZone: defineMessage<Change>({ id: 'history.changedTimeZone', defaultMessage: '{name} changed the time zone from {old} to {new}' }),
  changedOccurrence: defineMessage<{ name: string; date: string }>({ id: 'history.changedOccurrence', defaultMessage: '{name} changed the occurrence on {date}' }),
  movedOccurrence: defineMessage<{ name: string; date: string; value: string }>({
    id: 'history.movedOccurrence',
    defaultMessage: '{name} moved the occurrence on {date} to {value}',
  }),
  resetOccurrence: defineMessage<{ name: string; date: string }>({
    id: 'history.resetOccurrence',
    defaultMessage: '{name} undid the changes to the occurrence on {date}',
  }),
  addedVideo: defineMessage<Named>({ id: 'history.addedVideo', defaultMessage: '{name} added a video' }),
  changedVideo: defineMessage<Named>({ id: 'history.changedVideo', defaultMessage: '{name} changed the video' }),
  removedVideo: defineMessage<Named>({ id: 'history.removedVideo', defaultMessage: '{name} removed the video' }),
  addedMeeting: defineMessage<Named>({ id: 'history.addedMeeting', defaultMessage: '{name} added a Teams meeting' }),
  changedMeeting: defineMessage<Named>({ id: 'history.changedMeeting', defaultMessage: '{name} changed the Teams meeting' }),
  removedMeeting: defineMessage<Named>({ id: 'history.removedMeeting', defaultMessage: '{name} removed the Teams meeting' }),
  changedField: defineMessage<{ name: string; field: string }>({ id: 'history.changedField', defaultMessage: '{name} changed {field}' }),
  createdCalendar: defineMessage<Named>({ id: 'history.createdCalendar', defaultMessage: '{name} created the calendar' }),
  deletedCalendar: defineMessage<Named>({ id: 'history.deletedCalendar', defaultMessage: '{name} deleted the calendar' }),
  restoredCalendar: defineMessage<Named>({ id: 'history.restoredCalendar', defaultMessage: '{name} restored the calendar' }),
  renamedCalendar: defineMessage<Change>({ id: 'history.renamedCalendar', defaultMessage: '{name} renamed the calendar from “{old}” to “{new}”' }),
  recolouredCalendar: defineMessage<Named>({ id: 'history.recolouredCalendar', defaultMessage: '{name} changed the calendar’s colour' }),
  changedCalendarDescription: defineMessage<Named>({
    id: 'history.changedCalendarDescription',
    defaultMessage: '{name} changed the calendar’s description',
  }),
  changedEditors: defineMessage<{ name: string; added: number; removed: number }>({
    id: 'history.changedEditors',
    defaultMessage: '{name} changed the calendar’s editors: {added, number} added, {removed, number} removed',
  }),
  addedCategory: defineMessage<Value>({ id: 'history.addedCategory', defaultMessage: '{name} added the category “{value}”' }),
  deletedCategory: defineMessage<Value>({ id: 'history.deletedCategory', defaultMessage: '{name} deleted the category “{value}”' }),
  renamedCategory: defineMessage<Change>({ id: 'history.renamedCategory', defaultMessage: '{name} renamed the category “{old}” to “{new}”' }),
  changedCategoryLook: defineMessage<Value>({
    id: 'history.changedCategoryLook',
    defaultMessage: '{name} changed the colour or icon of the category “{value}”',
  }),
});

/** The words around the sentences: values no longer known, and how much of a series a change was made to. */
export const HISTORY_WORDS = defineMessages({
  unknownCalendar: { id: 'history.unknownCalendar', defaultMessage: 'a deleted calendar' },
  unknownCategory: { id: 'history.unknownCategory', defaultMessage: 'a deleted category' },
  scopeThis: defineMessage<{ date: string }>({ id: 'history.scopeThis', defaultMessage: 'This occurrence ({date})' }),
  scopeFollowing: defineMessage<{ date: string }>({ id: 'history.scopeFollowing', defaultMessage: 'This and following occurrences (from {date})' }),
  scopeAll: { id: 'history.scopeAll', defaultMessage: 'All occurrences' },
});

/** The History tab, the calendar's activity list and the trash: their headings, states and commands. */
export const HISTORY_MESSAGES = defineMessages({
  detailsTab: { id: 'history.detailsTab', defaultMessage: 'Details' },
  historyTab: { id: 'history.historyTab', defaultMessage: 'History' },
  loading: { id: 'history.loading', defaultMessage: 'Loading history' },
  empty: { id: 'history.empty', defaultMessage: 'No changes are recorded.' },
  showMore: { id: 'history.showMore', defaultMessage: 'Show more' },
  loadFailed: { id: 'history.loadFailed', defaultMessage: 'The history could not be loaded' },
  activityEmpty: { id: 'history.activityEmpty', defaultMessage: 'No changes match.' },
  person: { id: 'history.person', defaultMessage: 'Person' },
  everyone: { id: 'history.everyone', defaultMessage: 'Everyone' },
  from: { id: 'history.from', defaultMessage: 'From' },
  to: { id: 'history.to', defaultMessage: 'To' },
  toBeforeFrom: { id: 'history.toBeforeFrom', defaultMessage: 'Choose a day on or after the From day' },
});

/** A calendar's trash: deleted events, restored or deleted for good. */
export const TRASH_MESSAGES = defineMessages({
  trashOf: defineMessage<{ name: string }>({ id: 'trash.trashOf', defaultMessage: 'Deleted events of {name}' }),
  loading: { id: 'trash.loading', defaultMessage: 'Loading deleted events' },
  empty: defineMessage<{ days: number }>({
    id: 'trash.empty',
    defaultMessage: 'No deleted events. Deleted events stay here for {days, plural, one {# day} other {# days}}.',
  }),
  restoreNamed: defineMessage<{ title: string }>({ id: 'trash.restoreNamed', defaultMessage: 'Restore {title}' }),
  restored: defineMessage<{ title: string }>({ id: 'trash.restored', defaultMessage: '“{title}” restored' }),
  restoreFailed: { id: 'trash.restoreFailed', defaultMessage: 'The event could not be restored' },
  calendarTrashed: defineMessage<{ name: string }>({ id: 'trash.calendarTrashed', defaultMessage: 'Restore the calendar “{name}” first: it is deleted too.' }),
  purgeNamed: defineMessage<{ title: string }>({ id: 'trash.purgeNamed', defaultMessage: 'Delete {title} for good' }),
  purgeTitle: defineMessage<{ title: string }>({ id: 'trash.purgeTitle', defaultMessage: 'Delete “{title}” for good?' }),
  purgeWarning: { id: 'trash.purgeWarning', defaultMessage: 'It can no longer be restored. Its history is kept until it expires.' },
  purged: defineMessage<{ title: string }>({ id: 'trash.purged', defaultMessage: '“{title}” deleted for good' }),
  purgeFailed: { id: 'trash.purgeFailed', defaultMessage: 'The event could not be deleted for good' },
});
