import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { occurrencePath, type OccurrenceKey } from './update-occurrence.ts';

/**
 * The series "This and following events" would start at an occurrence, unsaved: its rule is the rest of the series'
 * (a COUNT's remaining occurrences), which the event form's Repeat field starts from.
 */
export async function getFollowingSeries(api: ApiClient, key: OccurrenceKey): Promise<CalendarEvent> {
  return (await api.request<CalendarEvent>(`${occurrencePath(key)}/following`)).data;
}

/**
 * The occurrence the event form edits for "This and following events", carrying the rule (and local start) of the
 * series a split there would start: the form reads its Repeat values from it.
 */
export async function withFollowingRule(api: ApiClient, occurrence: CalendarEvent, key: OccurrenceKey): Promise<CalendarEvent> {
  const following = await getFollowingSeries(api, key);
  const { localStart } = following.extendedProps;
  return { ...occurrence, rrule: following.rrule ?? '', extendedProps: { ...occurrence.extendedProps, ...(localStart ? { localStart } : {}) } };
}
