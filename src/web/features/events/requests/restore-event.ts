import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';

export interface RestoreEventInput extends EventKey {
  /** The event's (or series') version when it was deleted. */
  deletedVersion: number;
}

/**
 * Brings an event or series back from its calendar's trash, with its id, overrides and history. Trashing bumped its
 * version, so the trash's ETag (If-Match) is the deleted version plus one: a change to the trashed event since (a
 * restore and delete by someone else) makes it 412.
 */
export async function restoreEvent(api: ApiClient, { calendarId, eventId, deletedVersion }: RestoreEventInput): Promise<CalendarEvent> {
  const path = `/calendars/${encodeURIComponent(calendarId)}/trash/${encodeURIComponent(eventId)}/restore`;
  return (await api.request<CalendarEvent>(path, { method: 'POST', ifMatch: deletedVersion + 1 })).data;
}
