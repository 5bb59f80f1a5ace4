import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { UNDO_WINDOW_MS } from '../../../../shared/limits.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { useNotify } from '../../../components/notifications.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import { datesPatch, type DatesPatch } from '../lib/dates-patch.ts';
import { UNDO_MESSAGES } from '../lib/undo-messages.ts';
import { updateEvent } from '../requests/update-event.ts';
import { occurrenceKeyOf, updateOccurrence } from '../requests/update-occurrence.ts';
import type { MoveInfo } from './use-event-move-handler.ts';
import { useMoveFailure } from './use-move-failure.ts';

/**
 * Writes an event's dates from before a move back over the version the move made (If-Match): a single event, or an
 * occurrence as "this event" again. A change anyone made in between makes it 412.
 */
function putBack(api: ApiClient, moved: CalendarEvent, before: DatesPatch): Promise<CalendarEvent> {
  const version = moved.extendedProps.version;
  const occurrence = occurrenceKeyOf(moved);
  if (occurrence) return updateOccurrence(api, { ...occurrence, scope: 'this', version, patch: before });
  return updateEvent(api, { calendarId: moved.extendedProps.calendarId, eventId: moved.id, version, patch: before });
}

/**
 * The toast after a drag or resize of a single event or of one occurrence, offering Undo for UNDO_WINDOW_MS: the
 * event goes back to where it was, or the usual conflict message says why not. The calendar then shows what the
 * server has.
 */
export function useOfferUndoMove(refetchEvents: () => void): (info: MoveInfo, moved: CalendarEvent) => void {
  const api = useApiClient();
  const notify = useNotify();
  const intl = useIntl();
  const moveFailed = useMoveFailure();
  return useCallback(
    (info, moved) => {
      const title = info.event.title;
      const before = datesPatch(info.oldEvent);
      const undo = () =>
        putBack(api, moved, before)
          .then(
            () => notify.success(intl.formatMessage(UNDO_MESSAGES.movedBack, { title })),
            (error: unknown) => moveFailed(error, title),
          )
          .finally(refetchEvents);
      const message = 'endDelta' in info ? UNDO_MESSAGES.resized : UNDO_MESSAGES.moved;
      notify.success(intl.formatMessage(message, { title }), { label: intl.formatMessage(UNDO_MESSAGES.undo), timeoutMs: UNDO_WINDOW_MS, onClick: () => void undo() });
    },
    [api, notify, intl, moveFailed, refetchEvents],
  );
}
