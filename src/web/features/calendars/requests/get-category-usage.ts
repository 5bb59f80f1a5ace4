import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { categoriesPath } from './category-path.ts';

export interface CategoryUsage {
  /** How many events carry the category (a series counts once). */
  events: number;
}

export async function getCategoryUsage(api: ApiClient, calendarId: string, categoryId: string): Promise<CategoryUsage> {
  return (await api.request<CategoryUsage>(`${categoriesPath(calendarId, categoryId)}/usage`)).data;
}

/** How many events use a category, asked when its delete is to be confirmed (and again each time). */
export function useCategoryUsage(calendarId: string, categoryId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['category-usage', calendarId, categoryId],
    queryFn: () => getCategoryUsage(api, calendarId, categoryId),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
