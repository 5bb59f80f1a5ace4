import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CalendarEvent, eventWriteSchema } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { sendIdempotently } from '../../../lib/idempotent-request.ts';
import { eventQueryKey } from './get-event.ts';

export interface CreateEventInput {
  calendarId: string;
  event: z.output<typeof eventWriteSchema>;
}

export async function createEvent(api: ApiClient, { calendarId, event }: CreateEventInput): Promise<CalendarEvent> {
  const path = `/calendars/${encodeURIComponent(calendarId)}/events`;
  return sendIdempotently(async (idempotencyKey) => (await api.request<CalendarEvent>(path, { method: 'POST', body: event, idempotencyKey })).data);
}

export function useCreateEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput) => createEvent(api, input),
    onSuccess: (created) =>
      queryClient.setQueryData(eventQueryKey({ calendarId: created.extendedProps.calendarId, eventId: created.id }), created),
  });
}
