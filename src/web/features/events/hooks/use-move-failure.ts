import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';

/** What a failed move (a drag, a resize, or its Undo) tells the user: changed by someone else (412), or why it failed. */
export function useMoveFailure(): (error: unknown, title: string) => void {
  const notify = useNotify();
  const intl = useIntl();
  return useCallback(
    (error, title) => {
      if (isApiStatus(error, 412)) notify.error(intl.formatMessage(EVENT_MESSAGES.changedBySomeoneElse), intl.formatMessage(EVENT_MESSAGES.latestShown));
      else notify.error(intl.formatMessage(EVENT_MESSAGES.moveFailed, { title }), errorMessage(error, intl));
    },
    [notify, intl],
  );
}
