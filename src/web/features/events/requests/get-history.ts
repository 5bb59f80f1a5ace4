import { useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryPage } from '../../../../shared/history-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { eventPath } from './get-event.ts';

/** Whose changes, and between which instants (ISO), a calendar's activity list shows; null for no bound. */
export interface ActivityFilter {
  by: string | null;
  from: string | null;
  to: string | null;
}

/** Every query of a history or an activity list starts so: a restore or a purge refreshes them all. */
export const HISTORY_QUERY_KEY = ['history'];

async function historyPage(api: ApiClient, path: string, query: URLSearchParams, before: string | null): Promise<HistoryPage> {
  if (before) query.set('before', before);
  return (await api.request<HistoryPage>(path, { query })).data;
}

/** An event's history (a series' whole history for an occurrence), newest first, page by page as asked. */
export function useEventHistory(key: EventKey) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...HISTORY_QUERY_KEY, 'event', key.calendarId, key.eventId],
    queryFn: ({ pageParam }) => historyPage(api, `${eventPath(key)}/history`, new URLSearchParams(), pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
}

/** A calendar's activity (admins): its events' changes and its own, newest first, filtered, page by page. */
export function useCalendarActivity(calendarId: string, filter: ActivityFilter) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...HISTORY_QUERY_KEY, 'calendar', calendarId, filter],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
      return historyPage(api, `/calendars/${encodeURIComponent(calendarId)}/activity`, query, pageParam);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
  });
}
