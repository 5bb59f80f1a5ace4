import { defineMessages } from 'react-intl';

/** Words every part of the app says the same way: one message each, so they are translated once. */
export const COMMON_MESSAGES = defineMessages({
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Try again' },
  close: { id: 'common.close', defaultMessage: 'Close' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel' },
});
