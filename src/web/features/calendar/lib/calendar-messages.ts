import { defineMessage, defineMessages } from 'react-intl';

/** The calendar's own words, beside those FullCalendar's locale files bring. */
export const CALENDAR_MESSAGES = defineMessages({
  agenda: { id: 'calendar.agenda', defaultMessage: 'Agenda' },
  upcoming: { id: 'calendar.upcoming', defaultMessage: 'Upcoming' },
  upcomingEmpty: defineMessage<{ days: number }>({
    id: 'calendar.upcomingEmpty',
    defaultMessage: 'Nothing in the next {days, plural, one {day} other {# days}}. Create an event or look further ahead.',
  }),
  upcomingEmptyLater: defineMessage<{ days: number }>({
    id: 'calendar.upcomingEmptyLater',
    defaultMessage: 'Nothing in these {days, plural, one {# day} other {# days}}. Create an event or look further ahead.',
  }),
  lookAhead: { id: 'calendar.lookAhead', defaultMessage: 'Look further ahead' },
  // FullCalendar names a step by its unit ("Previous week"); a view of several days has none.
  previousUnit: defineMessage<{ unit: string }>({ id: 'calendar.previousUnit', defaultMessage: 'Previous {unit}' }),
  nextUnit: defineMessage<{ unit: string }>({ id: 'calendar.nextUnit', defaultMessage: 'Next {unit}' }),
  previousDays: defineMessage<{ days: number }>({ id: 'calendar.previousDays', defaultMessage: 'Previous {days, plural, one {# day} other {# days}}' }),
  nextDays: defineMessage<{ days: number }>({ id: 'calendar.nextDays', defaultMessage: 'Next {days, plural, one {# day} other {# days}}' }),
  /** When the server refuses a window for holding more events than one answer carries. */
  windowTooFull: defineMessage<{ limit: number }>({
    id: 'calendar.windowTooFull',
    defaultMessage: 'This view holds more than {limit, number} events. Switch to a shorter view or hide some calendars.',
  }),
  /** The printed page's heading: the calendars shown, and the period (the calendar's own title for it). */
  printHeading: defineMessage<{ calendars: string; period: string }>({ id: 'calendar.printHeading', defaultMessage: '{calendars} — {period}' }),
  timeZone: { id: 'calendar.timeZone', defaultMessage: 'Time zone' },
  timeZoneHint: { id: 'calendar.timeZoneHint', defaultMessage: 'Times on the calendar and in events are shown in this zone.' },
  timeFormat: { id: 'calendar.timeFormat', defaultMessage: 'Time format' },
  /** The choices of time format, each with an example time (e.g. "1:00 PM"). */
  timeFormatLocale: defineMessage<{ example: string }>({ id: 'calendar.timeFormatLocale', defaultMessage: 'Language default ({example})' }),
  timeFormat12: defineMessage<{ example: string }>({ id: 'calendar.timeFormat12', defaultMessage: '12-hour ({example})' }),
  timeFormat24: defineMessage<{ example: string }>({ id: 'calendar.timeFormat24', defaultMessage: '24-hour ({example})' }),
  viewOptions: { id: 'calendar.viewOptions', defaultMessage: 'View' },
  weekNumbers: { id: 'calendar.weekNumbers', defaultMessage: 'Show week numbers' },
  workingFrom: { id: 'calendar.workingFrom', defaultMessage: 'Working day from' },
  workingTo: { id: 'calendar.workingTo', defaultMessage: 'to' },
  loadingCalendar: { id: 'calendar.loadingCalendar', defaultMessage: 'Loading the calendar' },
  loadingEvents: { id: 'calendar.loadingEvents', defaultMessage: 'Loading events' },
  eventsFailed: { id: 'calendar.eventsFailed', defaultMessage: 'Events could not be loaded' },
});

/** "3 days" in the user's language, from the browser's own unit names. */
export function dayCount(language: string, days: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}
