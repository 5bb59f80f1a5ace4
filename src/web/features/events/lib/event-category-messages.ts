import { defineMessages } from 'react-intl';

/** What the event form and details say of an event's category. */
export const EVENT_CATEGORY_MESSAGES = defineMessages({
  category: { id: 'eventCategory.category', defaultMessage: 'Category' },
  none: { id: 'eventCategory.none', defaultMessage: 'None' },
  occurrenceHint: { id: 'eventCategory.occurrenceHint', defaultMessage: 'To change the category, edit all events' },
});
