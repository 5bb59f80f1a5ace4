import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../../../shared/limits.ts';

/** The event form's words. */
export const EVENT_FORM_MESSAGES = defineMessages({
  newTitle: { id: 'eventForm.newTitle', defaultMessage: 'New event' },
  editTitle: { id: 'eventForm.editTitle', defaultMessage: 'Edit event' },
  title: { id: 'eventForm.title', defaultMessage: 'Title' },
  calendar: { id: 'eventForm.calendar', defaultMessage: 'Calendar' },
  calendarOccurrenceHint: { id: 'eventForm.calendarOccurrenceHint', defaultMessage: 'To move the event to another calendar, edit all events' },
  allDay: { id: 'eventForm.allDay', defaultMessage: 'All day' },
  startDate: { id: 'eventForm.startDate', defaultMessage: 'Start date' },
  startTime: { id: 'eventForm.startTime', defaultMessage: 'Start time' },
  endDate: { id: 'eventForm.endDate', defaultMessage: 'End date' },
  endTime: { id: 'eventForm.endTime', defaultMessage: 'End time' },
  timeZone: { id: 'eventForm.timeZone', defaultMessage: 'Time zone' },
  timeZoneOccurrenceHint: { id: 'eventForm.timeZoneOccurrenceHint', defaultMessage: 'To change the time zone, edit all events' },
  /** Under the event's zone when the calendar is shown in another: when the event is there. */
  timeZoneShownTimes: defineMessage<{ zone: string; when: string }>({ id: 'eventForm.timeZoneShownTimes', defaultMessage: 'In {zone}: {when}' }),
  location: { id: 'eventForm.location', defaultMessage: 'Location' },
  description: { id: 'eventForm.description', defaultMessage: 'Description' },
  link: { id: 'eventForm.link', defaultMessage: 'Link' },
  linkHint: { id: 'eventForm.linkHint', defaultMessage: 'An http:// or https:// address' },
  linkSchemeAdded: { id: 'eventForm.linkSchemeAdded', defaultMessage: 'https:// was added in front of the address.' },
  save: { id: 'eventForm.save', defaultMessage: 'Save' },
  create: { id: 'eventForm.create', defaultMessage: 'Create' },
  cancel: { id: 'eventForm.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'eventForm.saved', defaultMessage: 'Event saved' },
  created: { id: 'eventForm.created', defaultMessage: 'Event created' },
  saveFailed: { id: 'eventForm.saveFailed', defaultMessage: 'The event could not be saved' },
  characterCount: defineMessage<{ count: number; max: number }>({
    id: 'eventForm.characterCount',
    defaultMessage: '{count, plural, one {# of {max, number} characters} other {# of {max, number} characters}}',
  }),
  conflictKept: { id: 'eventForm.conflictKept', defaultMessage: 'Your changes are kept. Check the event and save again.' },
  conflictKeptTaken: defineMessage<{ fields: string }>({
    id: 'eventForm.conflictKeptTaken',
    defaultMessage: 'Your changes are kept. From their change: {fields}. Check the event and save again.',
  }),
});

/** The groups of fields a conflict can bring in from someone else's change, as the conflict message lists them. */
export const FIELD_GROUP_MESSAGES = defineMessages({
  title: { id: 'eventForm.groupTitle', defaultMessage: 'title' },
  calendar: { id: 'eventForm.groupCalendar', defaultMessage: 'calendar' },
  dateAndTime: { id: 'eventForm.groupDateAndTime', defaultMessage: 'date and time' },
  location: { id: 'eventForm.groupLocation', defaultMessage: 'location' },
  description: { id: 'eventForm.groupDescription', defaultMessage: 'description' },
  video: { id: 'eventForm.groupVideo', defaultMessage: 'video' },
  meeting: { id: 'eventForm.groupMeeting', defaultMessage: 'Teams meeting' },
  link: { id: 'eventForm.groupLink', defaultMessage: 'link' },
  repeat: { id: 'eventForm.groupRepeat', defaultMessage: 'repeat' },
});

/** What the form says is wrong, one message per rule of the event schema. */
export const EVENT_FORM_ERROR_MESSAGES = defineMessages({
  titleMissing: { id: 'eventForm.titleMissing', defaultMessage: 'Enter a title' },
  titleTooLong: defineMessage<{ max: number }>({ id: 'eventForm.titleTooLong', defaultMessage: 'A title has at most {max, number} characters' }),
  calendarMissing: { id: 'eventForm.calendarMissing', defaultMessage: 'Choose a calendar' },
  startDateMissing: { id: 'eventForm.startDateMissing', defaultMessage: 'Enter a start date' },
  endDateMissing: { id: 'eventForm.endDateMissing', defaultMessage: 'Enter an end date' },
  startTimeMissing: { id: 'eventForm.startTimeMissing', defaultMessage: 'Enter a start time' },
  endTimeMissing: { id: 'eventForm.endTimeMissing', defaultMessage: 'Enter an end time' },
  endDateBeforeStart: { id: 'eventForm.endDateBeforeStart', defaultMessage: 'The end date cannot be before the start date' },
  endBeforeStart: { id: 'eventForm.endBeforeStart', defaultMessage: 'The end must be after the start' },
  tooLong: defineMessage<{ days: number }>({ id: 'eventForm.tooLong', defaultMessage: '{days, plural, one {An event lasts at most # day} other {An event lasts at most # days}}' }),
  yearsOutOfRange: defineMessage<{ min: string; max: string }>({ id: 'eventForm.yearsOutOfRange', defaultMessage: 'Use a date between {min} and {max}' }),
  locationTooLong: defineMessage<{ max: number }>({ id: 'eventForm.locationTooLong', defaultMessage: 'A location has at most {max, number} characters' }),
  descriptionTooLong: defineMessage<{ max: number }>({ id: 'eventForm.descriptionTooLong', defaultMessage: 'A description has at most {max, number} characters' }),
  descriptionTooDeep: defineMessage<{ max: number }>({
    id: 'eventForm.descriptionTooDeep',
    defaultMessage: 'Lists and formatting nest at most {max, number} levels deep: indent less',
  }),
  urlTooLong: defineMessage<{ max: number }>({ id: 'eventForm.urlTooLong', defaultMessage: 'A link has at most {max, number} characters' }),
  urlInvalid: { id: 'eventForm.urlInvalid', defaultMessage: 'Only http:// and https:// links are allowed' },
  invalid: { id: 'eventForm.invalid', defaultMessage: 'Check this value' },
  serverRefused: { id: 'eventForm.serverRefused', defaultMessage: 'The server did not accept this value' },
  serverRefusedForm: { id: 'eventForm.serverRefusedForm', defaultMessage: 'The server did not accept the event. Check it and save again.' },
});

/** What a date field says of text typed into it that is no date it can take. */
export const TYPED_DATE_MESSAGES = defineMessages({
  noSuchDay: defineMessage<{ month: string; days: number }>({ id: 'eventForm.dateNoSuchDay', defaultMessage: '{month} has {days, number} days' }),
  noSuchMonth: defineMessage<{ month: number; example: string }>({
    id: 'eventForm.dateNoSuchMonth',
    defaultMessage: 'There is no month {month, number}: write the date as {example}',
  }),
  unreadable: defineMessage<{ example: string }>({ id: 'eventForm.dateUnreadable', defaultMessage: 'Type a date such as {example}' }),
  outOfRange: defineMessage<{ min: string; max: string }>({ id: 'eventForm.dateOutOfRange', defaultMessage: 'Use a date from {min} to {max}' }),
});

/** A message and the values it is filled with: what pure functions return for a component to format. */
export interface FormMessage {
  message: MessageDescriptor;
  values?: Record<string, string | number>;
}

/** Form messages shared by the event's and the Repeat control's dates. */
export const DATE_ERRORS = {
  // The years as plain numbers: "2,200" would read as a count.
  yearsOutOfRange: { message: EVENT_FORM_ERROR_MESSAGES.yearsOutOfRange, values: { min: String(EVENT_YEAR_MIN), max: String(EVENT_YEAR_MAX) } },
} satisfies Record<string, FormMessage>;

/** A form message in the user's language. */
export function formatFormMessage(intl: Pick<IntlShape, 'formatMessage'>, { message, values }: FormMessage): string {
  return intl.formatMessage(message, values);
}
