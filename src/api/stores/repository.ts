import type { Calendar, CalendarInput, CalendarPatch } from '../../shared/calendar-schema.ts';
import type { CalendarEvent, EventDraft, UserRef } from '../../shared/event-schema.ts';

/** A calendar as stored: what the API returns, less the per-caller fields. */
export type StoredCalendar = Omit<Calendar, 'canEdit'>;

/**
 * The version a write expects to replace, from If-Match: a number, or null for "*" (any current version).
 */
export type ExpectedVersion = number | null;

export function versionMatches(expected: ExpectedVersion, actual: number): boolean {
  return expected === null || expected === actual;
}

/** A window of time for an overlap query, resolved to epoch ms by the caller. */
export interface EventWindow {
  /** Timed events overlap [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /** All-day events are floating dates: they overlap the dates [fromDayMs, toDayMs) as seen in the viewer's zone. */
  fromDayMs: number;
  toDayMs: number;
}

export class NotFoundError extends Error {}
/** The stored version is not the one the write expected. */
export class PreconditionFailedError extends Error {}
/** The store is throttling or failing and retries ran out: the caller may try again after a while. */
export class StoreUnavailableError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, options?: ErrorOptions) {
    super('The store is unavailable for now', options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface CalendarRepository {
  list(tenantId: string): Promise<StoredCalendar[]>;
  get(tenantId: string, calendarId: string): Promise<StoredCalendar | null>;
  create(tenantId: string, input: CalendarInput): Promise<StoredCalendar>;
  /** Throws NotFoundError or PreconditionFailedError. */
  update(tenantId: string, calendarId: string, patch: CalendarPatch, expected: ExpectedVersion): Promise<StoredCalendar>;
  /** Deletes the calendar and its events. Throws NotFoundError or PreconditionFailedError. */
  delete(tenantId: string, calendarId: string, expected: ExpectedVersion): Promise<void>;
}

export interface EventRepository {
  /** Events of these calendars that overlap the window, ordered by start. */
  listInWindow(tenantId: string, calendarIds: readonly string[], window: EventWindow): Promise<CalendarEvent[]>;
  get(tenantId: string, calendarId: string, eventId: string): Promise<CalendarEvent | null>;
  /** The event with this id in any of the tenant's calendars: for links that name only the event. */
  findById(tenantId: string, eventId: string): Promise<CalendarEvent | null>;
  create(tenantId: string, calendarId: string, draft: EventDraft, actor: UserRef): Promise<CalendarEvent>;
  /** Replaces the event with the draft; draft.calendarId moves it. Throws NotFoundError or PreconditionFailedError. */
  update(
    tenantId: string,
    calendarId: string,
    eventId: string,
    draft: EventDraft,
    actor: UserRef,
    expected: ExpectedVersion,
  ): Promise<CalendarEvent>;
  /** Throws NotFoundError or PreconditionFailedError. */
  delete(tenantId: string, calendarId: string, eventId: string, expected: ExpectedVersion): Promise<void>;
}

export interface Store {
  readonly kind: string;
  readonly calendars: CalendarRepository;
  readonly events: EventRepository;
  /** Whether the store can serve requests now. */
  isReady(): Promise<boolean>;
  /**
   * True when the store holds no calendars in any tenant and this caller is the one to seed the demo data:
   * of several instances starting together over one store, only one gets true.
   */
  claimDemoSeed(): Promise<boolean>;
  close(): Promise<void>;
}
