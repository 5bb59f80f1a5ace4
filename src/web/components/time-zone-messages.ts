import { defineMessage, defineMessages } from 'react-intl';

/** What a time zone list says: the side panel's zone shown, and an event's own. */
export const TIME_ZONE_MESSAGES = defineMessages({
  devicesTimeZone: defineMessage<{ zone: string }>({ id: 'calendar.devicesTimeZone', defaultMessage: 'This device’s ({zone})' }),
  /** A zone in the time zone list: "(UTC+05:30) Asia/Kolkata – India Standard Time". */
  timeZoneOption: defineMessage<{ offset: string; zone: string; name: string }>({
    id: 'calendar.timeZoneOption',
    defaultMessage: '({offset}) {zone} – {name}',
  }),
  /** A zone the user's language has no name for, e.g. UTC. */
  unnamedTimeZoneOption: defineMessage<{ offset: string; zone: string }>({ id: 'calendar.unnamedTimeZoneOption', defaultMessage: '({offset}) {zone}' }),
  /** The button beside the time zone field that opens its list (the field's label names the list). */
  openTimeZoneList: { id: 'calendar.openTimeZoneList', defaultMessage: 'Open the list' },
  recentTimeZones: { id: 'calendar.recentTimeZones', defaultMessage: 'Recently used' },
  allTimeZones: { id: 'calendar.allTimeZones', defaultMessage: 'All time zones' },
  noTimeZoneMatches: { id: 'calendar.noTimeZoneMatches', defaultMessage: 'No time zone matches your search' },
});
