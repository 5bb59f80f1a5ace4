import { defineMessage, defineMessages } from 'react-intl';

/** What the details dialog says when the event it shows is changed or deleted by someone else meanwhile. */
export const LIVE_EVENT_MESSAGES = defineMessages({
  changed: defineMessage<{ name: string }>({ id: 'liveEvent.changed', defaultMessage: '{name} changed this event' }),
  changedDetail: { id: 'liveEvent.changedDetail', defaultMessage: 'These details are from before their change.' },
  restored: defineMessage<{ name: string }>({ id: 'liveEvent.restored', defaultMessage: '{name} restored this event' }),
  deleted: defineMessage<{ name: string }>({ id: 'liveEvent.deleted', defaultMessage: '{name} deleted this event' }),
  deletedDetail: { id: 'liveEvent.deletedDetail', defaultMessage: 'These details are how it was. It can no longer be edited.' },
  showLatest: { id: 'liveEvent.showLatest', defaultMessage: 'Show latest' },
});
