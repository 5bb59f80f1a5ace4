import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Calendar, CalendarInput } from '../../../../shared/calendar-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export async function createCalendar(api: ApiClient, input: CalendarInput): Promise<Calendar> {
  return (await api.request<Calendar>('/calendars', { method: 'POST', body: input })).data;
}

export function useCreateCalendar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarInput) => createCalendar(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
