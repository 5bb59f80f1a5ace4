import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_SUGGESTIONS_MAX } from '../../../../shared/limits.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { EVENT_SEARCH_QUERY_KEY } from '../lib/search-query-key.ts';
import { NO_RESULTS, searchEvents, type EventSearch } from './search-events.ts';

/** Under the search results' key, so that a change to events makes suggestions stale too. */
export const SUGGESTIONS_QUERY_KEY = [...EVENT_SEARCH_QUERY_KEY, 'suggestions'];

/** Suggestions for words typed a moment ago are shown again without asking: people type, delete and type again. */
const SUGGESTIONS_STALE_MS = 30_000;

/**
 * The first few events matching the words typed (already debounced): TanStack Query aborts the request through its
 * signal when the words change before it answers, and the list shown stays until the next one comes.
 */
export function useSearchSuggestions(search: EventSearch | null) {
  const api = useApiClient();
  const { me } = useAuth();
  return useQuery({
    queryKey: [...SUGGESTIONS_QUERY_KEY, me.tenantId, me.id, search],
    queryFn: ({ signal }) =>
      search && search.calendarIds.length > 0 ? searchEvents(api, search, null, { limit: SEARCH_SUGGESTIONS_MAX, signal }) : NO_RESULTS,
    enabled: search !== null,
    staleTime: SUGGESTIONS_STALE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
