import type { EventApi, EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarEvent, EventPatch } from '../../../../shared/event-schema.ts';
import { addDays, DEFAULT_TIMED_DURATION_MS, eventTimeMs, isDateOnly } from '../../../../shared/time.ts';
import { DAY_MS } from '../../../../shared/limits.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { getEventById } from '../requests/get-event-by-id.ts';
import { updateEvent } from '../requests/update-event.ts';
import { updateOccurrence } from '../requests/update-occurrence.ts';
import { useRecurrenceScope, type RecurrenceScopeDialogState } from './use-recurrence-scope.ts';

type MoveInfo = EventDropInfo | EventResizeDoneInfo;
type DatesPatch = EventPatch & { start: string; end: string };

/** The new dates of a dragged or resized event, in the API's form: dates when all-day, UTC instants when timed. */
function datesPatch(event: EventApi): DatesPatch {
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

/** A date or instant moved by a number of milliseconds; dates by whole days. */
function shifted(value: string, ms: number): string {
  if (isDateOnly(value)) return addDays(value, Math.round(ms / DAY_MS));
  return new Date(Date.parse(value) + ms).toISOString();
}

/**
 * "All events": the series' own start and end move as the dragged occurrence's did, so every occurrence moves
 * by the same shift (the server moves the days its rule names with it). Only when the occurrence keeps its kind
 * (all-day or timed): otherwise its new dates are the series'.
 */
function seriesPatch(series: CalendarEvent, before: DatesPatch, after: DatesPatch): EventPatch {
  if (before.allDay !== after.allDay) return after;
  return {
    start: shifted(series.start, eventTimeMs(after.start) - eventTimeMs(before.start)),
    end: shifted(series.end, eventTimeMs(after.end) - eventTimeMs(before.end)),
  };
}

/**
 * Saves a drag or resize with If-Match. On any failure the event goes back where it was, the user is told,
 * and the calendar reloads what the server has (`refetchEvents`). An occurrence of a series first asks which events move;
 * cancelling puts it back.
 *
 * Each drag awaits its own request rather than one shared mutation's callbacks, which TanStack Query only runs
 * for the latest call: a failed first drag still reverts when a second follows.
 */
export function useEventMoveHandler(refetchEvents: () => void): { onEventChange(info: MoveInfo): void; scopeDialog: RecurrenceScopeDialogState } {
  const notify = useNotify();
  const intl = useIntl();
  const api = useApiClient();
  const { askScope, dialog } = useRecurrenceScope();

  const save = useCallback(
    async (info: MoveInfo): Promise<CalendarEvent | null> => {
      const { event, oldEvent } = info;
      const calendarId = String(event.extendedProps.calendarId);
      const version = Number(event.extendedProps.version);
      const patch = datesPatch(event);
      const seriesId = event.extendedProps.seriesId as string | undefined;
      const recurrenceId = event.extendedProps.recurrenceId as string | undefined;
      if (!seriesId || !recurrenceId) return updateEvent(api, { calendarId, eventId: event.id, version, patch });
      const scope = await askScope('move');
      if (scope === null) return null;
      if (scope !== 'all') return updateOccurrence(api, { calendarId, seriesId, recurrenceId, scope, version, patch });
      const series = await getEventById(api, seriesId);
      const eventId = series.id;
      return updateEvent(api, { calendarId, eventId, version: series.extendedProps.version, patch: seriesPatch(series, datesPatch(oldEvent), patch) });
    },
    [api, askScope],
  );

  const onEventChange = useCallback(
    (info: MoveInfo) => {
      const { event } = info;
      void save(info)
        .then(
          (updated) => {
            if (updated === null) info.revert();
            // At once, so dragging it again before the refetch lands sends the version it now has.
            else if (!event.extendedProps.seriesId) event.setExtendedProp('version', updated.extendedProps.version);
          },
          (error: unknown) => {
            info.revert();
            if (isApiStatus(error, 412)) notify.error(intl.formatMessage(EVENT_MESSAGES.changedBySomeoneElse), intl.formatMessage(EVENT_MESSAGES.latestShown));
            else notify.error(intl.formatMessage(EVENT_MESSAGES.moveFailed, { title: event.title }), errorMessage(error, intl));
          },
        )
        // Anything else that changed meanwhile; for a series, every occurrence the change touched.
        .finally(refetchEvents);
    },
    [save, notify, intl, refetchEvents],
  );

  return { onEventChange, scopeDialog: dialog };
}
