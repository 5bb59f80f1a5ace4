import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export interface DeleteCalendarInput {
  id: string;
  version: number;
}

export async function deleteCalendar(api: ApiClient, { id, version }: DeleteCalendarInput): Promise<void> {
  await api.request(`/calendars/${encodeURIComponent(id)}`, { method: 'DELETE', ifMatch: version });
}

export function useDeleteCalendar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteCalendarInput) => deleteCalendar(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
