import { useQuery } from '@tanstack/react-query';
import type { DirectoryResolveResult } from '../../../../shared/directory-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

export async function resolveDirectory(api: ApiClient, ids: readonly string[]): Promise<DirectoryResolveResult> {
  return (await api.request<DirectoryResolveResult>('/directory/resolve', { method: 'POST', body: { ids } })).data;
}

/** Names for a calendar's stored editor ids, asked once as its editor opens. */
export function useResolvedDirectory(ids: readonly string[]) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['directory-resolve', [...ids].sort()],
    queryFn: () => resolveDirectory(api, ids),
    enabled: ids.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
