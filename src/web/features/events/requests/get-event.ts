import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { offlineEvent } from '../../../lib/offline-copy.ts';
import { orOfflineCopy } from '../../../lib/offline-status.ts';
import { getEventById } from './get-event-by-id.ts';

export function eventPath({ calendarId, eventId }: EventKey): string {
  return `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;
}

export function eventQueryKey({ calendarId, eventId }: EventKey) {
  return ['event', calendarId, eventId];
}

/**
 * One event, always fetched afresh when a view of it opens: what the server has is what the user edits.
 * Read by id alone, so an event someone moved to another calendar meanwhile is still found (its data names its calendar).
 * Offline, the user's offline copy of it, as the calendar shows it.
 */
export function useEvent(key: EventKey) {
  const api = useApiClient();
  const { me } = useAuth();
  return useQuery({
    queryKey: eventQueryKey(key),
    queryFn: () => orOfflineCopy(() => getEventById(api, key.eventId), () => offlineEvent(me, key.eventId)),
    staleTime: 0,
  });
}

/** Fetches the server's current version of an event now, e.g. after a 412, wherever it has been moved. */
export function useFetchLatestEvent(): (eventId: string) => Promise<CalendarEvent> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (eventId: string) => {
      const latest = await getEventById(api, eventId);
      queryClient.setQueryData(eventQueryKey({ calendarId: latest.extendedProps.calendarId, eventId }), latest);
      return latest;
    },
    [api, queryClient],
  );
}

/** The series an occurrence belongs to, for its rule and overrides; nothing to fetch for a single event. */
export function useSeriesOf(occurrence: { calendarId: string; seriesId: string } | null) {
  const api = useApiClient();
  const key = { calendarId: occurrence?.calendarId ?? '', eventId: occurrence?.seriesId ?? '' };
  return useQuery({ queryKey: eventQueryKey(key), queryFn: () => getEventById(api, key.eventId), staleTime: 0, enabled: occurrence !== null });
}
