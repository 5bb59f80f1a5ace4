import { useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** An event by its id alone, as deep links carry it; the event names its calendar. */
export async function getEventById(api: ApiClient, eventId: string): Promise<CalendarEvent> {
  return (await api.request<CalendarEvent>(`/events/${encodeURIComponent(eventId)}`)).data;
}

/** The event a link points at; nothing to fetch without one. */
export function useEventById(eventId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['event-by-id', eventId],
    queryFn: () => getEventById(api, eventId ?? ''),
    enabled: eventId !== null,
    staleTime: Infinity,
  });
}
