import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { occurrencePath, type OccurrenceKey, type OccurrenceScope } from './update-occurrence.ts';

export interface UndoOccurrenceDeleteInput extends OccurrenceKey {
  scope: OccurrenceScope;
  /** The series' version the delete made (If-Match): any change since makes it 412. */
  version: number;
}

/** Puts back what deleting an occurrence ("this") or it and those after ("following") changed on its series. */
export async function undoOccurrenceDelete(api: ApiClient, { scope, version, ...key }: UndoOccurrenceDeleteInput): Promise<CalendarEvent> {
  const query = new URLSearchParams({ scope });
  return (await api.request<CalendarEvent>(`${occurrencePath(key)}/restore`, { method: 'POST', ifMatch: version, query })).data;
}
