import type { CalendarEvent } from '../../shared/event-schema.ts';
import type { TrashedEvent } from '../../shared/history-schema.ts';
import { EVENT_TRASH_DAYS, TRASH_LIST_MAX } from '../../shared/limits.ts';
import { CALENDAR_TRASHED_TYPE } from '../../shared/problem.ts';
import { canEditCalendar, isAdmin, type Principal } from '../auth/principal.ts';
import { calendarOrNotFound } from '../calendars/calendar-or-not-found.ts';
import { forbidden, HttpProblem, notFound } from '../errors.ts';
import { etagOf } from '../http/conditional-requests.ts';
import type { IdempotencyRequest } from '../http/idempotency-key.ts';
import { idempotently } from '../idempotency/idempotent-write.ts';
import { CalendarTrashedError, type ExpectedVersion, type IdempotentCompletion, type Store, type StoredCalendar, type TrashedEventRecord } from '../stores/repository.ts';
import type { WriteEvent } from './write-event.ts';

const DAY_MS = 86_400_000;

export interface TrashedEventKey {
  calendarId: string;
  eventId: string;
}

/** A calendar's trash: what its editors may list and restore, and its administrators purge. */
export interface EventTrash {
  /** The calendar's trashed events, newest deletion first (at most TRASH_LIST_MAX): editors of the calendar. */
  listTrash(principal: Principal, calendarId: string): Promise<TrashedEvent[]>;
  /** Brings the event back with its id, fields and history: editors, If-Match naming the trash entry's ETag. */
  restore(principal: Principal, params: TrashedEventKey & { expected: ExpectedVersion; idempotency?: IdempotencyRequest }): Promise<CalendarEvent>;
  /** Deletes a trashed event for good: administrators. */
  purge(principal: Principal, params: TrashedEventKey): Promise<void>;
}

/** 409: the event's calendar is in the calendar trash, which only an administrator can restore it from. */
export function calendarTrashed({ id, name }: { id: string; name: string }): HttpProblem {
  return new HttpProblem(409, 'Conflict', {
    type: CALENDAR_TRASHED_TYPE,
    calendarId: id,
    detail: `Restore the calendar "${name}" first: it is in the calendar trash, with this event.`,
  });
}

/** When what went to a trash at `deletedAt` (ISO) is purged, kept `days`. */
export function purgeDate(deletedAt: string, days: number): string {
  return new Date(Date.parse(deletedAt) + days * DAY_MS).toISOString();
}

export function trashedEvent({ event, deletedAt, deletedBy }: TrashedEventRecord): TrashedEvent {
  return { id: event.id, etag: etagOf(event.extendedProps.version), event, deletedAt, deletedBy, purgeAt: purgeDate(deletedAt, EVENT_TRASH_DAYS) };
}

/**
 * The calendar whose trash an editor may use. A calendar in the calendar trash is missing like any other (404),
 * except to restore from it, where its editors learn why (409).
 */
async function editableTrash(store: Store, principal: Principal, calendarId: string): Promise<StoredCalendar> {
  const calendar = await calendarOrNotFound(store, principal, calendarId);
  if (!canEditCalendar(principal, calendar)) throw forbidden(`Only the editors of "${calendar.name}" see its trash.`);
  return calendar;
}

async function trashedCalendarOrNotFound(store: Store, principal: Principal, calendarId: string): Promise<never> {
  const trashed = (await store.calendars.listTrash({ tenantId: principal.tenantId })).find((entry) => entry.calendar.id === calendarId);
  if (trashed && canEditCalendar(principal, trashed.calendar)) throw calendarTrashed(trashed.calendar);
  throw notFound();
}

/** Trash reads and writes, every write through writeEvent. */
export function createEventTrash(store: Store, writeEvent: WriteEvent): EventTrash {
  return {
    async listTrash(principal, calendarId) {
      await editableTrash(store, principal, calendarId);
      const records = await store.events.listTrash({ tenantId: principal.tenantId, calendarId, limit: TRASH_LIST_MAX });
      return records.map(trashedEvent);
    },

    async restore(principal, { calendarId, eventId, expected, idempotency }) {
      const calendar = await store.calendars.get({ tenantId: principal.tenantId, calendarId });
      if (!calendar) return trashedCalendarOrNotFound(store, principal, calendarId);
      if (!canEditCalendar(principal, calendar)) throw forbidden(`You may not restore events in "${calendar.name}".`);
      try {
        const restore = (completion?: IdempotentCompletion<CalendarEvent>) => writeEvent(principal, { kind: 'restore', calendarId, eventId, expected, idempotency: completion });
        return await idempotently(store, principal, { request: idempotency, resource: 'event' }, restore, (event) => event);
      } catch (error) {
        // Its calendar went to the trash since it was read.
        if (error instanceof CalendarTrashedError) throw calendarTrashed(calendar);
        throw error;
      }
    },

    async purge(principal, { calendarId, eventId }) {
      const calendar = await calendarOrNotFound(store, principal, calendarId);
      if (!isAdmin(principal)) throw forbidden(`Only administrators delete events of "${calendar.name}" for good.`);
      await writeEvent(principal, { kind: 'purge', calendarId, eventId });
    },
  };
}
