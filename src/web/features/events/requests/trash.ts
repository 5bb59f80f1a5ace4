import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrashedEvent } from '../../../../shared/history-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { etagVersion } from '../../../lib/etag-version.ts';
import { announceEventsChanged } from '../../../lib/events-changed.ts';
import { HISTORY_QUERY_KEY } from './get-history.ts';
import { restoreEvent } from './restore-event.ts';

const trashPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/trash`;
const trashQueryKey = (calendarId: string) => ['trash', calendarId];

/** A calendar's deleted events, newest deletion first (editors). */
export function useCalendarTrash(calendarId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: trashQueryKey(calendarId),
    queryFn: async () => (await api.request<{ entries: TrashedEvent[] }>(trashPath(calendarId))).data.entries,
    staleTime: 0,
  });
}

/** After a restore or a purge, whatever came of it: the trash and the histories are read afresh. */
function useTrashSettled(calendarId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trashQueryKey(calendarId) }),
      queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
    ]);
  };
}

/** Restores a deleted event as it was, with its id, if the trash entry is still as listed (If-Match its ETag). */
export function useRestoreEvent(calendarId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (entry: TrashedEvent) => restoreEvent(api, { calendarId, eventId: entry.id, trashVersion: etagVersion(entry.etag) }),
    // Restored, it is in the calendar again: the calendar shown fetches its events.
    onSuccess: announceEventsChanged,
    onSettled: useTrashSettled(calendarId),
  });
}

/** Deletes a deleted event for good (admins). */
export function usePurgeEvent(calendarId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (entry: TrashedEvent) => {
      await api.request(`${trashPath(calendarId)}/${encodeURIComponent(entry.id)}`, { method: 'DELETE' });
    },
    onSettled: useTrashSettled(calendarId),
  });
}
