import { defineMessage, defineMessages } from 'react-intl';

/** The hint on an event someone else just changed, by what they did: part of the event's accessible name. */
export const LIVE_HINT_MESSAGES = defineMessages({
  created: defineMessage<{ name: string }>({ id: 'liveHint.created', defaultMessage: 'Added by {name}' }),
  updated: defineMessage<{ name: string }>({ id: 'liveHint.updated', defaultMessage: 'Updated by {name}' }),
  moved: defineMessage<{ name: string }>({ id: 'liveHint.moved', defaultMessage: 'Moved by {name}' }),
  restored: defineMessage<{ name: string }>({ id: 'liveHint.restored', defaultMessage: 'Restored by {name}' }),
});
