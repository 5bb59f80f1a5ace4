import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { sendIdempotently } from '../../../lib/idempotent-request.ts';
import type { EventKey } from '../../../lib/event-key.ts';

export interface RestoreEventInput extends EventKey {
  /**
   * The version of the trash's entry (its ETag, If-Match): a trash list's `etag`, or the version a delete left, one
   * more than the event's before it (trashing bumps it). A change to the trashed event since makes it 412.
   */
  trashVersion: number;
}

/** Brings an event or series back from its calendar's trash, with its id, overrides and history. */
export async function restoreEvent(api: ApiClient, { calendarId, eventId, trashVersion }: RestoreEventInput): Promise<CalendarEvent> {
  const path = `/calendars/${encodeURIComponent(calendarId)}/trash/${encodeURIComponent(eventId)}/restore`;
  return sendIdempotently(async (idempotencyKey) => (await api.request<CalendarEvent>(path, { method: 'POST', ifMatch: trashVersion, idempotencyKey })).data);
}
