import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutlookCopy, OutlookCopyAdded, OutlookLabels } from '../../../../shared/outlook-copy.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { eventPath } from './get-event.ts';

const outlookPath = (key: EventKey) => `${eventPath(key)}/outlook`;
const outlookQueryKey = ({ calendarId, eventId }: EventKey) => ['outlook-copy', calendarId, eventId];

export async function addToOutlook(api: ApiClient, key: EventKey, labels: OutlookLabels): Promise<OutlookCopyAdded> {
  return (await api.request<OutlookCopyAdded>(outlookPath(key), { method: 'POST', body: { labels } })).data;
}

/**
 * Whether the user's Outlook calendar holds a copy of the event, as Graph says now. Not retried: a consent still
 * missing or Graph being busy leaves the action as "Add", which says more when pressed.
 */
export function useOutlookCopy(key: EventKey, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: outlookQueryKey(key),
    queryFn: async () => (await api.request<OutlookCopy>(outlookPath(key))).data,
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

/** Adds the event (a whole series) to the user's Outlook calendar, or updates the copy there. */
export function useAddToOutlook(key: EventKey) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labels: OutlookLabels) => addToOutlook(api, key, labels),
    onSuccess: ({ inOutlook, webLink }) => queryClient.setQueryData<OutlookCopy>(outlookQueryKey(key), { inOutlook, webLink }),
  });
}
