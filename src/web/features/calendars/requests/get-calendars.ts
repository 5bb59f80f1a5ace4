import { useQuery } from '@tanstack/react-query';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

export const CALENDARS_QUERY_KEY = ['calendars'];

export async function getCalendars(api: ApiClient): Promise<Calendar[]> {
  return (await api.request<Calendar[]>('/calendars')).data;
}

export function useCalendars() {
  const api = useApiClient();
  return useQuery({ queryKey: CALENDARS_QUERY_KEY, queryFn: () => getCalendars(api) });
}
