import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Calendar, CalendarPatch } from '../../../../shared/calendar-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

export interface UpdateCalendarInput {
  id: string;
  /** The version the change is based on (If-Match). */
  version: number;
  patch: CalendarPatch;
}

export async function updateCalendar(api: ApiClient, { id, version, patch }: UpdateCalendarInput): Promise<Calendar> {
  const path = `/calendars/${encodeURIComponent(id)}`;
  return (await api.request<Calendar>(path, { method: 'PATCH', body: patch, ifMatch: version })).data;
}

export function useUpdateCalendar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCalendarInput) => updateCalendar(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }),
  });
}
