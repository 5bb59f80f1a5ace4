import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useIntl } from 'react-intl';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';

/** What a failed delete tells the user: changed by someone else (412), already gone (404), or why it failed. */
export function useDeleteFailure({ onDeleted, onConflict }: { onDeleted(): void; onConflict(): void }): (error: unknown) => void {
  const notify = useNotify();
  const intl = useIntl();
  return (error) => {
    if (isApiStatus(error, 412)) onConflict();
    else if (isApiStatus(error, 404)) {
      notify.error(intl.formatMessage(EVENT_MESSAGES.noLongerExists), intl.formatMessage(EVENT_MESSAGES.maybeDeleted));
      onDeleted();
    } else notify.error(intl.formatMessage(EVENT_MESSAGES.deleteFailed), errorMessage(error, intl));
  };
}
