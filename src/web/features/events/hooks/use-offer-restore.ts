import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { UNDO_WINDOW_MS } from '../../../../shared/limits.ts';
import { CALENDAR_TRASHED_TYPE } from '../../../../shared/problem.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { ApiError, isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { announceEventsChanged } from '../../../lib/events-changed.ts';
import { UNDO_MESSAGES } from '../lib/undo-messages.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { restoreEvent } from '../requests/restore-event.ts';

/** Why a restore failed, in the user's words: its calendar trashed meanwhile, no longer in the trash, or else. */
function restoreFailure(error: unknown, intl: IntlShape): string {
  if (error instanceof ApiError && error.problem.type === CALENDAR_TRASHED_TYPE) return intl.formatMessage(UNDO_MESSAGES.calendarTrashed);
  if (isApiStatus(error, 404)) return intl.formatMessage(UNDO_MESSAGES.notInTrash);
  return errorMessage(error, intl);
}

export interface DeletedEvent extends EventKey {
  /** Its version before the delete. */
  version: number;
  title: string;
}

/**
 * The toast after a delete to the trash (an event, or a whole series), offering Undo for UNDO_WINDOW_MS: it restores
 * the event from the trash and the calendar shows it again.
 */
export function useOfferRestore(): (deleted: DeletedEvent, message: string) => void {
  const api = useApiClient();
  const notify = useNotify();
  const intl = useIntl();
  return useCallback(
    (deleted, message) => {
      const restore = () =>
        // Trashing bumped its version: the trash's ETag is one more.
        restoreEvent(api, { calendarId: deleted.calendarId, eventId: deleted.eventId, trashVersion: deleted.version + 1 }).then(
          () => notify.success(intl.formatMessage(UNDO_MESSAGES.restored, { title: deleted.title })),
          (error: unknown) => notify.error(intl.formatMessage(UNDO_MESSAGES.notRestored, { title: deleted.title }), restoreFailure(error, intl)),
        );
      notify.success(message, {
        label: intl.formatMessage(UNDO_MESSAGES.undo),
        timeoutMs: UNDO_WINDOW_MS,
        onClick: () => void restore().finally(announceEventsChanged),
      });
    },
    [api, notify, intl],
  );
}
