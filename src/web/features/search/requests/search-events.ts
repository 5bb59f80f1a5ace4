import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPage } from '../../../../shared/search-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { EVENT_SEARCH_QUERY_KEY } from '../lib/search-query-key.ts';

/** What to search: the words, in these calendars, from an instant on (null: all dates). */
export interface EventSearch {
  query: string;
  calendarIds: readonly string[];
  /** ISO instant: events ending after it; null for past events too. */
  from: string | null;
}

/** A page's size (the API's SEARCH_PAGE_SIZE when not given) and what aborts its request. */
interface PageOptions {
  limit?: number;
  signal?: AbortSignal;
}

/** One page of events matching the search; `cursor` is where the previous page ended. */
export async function searchEvents(api: ApiClient, { query, calendarIds, from }: EventSearch, cursor: string | null, { limit, signal }: PageOptions = {}): Promise<SearchPage> {
  const params = new URLSearchParams({ q: query });
  for (const id of calendarIds) params.append('calendarId', id);
  if (from) params.set('from', from);
  if (cursor) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  return (await api.request<SearchPage>('/search', { query: params, signal })).data;
}

export const NO_RESULTS: SearchPage = { hits: [], nextCursor: null };

/** The search's results, page by page as the user asks for more; none without a search. */
export function useEventSearch(search: EventSearch | null) {
  const api = useApiClient();
  const { me } = useAuth();
  return useInfiniteQuery({
    queryKey: [...EVENT_SEARCH_QUERY_KEY, me.tenantId, me.id, search],
    // No calendar ids would mean "every calendar" to the API: with none shown there is nothing to find.
    queryFn: ({ pageParam, signal }) => (search && search.calendarIds.length > 0 ? searchEvents(api, search, pageParam, { signal }) : NO_RESULTS),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: search !== null,
  });
}
