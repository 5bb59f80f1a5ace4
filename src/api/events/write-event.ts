import type { CalendarEvent, EventDraft } from '../../shared/event-schema.ts';
import type { Principal } from '../auth/principal.ts';
import type { ExpectedVersion, Store } from '../stores/repository.ts';

interface EventTarget {
  calendarId: string;
  eventId: string;
  expected: ExpectedVersion;
}

export type CreateChange = { kind: 'create'; calendarId: string; draft: EventDraft };
export type UpdateChange = EventTarget & { kind: 'update'; draft: EventDraft };
/** An update that also takes the event to another calendar. */
export type MoveChange = EventTarget & { kind: 'move'; toCalendarId: string; draft: EventDraft };
export type DeleteChange = EventTarget & { kind: 'delete' };

/** A change to one event, checked and allowed: every write of an event is one of these. */
export type EventChange = CreateChange | UpdateChange | MoveChange | DeleteChange;

export interface WriteEvent {
  (principal: Principal, change: CreateChange | UpdateChange | MoveChange): Promise<CalendarEvent>;
  (principal: Principal, change: DeleteChange): Promise<void>;
}

/**
 * The one write path of events: every create, update, move and delete goes through the function this returns, so
 * that what must follow any write (history, trash, live updates) hooks in here and nowhere else. It persists a
 * change its caller has already checked; the store's errors (not found, stale version) propagate.
 */
export function createEventWriter(store: Store): WriteEvent {
  async function writeEvent(principal: Principal, change: EventChange): Promise<CalendarEvent | void> {
    const { tenantId } = principal;
    switch (change.kind) {
      case 'create':
        return store.events.create({ tenantId, calendarId: change.calendarId, draft: change.draft, actor: principal });
      case 'update':
      case 'move': {
        const { calendarId, eventId, draft, expected } = change;
        const toCalendarId = change.kind === 'move' ? change.toCalendarId : undefined;
        return store.events.update({ tenantId, calendarId, eventId, draft, actor: principal, expected, toCalendarId });
      }
      case 'delete':
        return store.events.delete({ tenantId, calendarId: change.calendarId, eventId: change.eventId, expected: change.expected });
    }
  }
  return writeEvent as WriteEvent;
}
