import { defineMessages } from 'react-intl';

/** What the app says while it finds out where it runs. */
export const HOST_MESSAGES = defineMessages({
  couldNotStart: { id: 'host.couldNotStart', defaultMessage: 'Company Calendar could not start' },
});
