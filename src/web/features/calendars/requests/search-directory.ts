import { useQuery } from '@tanstack/react-query';
import type { DirectoryKind, DirectorySearchResult } from '../../../../shared/directory-schema.ts';
import { DIRECTORY_QUERY_MIN } from '../../../../shared/limits.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** A search's answer is reused for a minute: people type, delete and type the same letters again. */
const SEARCH_STALE_MS = 60_000;

export async function searchDirectory(api: ApiClient, q: string, kind?: DirectoryKind): Promise<DirectorySearchResult> {
  const query = new URLSearchParams({ q, ...(kind ? { kind } : {}) });
  return (await api.request<DirectorySearchResult>('/directory/search', { query })).data;
}

/** People and groups matching what was typed (already debounced); nothing is asked until there is something to find. */
export function useDirectorySearch(q: string) {
  const api = useApiClient();
  const text = q.trim();
  return useQuery({
    queryKey: ['directory-search', text],
    queryFn: () => searchDirectory(api, text),
    enabled: text.length >= DIRECTORY_QUERY_MIN,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });
}
