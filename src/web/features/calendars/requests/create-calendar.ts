import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Calendar, CalendarInput } from '../../../../shared/calendar-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { sendIdempotently } from '../../../lib/idempotent-request.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export async function createCalendar(api: ApiClient, input: CalendarInput): Promise<Calendar> {
  return sendIdempotently(async (idempotencyKey) => (await api.request<Calendar>('/calendars', { method: 'POST', body: input, idempotencyKey })).data);
}

export function useCreateCalendar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarInput) => createCalendar(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
