import { useMutation } from '@tanstack/react-query';
import type { CalendarEvent, EventPatch } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { eventPath } from './get-event.ts';

/** An occurrence of a series: the series' key, and the occurrence's original start as the feed gives it. */
export interface OccurrenceKey {
  calendarId: string;
  seriesId: string;
  recurrenceId: string;
}

/** Which occurrences a change applies to; "all" is a change of the series itself. */
export type OccurrenceScope = 'this' | 'following';

export interface UpdateOccurrenceInput extends OccurrenceKey {
  scope: OccurrenceScope;
  /** The series' version (If-Match): any change to the series since makes it 412. */
  version: number;
  patch: EventPatch;
}

export function occurrencePath({ calendarId, seriesId, recurrenceId }: OccurrenceKey): string {
  return `${eventPath({ calendarId, eventId: seriesId })}/occurrences/${encodeURIComponent(recurrenceId)}`;
}

/** The answer is the changed occurrence for "this", the new series for "following". */
export async function updateOccurrence(api: ApiClient, { scope, version, patch, ...key }: UpdateOccurrenceInput): Promise<CalendarEvent> {
  const query = new URLSearchParams({ scope });
  return (await api.request<CalendarEvent>(occurrencePath(key), { method: 'PATCH', body: patch, ifMatch: version, query })).data;
}

export function useUpdateOccurrence() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: UpdateOccurrenceInput) => updateOccurrence(api, input) });
}

/** The occurrence an event of the feed is, or null for a single event (or a series itself). */
export function occurrenceKeyOf(event: CalendarEvent): OccurrenceKey | null {
  const { seriesId, recurrenceId, calendarId } = event.extendedProps;
  return seriesId && recurrenceId ? { calendarId, seriesId, recurrenceId } : null;
}
