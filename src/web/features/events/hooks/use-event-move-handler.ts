import type { EventApi, EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
import { useCallback } from 'react';
import { DEFAULT_TIMED_DURATION_MS, type EventPatch } from '../../../../shared/event-schema.ts';
import { addDays } from '../../../../shared/time.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
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
 */
export function useEventMoveHandler(): (info: EventDropInfo | EventResizeDoneInfo) => void {
  const notify = useNotify();
  const { mutate } = useUpdateEvent();
  return useCallback(
    (info) => {
      const { event } = info;
      mutate(
        {
          calendarId: String(event.extendedProps.calendarId),
          eventId: event.id,
          version: Number(event.extendedProps.version),
          patch: datesPatch(event),
        },
        {
          onError: (error) => {
            info.revert();
            if (error instanceof ApiError && error.status === 412) {
              notify.error('This event was changed by someone else', 'The calendar now shows the latest version.');
            } else {
              notify.error(`“${event.title}” could not be moved`, errorMessage(error));
            }
          },
          // The new version number (for the next If-Match) and anything else that changed.
          onSettled: () => info.view.calendar.refetchEvents(),
        },
      );
    },
    [mutate, notify],
  );
}
