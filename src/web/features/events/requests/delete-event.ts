import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { eventPath, eventQueryKey } from './get-event.ts';

export interface DeleteEventInput extends EventKey {
  /** The version the user saw (If-Match): deleting a changed event gets 412. */
  version: number;
}

export async function deleteEvent(api: ApiClient, { version, ...key }: DeleteEventInput): Promise<void> {
  await api.request(eventPath(key), { method: 'DELETE', ifMatch: version });
}

export function useDeleteEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteEventInput) => deleteEvent(api, input),
    onSuccess: (_, input) => queryClient.removeQueries({ queryKey: eventQueryKey(input), exact: true }),
  });
}
