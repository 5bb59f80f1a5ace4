import { defineMessage, defineMessages } from 'react-intl';

/** What the app says while it shows the offline copy. */
export const OFFLINE_MESSAGES = defineMessages({
  showingAsOf: defineMessage<{ time: string }>({ id: 'offline.showingAsOf', defaultMessage: 'Offline: showing events as of {time}' }),
  unreachable: { id: 'offline.unreachable', defaultMessage: 'Offline: the calendar server cannot be reached' },
  readOnly: {
    id: 'offline.readOnly',
    defaultMessage: 'You can look around; creating, editing, moving and deleting events come back when the connection does.',
  },
});
