import { useQuery } from '@tanstack/react-query';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { takeFirstLoadCalendars } from '../../../lib/first-load.ts';

export const CALENDARS_QUERY_KEY = ['calendars'];

export async function getCalendars(api: ApiClient): Promise<Calendar[]> {
  return (await api.request<Calendar[]>('/calendars')).data;
}

/** The organisation's calendars: the first time, those the session's first load asked for beside its profile. */
export function useCalendars() {
  const { getAccessToken } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: CALENDARS_QUERY_KEY,
    // A failed preload fails the query as its own request would have, and a retry asks afresh.
    queryFn: () => takeFirstLoadCalendars(getAccessToken) ?? getCalendars(api),
  });
}
