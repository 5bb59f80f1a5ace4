import { defineMessage, defineMessages } from 'react-intl';

/** What the user is told about an event, worded the same everywhere. */
export const EVENT_MESSAGES = defineMessages({
  changedBySomeoneElse: { id: 'event.changedBySomeoneElse', defaultMessage: 'This event was changed by someone else' },
  noLongerExists: { id: 'event.noLongerExists', defaultMessage: 'This event no longer exists' },
  maybeDeleted: { id: 'event.maybeDeleted', defaultMessage: 'Someone may have deleted it.' },
  /** As a heading above what follows from it. */
  changedHeading: { id: 'event.changedHeading', defaultMessage: 'This event was changed by someone else.' },
  gone: { id: 'event.gone', defaultMessage: 'This event no longer exists. Someone may have deleted it.' },
  latestShown: { id: 'event.latestShown', defaultMessage: 'The calendar now shows the latest version.' },
  moveFailed: defineMessage<{ title: string }>({ id: 'event.moveFailed', defaultMessage: '“{title}” could not be moved' }),
  deleted: { id: 'event.deleted', defaultMessage: 'Event deleted' },
  eventsDeleted: { id: 'event.eventsDeleted', defaultMessage: 'Events deleted' },
  deleteFailed: { id: 'event.deleteFailed', defaultMessage: 'The event could not be deleted' },
  linkedGone: { id: 'event.linkedGone', defaultMessage: 'The linked event no longer exists' },
  linkedFailed: { id: 'event.linkedFailed', defaultMessage: 'The linked event could not be opened' },
  linkCopied: { id: 'event.linkCopied', defaultMessage: 'Link copied' },
  seriesLoadFailed: { id: 'event.seriesLoadFailed', defaultMessage: 'The series could not be loaded' },
});

/** The event details dialog's words. */
export const EVENT_DETAILS_MESSAGES = defineMessages({
  event: { id: 'eventDetails.event', defaultMessage: 'Event' },
  loadingEvent: { id: 'eventDetails.loadingEvent', defaultMessage: 'Loading event…' },
  loadingDetails: { id: 'eventDetails.loadingDetails', defaultMessage: 'Loading event details' },
  calendar: { id: 'eventDetails.calendar', defaultMessage: 'Calendar' },
  unknownCalendar: { id: 'eventDetails.unknownCalendar', defaultMessage: 'Unknown calendar' },
  when: { id: 'eventDetails.when', defaultMessage: 'When' },
  allDay: defineMessage<{ dates: string }>({ id: 'eventDetails.allDay', defaultMessage: '{dates} (all day)' }),
  location: { id: 'eventDetails.location', defaultMessage: 'Location' },
  description: { id: 'eventDetails.description', defaultMessage: 'Description' },
  link: { id: 'eventDetails.link', defaultMessage: 'Link' },
  repeats: { id: 'eventDetails.repeats', defaultMessage: 'Repeats' },
  changedFromSeries: { id: 'eventDetails.changedFromSeries', defaultMessage: 'Changed from the series' },
  created: { id: 'eventDetails.created', defaultMessage: 'Created' },
  updated: { id: 'eventDetails.updated', defaultMessage: 'Updated' },
  byAt: defineMessage<{ name: string; when: string }>({ id: 'eventDetails.byAt', defaultMessage: '{name}, {when}' }),
  notDeleted: { id: 'eventDetails.notDeleted', defaultMessage: 'These are the latest details. It was not deleted.' },
  linkToEvent: { id: 'eventDetails.linkToEvent', defaultMessage: 'Link to this event' },
  linkNotCopied: { id: 'eventDetails.linkNotCopied', defaultMessage: 'The link could not be copied for you: select it and copy it from here.' },
  edit: { id: 'eventDetails.edit', defaultMessage: 'Edit' },
  delete: { id: 'eventDetails.delete', defaultMessage: 'Delete' },
  copyLink: { id: 'eventDetails.copyLink', defaultMessage: 'Copy link' },
  duplicate: { id: 'eventDetails.duplicate', defaultMessage: 'Duplicate' },
  deleteTitle: { id: 'eventDetails.deleteTitle', defaultMessage: 'Delete this event?' },
  deleteWarning: defineMessage<{ title: string; days: number }>({
    id: 'eventDetails.deleteWarning',
    defaultMessage: '“{title}” will be deleted for everyone. Editors can restore it from the calendar’s trash for {days} days.',
  }),
});
