import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { categoriesPath } from './category-path.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export interface DeleteCategoryInput {
  calendarId: string;
  categoryId: string;
  version: number;
}

/** Deletes a category; its events stay, without it. */
export async function deleteCategory(api: ApiClient, { calendarId, categoryId, version }: DeleteCategoryInput): Promise<void> {
  await api.request(categoriesPath(calendarId, categoryId), { method: 'DELETE', ifMatch: version });
}

/**
 * Deletes a category; the calendars are read afresh. The events held keep its id a while, which no longer names a
 * category of their calendar: they show as having none, as the server now keeps them.
 */
export function useDeleteCategory() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteCategoryInput) => deleteCategory(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
