import type { EventApi, EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
import { useCallback } from 'react';
import { DEFAULT_TIMED_DURATION_MS, type EventPatch } from '../../../../shared/event-schema.ts';
import { addDays } from '../../../../shared/time.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import { CHANGED_BY_SOMEONE_ELSE } from '../lib/event-messages.ts';
import { useUpdateEvent } from '../requests/update-event.ts';

/** The new dates of a dragged or resized event, in the API's form: dates when all-day, UTC instants when timed. */
function datesPatch(event: EventApi): EventPatch {
  if (event.allDay) {
    // With the calendar in local time, all-day startStr and endStr are plain dates.
    const start = event.startStr.slice(0, 10);
    return { allDay: true, start, end: event.end ? event.endStr.slice(0, 10) : addDays(start, 1) };
  }
  const start = event.start;
  if (start === null) throw new Error('A dragged event always has a start');
  const end = event.end ?? new Date(start.getTime() + DEFAULT_TIMED_DURATION_MS);
  return { allDay: false, start: start.toISOString(), end: end.toISOString() };
}

/**
 * Saves a drag or resize with If-Match. On any failure the event goes back where it was, the user is told,
 * and the calendar reloads what the server has.
 *
 * Every drag shares one mutation, and TanStack Query only runs mutate()'s per-call callbacks for the latest
 * call: each drag awaits its own promise instead, so a failed first drag still reverts when a second follows.
 */
export function useEventMoveHandler(): (info: EventDropInfo | EventResizeDoneInfo) => void {
  const notify = useNotify();
  const { mutateAsync } = useUpdateEvent();
  return useCallback(
    (info) => {
      const { event } = info;
      void mutateAsync({
        calendarId: String(event.extendedProps.calendarId),
        eventId: event.id,
        version: Number(event.extendedProps.version),
        patch: datesPatch(event),
      })
        .then(
          // At once, so dragging it again before the refetch lands sends the version it now has.
          (updated) => event.setExtendedProp('version', updated.extendedProps.version),
          (error: unknown) => {
            info.revert();
            if (isApiStatus(error, 412)) notify.error(CHANGED_BY_SOMEONE_ELSE, 'The calendar now shows the latest version.');
            else notify.error(`“${event.title}” could not be moved`, errorMessage(error));
          },
        )
        // Anything else that changed meanwhile.
        .finally(() => info.view.calendar.refetchEvents());
    },
    [mutateAsync, notify],
  );
}
