import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import { MAYBE_DELETED, NO_LONGER_EXISTS } from '../lib/event-messages.ts';

/** What a failed delete tells the user: changed by someone else (412), already gone (404), or why it failed. */
export function useDeleteFailure({ onDeleted, onConflict }: { onDeleted(): void; onConflict(): void }): (error: unknown) => void {
  const notify = useNotify();
  return (error) => {
    if (isApiStatus(error, 412)) onConflict();
    else if (isApiStatus(error, 404)) {
      notify.error(NO_LONGER_EXISTS, MAYBE_DELETED);
      onDeleted();
    } else notify.error('The event could not be deleted', errorMessage(error));
  };
}
