import { defineMessages } from 'react-intl';

/** The card shown over an event when it is pointed at or focused. */
export const EVENT_CARD_MESSAGES = defineMessages({
  card: { id: 'eventCard.card', defaultMessage: 'Event preview' },
});
