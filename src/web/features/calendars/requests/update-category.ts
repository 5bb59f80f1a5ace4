import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryPatch } from '../../../../shared/category-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { categoriesPath } from './category-path.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export interface UpdateCategoryInput {
  calendarId: string;
  categoryId: string;
  /** The version the change is based on (If-Match). */
  version: number;
  patch: CategoryPatch;
}

export async function updateCategory(api: ApiClient, { calendarId, categoryId, version, patch }: UpdateCategoryInput): Promise<Category> {
  return (await api.request<Category>(categoriesPath(calendarId, categoryId), { method: 'PATCH', body: patch, ifMatch: version })).data;
}

/** Renames, recolours or changes the icon of a category; the calendars are read afresh. */
export function useUpdateCategory() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCategoryInput) => updateCategory(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
