import { defineMessages, defineMessage } from 'react-intl';

/** What a screen reader hears of a day in the month grid, beside the day and its events. */
export const GRID_KEYBOARD_MESSAGES = defineMessages({
  dayEvents: defineMessage<{ count: number }>({
    id: 'calendarGrid.dayEvents',
    defaultMessage: '{count, plural, =0 {No events} one {# event} other {# events}}',
  }),
});
