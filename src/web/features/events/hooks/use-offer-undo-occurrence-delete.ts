import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { UNDO_WINDOW_MS } from '../../../../shared/limits.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { announceEventsChanged } from '../../../lib/events-changed.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { UNDO_MESSAGES } from '../lib/undo-messages.ts';
import { undoOccurrenceDelete } from '../requests/undo-occurrence-delete.ts';
import type { OccurrenceKey, OccurrenceScope } from '../requests/update-occurrence.ts';

export interface DeletedOccurrences extends OccurrenceKey {
  scope: OccurrenceScope;
  /** The series' version before the delete. */
  version: number;
  title: string;
}

/** Why an undo failed, in the user's words: the series changed since (412), or is gone, or else. */
function undoFailure(error: unknown, intl: IntlShape): string {
  if (isApiStatus(error, 412, 409)) return intl.formatMessage(UNDO_MESSAGES.seriesChanged);
  if (isApiStatus(error, 404)) return intl.formatMessage(EVENT_MESSAGES.maybeDeleted);
  return errorMessage(error, intl);
}

/**
 * The toast after deleting one occurrence, or it and those after, offering Undo for UNDO_WINDOW_MS: the series
 * gets back exactly what the delete changed (a skipped date and its changed occurrence, or its end and what was cut),
 * over the version the delete made, so that anything changed since is never overwritten.
 */
export function useOfferUndoOccurrenceDelete(): (deleted: DeletedOccurrences, message: string) => void {
  const api = useApiClient();
  const notify = useNotify();
  const intl = useIntl();
  return useCallback(
    ({ version, title, ...deleted }, message) => {
      // The delete bumped the series' version by one.
      const undo = () =>
        undoOccurrenceDelete(api, { ...deleted, version: version + 1 }).then(
          () => notify.success(intl.formatMessage(UNDO_MESSAGES.restored, { title })),
          (error: unknown) => notify.error(intl.formatMessage(UNDO_MESSAGES.notRestored, { title }), undoFailure(error, intl)),
        );
      notify.success(message, {
        label: intl.formatMessage(UNDO_MESSAGES.undo),
        timeoutMs: UNDO_WINDOW_MS,
        onClick: () => void undo().finally(announceEventsChanged),
      });
    },
    [api, notify, intl],
  );
}
