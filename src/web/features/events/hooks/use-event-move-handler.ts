import type { EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
import { useCallback } from 'react';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { datesPatch, seriesDatesPatch } from '../lib/dates-patch.ts';
import { getEventById } from '../requests/get-event-by-id.ts';
import { updateEvent } from '../requests/update-event.ts';
import { updateOccurrence } from '../requests/update-occurrence.ts';
import { useMoveFailure } from './use-move-failure.ts';
import { useOfferUndoMove } from './use-offer-undo-move.ts';
import { useRecurrenceScope, type RecurrenceScopeDialogState } from './use-recurrence-scope.ts';

export type MoveInfo = EventDropInfo | EventResizeDoneInfo;

/**
 * Saves a drag or resize with If-Match. On any failure the event goes back where it was, the user is told,
 * and the calendar reloads what the server has (`refetchEvents`). An occurrence of a series first asks which events move;
 * cancelling puts it back.
 *
 * Each drag awaits its own request rather than one shared mutation's callbacks, which TanStack Query only runs
 * for the latest call: a failed first drag still reverts when a second follows.
 */
export function useEventMoveHandler(refetchEvents: () => void): { onEventChange(info: MoveInfo): void; scopeDialog: RecurrenceScopeDialogState } {
  const api = useApiClient();
  const { askScope, dialog } = useRecurrenceScope();
  const offerUndo = useOfferUndoMove(refetchEvents);
  const moveFailed = useMoveFailure();

  // What was saved, and whether Undo can put it back: a single event, or an occurrence moved alone.
  const save = useCallback(
    async (info: MoveInfo): Promise<{ updated: CalendarEvent; undoable: boolean } | null> => {
      const { event, oldEvent } = info;
      const calendarId = String(event.extendedProps.calendarId);
      const version = Number(event.extendedProps.version);
      const patch = datesPatch(event);
      const seriesId = event.extendedProps.seriesId as string | undefined;
      const recurrenceId = event.extendedProps.recurrenceId as string | undefined;
      if (!seriesId || !recurrenceId) return { updated: await updateEvent(api, { calendarId, eventId: event.id, version, patch }), undoable: true };
      const scope = await askScope('move');
      if (scope === null) return null;
      if (scope !== 'all') return { updated: await updateOccurrence(api, { calendarId, seriesId, recurrenceId, scope, version, patch }), undoable: scope === 'this' };
      const series = await getEventById(api, seriesId);
      const eventId = series.id;
      const updated = await updateEvent(api, { calendarId, eventId, version: series.extendedProps.version, patch: seriesDatesPatch(series, datesPatch(oldEvent), patch) });
      return { updated, undoable: false };
    },
    [api, askScope],
  );

  const onEventChange = useCallback(
    (info: MoveInfo) => {
      const { event } = info;
      void save(info)
        .then(
          (saved) => {
            if (saved === null) return info.revert();
            // At once, so dragging it again before the refetch lands sends the version it now has.
            if (!event.extendedProps.seriesId) event.setExtendedProp('version', saved.updated.extendedProps.version);
            if (saved.undoable) offerUndo(info, saved.updated);
          },
          (error: unknown) => {
            info.revert();
            moveFailed(error, event.title);
          },
        )
        // Anything else that changed meanwhile; for a series, every occurrence the change touched.
        .finally(refetchEvents);
    },
    [save, moveFailed, refetchEvents, offerUndo],
  );

  return { onEventChange, scopeDialog: dialog };
}
