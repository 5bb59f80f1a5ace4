import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { TrashedCalendar } from '../../../../shared/history-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { etagVersion } from '../../../lib/etag-version.ts';
import { announceEventsChanged } from '../../../lib/events-changed.ts';
import { sendIdempotently } from '../../../lib/idempotent-request.ts';
import { CALENDARS_QUERY_KEY } from './get-calendars.ts';

const CALENDAR_TRASH_QUERY_KEY = ['calendar-trash'];
const trashedPath = (id: string) => `/calendar-trash/${encodeURIComponent(id)}`;

/** The tenant's deleted calendars (admins), newest deletion first. */
export function useCalendarTrash() {
  const api = useApiClient();
  return useQuery({
    queryKey: CALENDAR_TRASH_QUERY_KEY,
    queryFn: async () => (await api.request<{ entries: TrashedCalendar[] }>('/calendar-trash')).data.entries,
    staleTime: 0,
  });
}

function useSettled() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CALENDAR_TRASH_QUERY_KEY });
}

/** Restores a deleted calendar with its events, if it is still as listed (If-Match its ETag). */
export function useRestoreCalendar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: TrashedCalendar) =>
      sendIdempotently(async (idempotencyKey) => (await api.request<Calendar>(`${trashedPath(entry.id)}/restore`, { method: 'POST', ifMatch: etagVersion(entry.etag), idempotencyKey })).data),
    // It and its events are shown again.
    onSuccess: async () => {
      announceEventsChanged();
      await queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
    },
    onSettled: useSettled(),
  });
}

/** Deletes a deleted calendar for good, with its events, categories and history. */
export function usePurgeCalendar() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (entry: TrashedCalendar) => {
      await api.request(trashedPath(entry.id), { method: 'DELETE' });
    },
    onSettled: useSettled(),
  });
}
