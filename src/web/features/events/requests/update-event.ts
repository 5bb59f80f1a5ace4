import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent, EventPatch } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { eventPath, eventQueryKey } from './get-event.ts';

export interface UpdateEventInput extends EventKey {
  /** The version the change is based on (If-Match): a stale one gets 412. */
  version: number;
  patch: EventPatch;
}

export async function updateEvent(api: ApiClient, { version, patch, ...key }: UpdateEventInput): Promise<CalendarEvent> {
  return (await api.request<CalendarEvent>(eventPath(key), { method: 'PATCH', body: patch, ifMatch: version })).data;
}

export function useUpdateEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEventInput) => updateEvent(api, input),
    onSuccess: (updated, input) => {
      // The event may have moved to another calendar, which changes its key.
      queryClient.removeQueries({ queryKey: eventQueryKey(input), exact: true });
      queryClient.setQueryData(eventQueryKey({ calendarId: updated.extendedProps.calendarId, eventId: updated.id }), updated);
    },
  });
}
