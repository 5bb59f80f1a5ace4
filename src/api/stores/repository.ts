import type { Calendar, CalendarInput, CalendarPatch } from '../../shared/calendar-schema.ts';
import type { CalendarEvent, EventDraft, UserRef } from '../../shared/event-schema.ts';
import { eventTimeMs } from '../../shared/time.ts';

/** A calendar as stored: what the API returns, less the per-caller fields. */
export type StoredCalendar = Omit<Calendar, 'canEdit'>;

/**
 * The version a write expects to replace, from If-Match: a number, or null for "*" (any current version).
 * Both stores promise the same: of all the writes (updates and deletes) expecting one version, exactly one
 * succeeds; the others throw PreconditionFailedError, whether the winner changed the record or deleted it after
 * they read it. A write that finds no record when it reads throws NotFoundError, with a version or with "*".
 */
export type ExpectedVersion = number | null;

/** An event as both stores keep it: flat, with the numbers the window query ranges over. */
export interface EventRecord {
  id: string;
  calendarId: string;
  title: string;
  allDay: boolean;
  /** Epoch ms: instants for timed events, UTC-midnight day numbers for all-day ones. */
  startMs: number;
  endMs: number;
  start: string;
  end: string;
  url: string;
  groupId: string;
  description: string;
  location: string;
  timeZone: string;
  createdBy: UserRef;
  updatedBy: UserRef;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The record a write stores: the draft, who made and changed it, and when. */
export function eventRecord(
  id: string,
  calendarId: string,
  draft: EventDraft,
  meta: { createdBy: UserRef; updatedBy: UserRef; createdAt: string; updatedAt: string; version: number },
): EventRecord {
  return {
    id,
    calendarId,
    title: draft.title,
    allDay: draft.allDay,
    // The numbers normaliseEvent checked the range and length on.
    startMs: eventTimeMs(draft.start),
    endMs: eventTimeMs(draft.end),
    start: draft.start,
    end: draft.end,
    url: draft.url,
    groupId: draft.groupId,
    description: draft.description,
    location: draft.location,
    timeZone: draft.timeZone,
    createdBy: { id: meta.createdBy.id, name: meta.createdBy.name },
    updatedBy: { id: meta.updatedBy.id, name: meta.updatedBy.name },
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    version: meta.version,
  };
}

/** A stored event as the API returns it: FullCalendar's shape. */
export function toCalendarEvent(record: EventRecord): CalendarEvent {
  return {
    id: record.id,
    title: record.title,
    start: record.start,
    end: record.end,
    allDay: record.allDay,
    ...(record.url ? { url: record.url } : {}),
    ...(record.groupId ? { groupId: record.groupId } : {}),
    extendedProps: {
      calendarId: record.calendarId,
      description: record.description,
      location: record.location,
      timeZone: record.timeZone,
      createdBy: record.createdBy,
      updatedBy: record.updatedBy,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      version: record.version,
    },
  };
}

/** Orders a feed by start, all-day first on a tie, then by id so the order is stable. */
export function compareRecords(a: Pick<EventRecord, 'startMs' | 'allDay' | 'id'>, b: Pick<EventRecord, 'startMs' | 'allDay' | 'id'>): number {
  return a.startMs - b.startMs || Number(b.allDay) - Number(a.allDay) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

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

/** Which tenant's data a call reads or writes: every call names one. */
export interface InTenant {
  tenantId: string;
}

export interface CalendarKey extends InTenant {
  calendarId: string;
}

export interface EventKey extends CalendarKey {
  eventId: string;
}

/** What a conditional write names besides its record: the version it expects to replace. */
export interface Conditional {
  expected: ExpectedVersion;
}

export interface CalendarCreate extends InTenant {
  input: CalendarInput;
}

export interface CalendarUpdate extends CalendarKey, Conditional {
  patch: CalendarPatch;
}

export interface WindowQuery extends InTenant {
  calendarIds: readonly string[];
  window: EventWindow;
}

export interface EventCreate extends CalendarKey {
  draft: EventDraft;
  actor: UserRef;
}

export interface EventUpdate extends EventKey, Conditional {
  draft: EventDraft;
  actor: UserRef;
  /** Moves the event to this calendar of the tenant. */
  toCalendarId?: string;
}

export interface CalendarRepository {
  list(params: InTenant): Promise<StoredCalendar[]>;
  get(params: CalendarKey): Promise<StoredCalendar | null>;
  create(params: CalendarCreate): Promise<StoredCalendar>;
  /** Throws NotFoundError or PreconditionFailedError. */
  update(params: CalendarUpdate): Promise<StoredCalendar>;
  /** Deletes the calendar and its events. Throws NotFoundError or PreconditionFailedError. */
  delete(params: CalendarKey & Conditional): Promise<void>;
}

export interface EventRepository {
  /** Events of these calendars that overlap the window, ordered by start. */
  listInWindow(params: WindowQuery): Promise<CalendarEvent[]>;
  get(params: EventKey): Promise<CalendarEvent | null>;
  /** The event with this id in any of the tenant's calendars: for links that name only the event. */
  findById(params: InTenant & { eventId: string }): Promise<CalendarEvent | null>;
  create(params: EventCreate): Promise<CalendarEvent>;
  /**
   * Replaces the event with the draft, and moves it when toCalendarId names another calendar. Throws
   * NotFoundError (no such event, or no calendar to move it to) or PreconditionFailedError.
   */
  update(params: EventUpdate): Promise<CalendarEvent>;
  /** Throws NotFoundError or PreconditionFailedError. */
  delete(params: EventKey & Conditional): Promise<void>;
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
