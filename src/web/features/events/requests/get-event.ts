import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';

export function eventPath({ calendarId, eventId }: EventKey): string {
  return `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;
}

export function eventQueryKey({ calendarId, eventId }: EventKey) {
  return ['event', calendarId, eventId];
}

export async function getEvent(api: ApiClient, key: EventKey): Promise<CalendarEvent> {
  return (await api.request<CalendarEvent>(eventPath(key))).data;
}

/** One event, always fetched afresh when a view of it opens: what the server has is what the user edits. */
export function useEvent(key: EventKey) {
  const api = useApiClient();
  return useQuery({ queryKey: eventQueryKey(key), queryFn: () => getEvent(api, key), staleTime: 0 });
}

/** Fetches the server's current version of an event now, e.g. after a 412. */
export function useFetchLatestEvent(): (key: EventKey) => Promise<CalendarEvent> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (key: EventKey) => queryClient.fetchQuery({ queryKey: eventQueryKey(key), queryFn: () => getEvent(api, key), staleTime: 0 }),
    [api, queryClient],
  );
}
