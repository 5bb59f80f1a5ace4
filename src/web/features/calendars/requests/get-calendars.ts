import { useQuery } from '@tanstack/react-query';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { takeArrivedFirstLoadCalendars, takeFirstLoadCalendars } from '../../../lib/first-load.ts';
import { offlineCalendars, saveCalendars } from '../../../lib/offline-copy.ts';
import { orOfflineCopy } from '../../../lib/offline-status.ts';

export const CALENDARS_QUERY_KEY = ['calendars'];

export async function getCalendars(api: ApiClient): Promise<Calendar[]> {
  return (await api.request<Calendar[]>('/calendars')).data;
}

/**
 * The organisation's calendars: the first time, those the session's first load asked for beside its profile. Kept in
 * the user's offline copy, which answers while the API cannot be reached.
 */
export function useCalendars() {
  const { getAccessToken, me } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: CALENDARS_QUERY_KEY,
    // A failed preload fails the query as its own request would have, and a retry asks afresh.
    queryFn: () =>
      orOfflineCopy(async () => {
        const calendars = await (takeFirstLoadCalendars(getAccessToken) ?? getCalendars(api));
        saveCalendars(me, calendars);
        return calendars;
      }, () => offlineCalendars(me), 'other'),
    // Preloaded and in already: the first render draws the calendar with them.
    initialData: () => {
      const calendars = takeArrivedFirstLoadCalendars(getAccessToken);
      if (calendars) saveCalendars(me, calendars);
      return calendars;
    },
  });
}
