import { defineMessage, defineMessages } from 'react-intl';

/** What an event in the calendar says of its category, and of its series. */
export const EVENT_CATEGORY_MESSAGES = defineMessages({
  // Read before the title by screen readers, where sighted users see the category's icon.
  category: defineMessage<{ name: string }>({ id: 'calendar.eventCategory', defaultMessage: '{name}:' }),
  // The repeat icon's name, on an occurrence of a series: read before the title.
  repeats: { id: 'calendar.eventRepeats', defaultMessage: 'Repeats' },
});
