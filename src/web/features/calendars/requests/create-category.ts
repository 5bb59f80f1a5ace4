import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '../../../../shared/category-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { categoriesPath } from './category-path.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export interface CreateCategoryInput {
  calendarId: string;
  input: CategoryInput;
}

export async function createCategory(api: ApiClient, { calendarId, input }: CreateCategoryInput): Promise<Category> {
  return (await api.request<Category>(categoriesPath(calendarId), { method: 'POST', body: input })).data;
}

/** Adds a category to a calendar; the calendars, which carry their categories, are read afresh. */
export function useCreateCategory() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCategoryInput) => createCategory(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
