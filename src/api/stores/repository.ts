import type { Calendar, CalendarInput, CalendarPatch } from '../../shared/calendar-schema.ts';
import type { Category, CategoryInput, CategoryPatch } from '../../shared/category-schema.ts';
import { exactDraft, type CalendarEvent, type EventAuthorship, type EventDraft, type FlatEvent, type UserRef } from '../../shared/event-schema.ts';
import { eventTimeMs, isDateOnly } from '../../shared/time.ts';
import type { ChangeEntry, SeriesScope } from '../../shared/history-schema.ts';
import type { UserSettings, VersionedSettings } from '../../shared/user-settings-schema.ts';
import { seriesRange } from '../recurrence/expand-series.ts';

/** A calendar as stored: what the API returns, less the per-caller fields. */
export type StoredCalendar = Omit<Calendar, 'canEdit' | 'categories'>;

/**
 * The version a write expects to replace, from If-Match: a number, or null for "*" (any current version).
 * Both stores promise the same: of all the writes (updates and deletes) expecting one version, exactly one
 * succeeds; the others throw PreconditionFailedError, whether the winner changed the record or deleted it after
 * they read it. A write that finds no record when it reads throws NotFoundError, with a version or with "*".
 */
export type ExpectedVersion = number | null;

/**
 * An event as both stores keep it: flat, its fields as event-schema.ts defines them, and the numbers the window
 * query ranges over. Neither store names the event's optional fields: SQLite gives each a column from the table of
 * fields, Cosmos keeps the record whole as the document.
 */
export type EventRecord = FlatEvent & {
  /** Epoch ms: instants for timed events, UTC-midnight day numbers for all-day ones. */
  startMs: number;
  endMs: number;
  /**
   * The stretch of UTC ms the event can cover, for the series window query: a single event's start and end; a
   * series' first start to last end (or SERIES_OPEN_END_MS when it never ends), widened to cover overrides moved
   * outside it.
   */
  rangeStartMs: number;
  rangeEndMs: number;
};

// A floating all-day date is a different stretch of UTC in each zone, from UTC+14 to UTC-12.
const FLOATING_WIDENING_MS = 14 * 3_600_000;

/** The range a record's window query covers; see EventRecord. */
function rangeOf(draft: EventDraft): { rangeStartMs: number; rangeEndMs: number } {
  if (draft.rrule === '') return { rangeStartMs: eventTimeMs(draft.start), rangeEndMs: eventTimeMs(draft.end) };
  const range = seriesRange(draft);
  let [rangeStartMs, rangeEndMs] = [range.firstStartMs, range.lastEndMs];
  for (const override of Object.values(draft.overrides)) {
    for (const value of [override.start, override.end]) {
      if (value === undefined) continue;
      const widen = isDateOnly(value) ? FLOATING_WIDENING_MS : 0;
      rangeStartMs = Math.min(rangeStartMs, eventTimeMs(value) - widen);
      rangeEndMs = Math.max(rangeEndMs, eventTimeMs(value) + widen);
    }
  }
  return { rangeStartMs, rangeEndMs };
}

/** The record a write stores: the draft, its calendar, who made and changed it and when, and its version. */
export function eventRecord({ id, calendarId, draft, authorship, version }: {
  id: string;
  calendarId: string;
  draft: EventDraft;
  authorship: EventAuthorship;
  version: number;
}): EventRecord {
  const { createdBy, updatedBy, createdAt, updatedAt } = authorship;
  return {
    ...exactDraft(draft),
    id,
    calendarId,
    // The numbers normaliseEvent checked the range and length on.
    startMs: eventTimeMs(draft.start),
    endMs: eventTimeMs(draft.end),
    ...rangeOf(draft),
    // Only the name and id of whoever wrote: a principal passed as a UserRef carries more.
    createdBy: { id: createdBy.id, name: createdBy.name },
    updatedBy: { id: updatedBy.id, name: updatedBy.name },
    createdAt,
    updatedAt,
    version,
  };
}

/** Orders a feed by start, all-day first on a tie, then by id so the order is stable. */
export function compareRecords(a: Pick<EventRecord, 'startMs' | 'allDay' | 'id'>, b: Pick<EventRecord, 'startMs' | 'allDay' | 'id'>): number {
  return a.startMs - b.startMs || Number(b.allDay) - Number(a.allDay) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Categories by calendar, then by name (letter case and accents aside), then id: the order both stores list them in. */
export function compareCategories(a: Category, b: Category): number {
  if (a.calendarId !== b.calendarId) return a.calendarId < b.calendarId ? -1 : 1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Not a series: the single-event window query keeps only these. */
export const isSingle = (record: Pick<EventRecord, 'rrule'>): boolean => !record.rrule;

/** One range covering both of the window's lines (instants and all-day day numbers): expansion then matches exactly. */
export function seriesWindowBounds(window: EventWindow): { from: number; to: number } {
  return { from: Math.min(window.fromMs, window.fromDayMs), to: Math.max(window.toMs, window.toDayMs) };
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
/** Another category of the calendar has this name, letter case aside (categoryNameKey in shared/category-match.ts). */
export class NameTakenError extends Error {}
/** The stored version is not the one the write expected. */
export class PreconditionFailedError extends Error {}
/** An event cannot be restored: its calendar is in the calendar trash (restore the calendar first) or purged. */
export class CalendarTrashedError extends Error {}
/** The store is throttling or failing and retries ran out: the caller may try again after a while. */
export class StoreUnavailableError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, options?: ErrorOptions) {
    super('The store is unavailable for now', options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The store had no room for the write (its disk, or the database's size cap, is full) and wrote nothing: the same
 * write works once space is freed.
 */
export class StoreFullError extends Error {
  constructor(options?: ErrorOptions) {
    super('The store has no room left: nothing was written', options);
  }
}

/**
 * A write that may or may not have been stored: its request went out and no answer came (a connection reset, or the
 * store's deadline passed while it was in flight). Unlike StoreUnavailableError it is no promise that nothing changed:
 * the caller settles it by sending the same request again with the same Idempotency-Key.
 */
export class OutcomeUnknownError extends Error {
  readonly retryAfterSeconds = OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS;
  constructor(options?: ErrorOptions) {
    super('The store did not say whether the write was stored', options);
  }
}

/**
 * The store's deadline: how long a store call (one method of a repository) waits for the database to answer any one
 * request before it ends, answered as failed (cosmos-deadline.ts). A store that accepts connections but never answers
 * costs a request this, not the SDK's 60 s. SQLite's calls are synchronous and wait at most its busy timeout.
 */
export const STORE_CALL_DEADLINE_MS = 5_000;
/** What an outcome-unknown answer tells the client to wait before sending the request again with its key. */
export const OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS = 1;

/** A keyed write's claim was taken over (judged abandoned) or released before the write could complete it: nothing was written. */
export class IdempotencyConflictError extends Error {}

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

/** Who makes a write: every write names them, for its history entry. */
export interface Acting {
  actor: UserRef;
}

export interface CalendarCreate extends InTenant, Acting {
  input: CalendarInput;
  idempotency?: IdempotentCompletion<StoredCalendar>;
}

export interface CalendarUpdate extends CalendarKey, Conditional, Acting {
  patch: CalendarPatch;
}

/**
 * Why an event write is made, beyond what it writes: what its history entry records besides the fields. A write to a
 * series through one occurrence names the scope chosen and that occurrence; a write to all of a series, scope 'all'.
 */
export interface ChangeContext {
  scope: SeriesScope | null;
  recurrenceId: string | null;
}
export const NO_CONTEXT: ChangeContext = { scope: null, recurrenceId: null };

export interface WindowQuery extends InTenant {
  calendarIds: readonly string[];
  window: EventWindow;
}

/** A window query that reads at most limit + 1 single events: one more than the limit is enough to know it is over. */
export interface LimitedWindowQuery extends WindowQuery {
  limit: number;
}

export interface EventCreate extends CalendarKey, Acting {
  draft: EventDraft;
  /** NO_CONTEXT when left out. */
  context?: ChangeContext;
  idempotency?: IdempotentCompletion<CalendarEvent>;
}

export interface EventUpdate extends EventKey, Conditional, Acting {
  draft: EventDraft;
  /** Moves the event to this calendar of the tenant. */
  toCalendarId?: string;
  /** NO_CONTEXT when left out. */
  context?: ChangeContext;
}

/** An event moved to its calendar's trash. */
export interface EventTrash extends EventKey, Conditional, Acting {
  /** NO_CONTEXT when left out (a whole event or series deleted); a split's "this and following" names its scope. */
  context?: ChangeContext;
}

/**
 * An event in its calendar's trash, as the store keeps it: the event as it was when deleted, its version then one past
 * (the trash's ETag, which restore expects), and when and by whom.
 */
export interface TrashedEventRecord {
  event: CalendarEvent;
  deletedAt: string;
  deletedBy: UserRef;
}

/** A calendar in the tenant's calendar trash: the calendar as it was (version one past), and how many events it holds. */
export interface TrashedCalendarRecord {
  calendar: StoredCalendar;
  eventCount: number;
  deletedAt: string;
  deletedBy: UserRef;
}

/** An update inside a batch: the event, the version it expects to replace (as EventUpdate's), and its new draft. */
export interface BatchUpdate extends Conditional {
  eventId: string;
  draft: EventDraft;
}

/** Several events of one calendar created and updated together, by one actor: an import. */
export interface EventBatch extends CalendarKey {
  actor: UserRef;
  creates: readonly EventDraft[];
  updates: readonly BatchUpdate[];
  idempotency?: IdempotentCompletion<CalendarEvent[]>;
}

export interface CalendarRepository {
  list(params: InTenant): Promise<StoredCalendar[]>;
  get(params: CalendarKey): Promise<StoredCalendar | null>;
  create(params: CalendarCreate): Promise<StoredCalendar>;
  /** Throws NotFoundError or PreconditionFailedError. */
  update(params: CalendarUpdate): Promise<StoredCalendar>;
  /**
   * Moves the calendar, with its events, categories and history, to the tenant's calendar trash (its version bumps):
   * from then on no read but listTrash finds it or them. Throws NotFoundError or PreconditionFailedError.
   */
  delete(params: CalendarKey & Conditional & Acting): Promise<void>;
  /** The tenant's trashed calendars, newest deletion first. */
  listTrash(params: InTenant): Promise<TrashedCalendarRecord[]>;
  /**
   * Brings a trashed calendar back as one, with everything that went with it (its version bumps). Throws NotFoundError
   * (not in the trash) or PreconditionFailedError (expected names another version than the trash's).
   */
  restore(params: CalendarKey & Conditional & Acting & Keyed<StoredCalendar>): Promise<StoredCalendar>;
  /** Deletes a trashed calendar for good, with its events (trashed ones too), categories and history. Throws NotFoundError. */
  purge(params: CalendarKey): Promise<void>;
}

export interface CategoryKey extends CalendarKey {
  categoryId: string;
}

/**
 * Each calendar's categories. A category belongs to one calendar and goes when its calendar is deleted; deleting a
 * category clears it from the events that carry it (their version bumps), in the same transaction where the store has
 * one.
 */
export interface CategoryRepository {
  /** Every category of the tenant's calendars, by calendar, then name. */
  list(params: InTenant): Promise<Category[]>;
  /** One calendar's categories, by name. */
  listByCalendar(params: CalendarKey): Promise<Category[]>;
  get(params: CategoryKey): Promise<Category | null>;
  /** Throws NotFoundError when the tenant has no such calendar, NameTakenError when the calendar has the name. */
  create(params: CalendarKey & Acting & { input: CategoryInput }): Promise<Category>;
  /** Throws NotFoundError, PreconditionFailedError or NameTakenError. */
  update(params: CategoryKey & Conditional & Acting & { patch: CategoryPatch }): Promise<Category>;
  /**
   * Deletes the category and clears it from its events, each of which then counts as changed by the actor (version,
   * updatedBy and updatedAt); says how many events it cleared. Throws NotFoundError or PreconditionFailedError.
   */
  delete(params: CategoryKey & Conditional & Acting): Promise<{ clearedEvents: number }>;
  /** How many events (series count once) carry the category. */
  countEvents(params: CategoryKey): Promise<number>;
}

export interface EventRepository {
  /**
   * Single events (not series) of these calendars that overlap the window, ordered by start: all of them when there
   * are at most limit, otherwise limit + 1 of them (any), read without reading the rest.
   */
  listInWindow(params: LimitedWindowQuery): Promise<CalendarEvent[]>;
  /** Series of these calendars whose range (rangeStartMs to rangeEndMs) overlaps the window: the service expands them. */
  listSeriesInWindow(params: WindowQuery): Promise<CalendarEvent[]>;
  get(params: EventKey): Promise<CalendarEvent | null>;
  /** The event with this id in any of the tenant's calendars: for links that name only the event. */
  findById(params: InTenant & { eventId: string }): Promise<CalendarEvent | null>;
  create(params: EventCreate): Promise<CalendarEvent>;
  /**
   * Replaces the event with the draft, and moves it when toCalendarId names another calendar. Throws
   * NotFoundError (no such event, or no calendar to move it to) or PreconditionFailedError.
   */
  update(params: EventUpdate): Promise<CalendarEvent>;
  /**
   * Moves the event to its calendar's trash (its version bumps): from then on no read but listTrash finds it, and
   * neither the feed, search, exports nor imports' UID matching. Throws NotFoundError or PreconditionFailedError.
   */
  delete(params: EventTrash): Promise<void>;
  /** The calendar's trashed events, newest deletion first, at most `limit`. */
  listTrash(params: CalendarKey & { limit: number }): Promise<TrashedEventRecord[]>;
  /**
   * Brings a trashed event back into its calendar with its id, fields and series overrides (its version bumps). Throws
   * NotFoundError (not in this calendar's trash), PreconditionFailedError (expected is not the trash's version), or
   * CalendarTrashedError (its calendar is in the calendar trash).
   */
  restore(params: EventKey & Conditional & Acting & Keyed<CalendarEvent>): Promise<CalendarEvent>;
  /** Deletes a trashed event for good (its history stays until its retention ends). Throws NotFoundError. */
  purge(params: EventKey): Promise<void>;
  /**
   * All of the batch or none of it: creates the drafts and applies the updates (each as update would, in place), and
   * answers the events written, creates first. Throws NotFoundError (no such calendar, or an updated event gone) or
   * PreconditionFailedError (an update's version moved on), and then leaves no write of the batch in place.
   */
  writeBatch(params: EventBatch): Promise<CalendarEvent[]>;
  /** The calendar's events imported with one of these UIDs (importSource.uid): at most one per UID. */
  findByImportUids(params: CalendarKey & { uids: readonly string[] }): Promise<CalendarEvent[]>;
}

/** Where a page of search results ended: the last hit's start on the stores' line, and its id. */
export interface SearchKey {
  startMs: number;
  id: string;
}

/**
 * What a search looks for: events whose text (title, location and description's text, folded as
 * content/search-text.ts folds it) holds every term, in these calendars of the tenant.
 */
export interface SearchMatch extends InTenant {
  /** Folded and not empty (searchTerms); at least one. */
  terms: readonly string[];
  calendarIds: readonly string[];
  /** Only events carrying one of these categories; any event when undefined. */
  categoryIds?: readonly string[];
  /** Events overlapping [fromMs, toMs) on the stores' line (series: their range); unbounded on a side left undefined. */
  fromMs?: number;
  toMs?: number;
}

/** Finding events by their words, in the store's own index of them (kept in step with every write). */
export interface SearchRepository {
  /** Matching single events (not series), ordered by start then id, those after `after` only, at most `limit`. */
  findEvents(params: SearchMatch & { after: SearchKey | null; limit: number }): Promise<CalendarEvent[]>;
  /** Matching series whose range overlaps the range, in no order: the service finds the occurrence each shows at. */
  findSeries(params: SearchMatch): Promise<CalendarEvent[]>;
}

/**
 * The tenant's change version: what the feed cache keys its bodies by. Every write of the tenant's calendars, their
 * categories or events (create, update, move, delete, and the demo seed's) changes it before the write is
 * acknowledged, to a value it never had before; reads never change it. Read it BEFORE the data a cached body is built from: a body kept under a version
 * then holds at least every write acknowledged by the time that version was read.
 */
export interface ChangeVersions {
  /** One cheap read (a primary-key row, or point reads), never a query over the tenant's data. */
  version(params: InTenant): Promise<string>;
}

/** Newest first, those before the cursor `before` only (all when null), at most `limit`. */
export interface HistoryPageQuery {
  before: string | null;
  limit: number;
}

/**
 * The history of changes: one ChangeEntry per write of an event, a calendar or a category, written by the store with
 * the write itself (a write and its entry land together or not at all), kept HISTORY_RETENTION_DAYS.
 */
export interface HistoryRepository {
  /** An event's (or series') entries, in whichever calendar, trashed or not. */
  forEvent(params: InTenant & { eventId: string } & HistoryPageQuery): Promise<ChangeEntry[]>;
  /** A calendar's entries (its events' and its own), optionally only one person's, or within [fromMs, toMs) of `at`. */
  forCalendar(params: CalendarKey & HistoryPageQuery & { byUserId?: string; fromMs?: number; toMs?: number }): Promise<ChangeEntry[]>;
  /**
   * The tenant's entries after the cursor, oldest first, at most `limit`: what a live stream missed. Null when the
   * cursor is not one this store gave out, or its entries are no longer all kept: the client must refetch instead.
   */
  since(params: InTenant & { after: string; limit: number }): Promise<ChangeEntry[] | null>;
  /**
   * Calls the listener with every entry written from now on, every tenant's, in the order written: SQLite after each
   * transaction commits, in this process; Cosmos from the events container's change feed, so every instance's writes
   * reach every instance. Returns the unsubscribe.
   */
  subscribe(listener: (tenantId: string, entry: ChangeEntry) => void): () => void;
}

export interface UserKey extends InTenant {
  userId: string;
}

/**
 * Each person's settings, one record per tenant and user. A person with none stored has version 0 (the defaults):
 * a write expecting 0 creates the record, and of several writes expecting one version exactly one succeeds.
 */
export interface UserSettingsRepository {
  /** The settings as stored (any fields, as an older build may have written them), or null when there are none. */
  get(params: UserKey): Promise<{ values: unknown; version: number } | null>;
  /** Stores these settings as the next version. Throws PreconditionFailedError when the version is not `expected`. */
  put(params: UserKey & Conditional & { values: UserSettings }): Promise<VersionedSettings>;
}

/** A subscription link as stored: never its secret, and its hash stays inside the store. */
export interface StoredSubscription {
  id: string;
  tenantId: string;
  /** Its creator, whose view of the calendar the feed shows. */
  userId: string;
  userName: string;
  calendarId: string;
  /** Null for the whole calendar. */
  categoryId: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SubscriptionKey extends InTenant {
  subscriptionId: string;
}

export interface SubscriptionCreate extends InTenant {
  userId: string;
  userName: string;
  calendarId: string;
  categoryId: string | null;
  /** The SHA-256 of the link's secret, hex: what a feed request is looked up by. */
  secretHash: string;
}

/**
 * Personal iCalendar subscription links. Writing one does not change the tenant's change version: no calendar, category
 * or event changes with it. A link outlives its calendar (the feed then answers 404, and its creator's list says why).
 */
export interface SubscriptionRepository {
  create(params: SubscriptionCreate): Promise<StoredSubscription>;
  get(params: SubscriptionKey): Promise<StoredSubscription | null>;
  /** One person's links, oldest first. */
  listByUser(params: UserKey): Promise<StoredSubscription[]>;
  /** Every link of the tenant, oldest first. */
  listByTenant(params: InTenant): Promise<StoredSubscription[]>;
  /** The link whose secret has this hash, in any tenant: the feed knows no tenant before it. */
  findBySecretHash(secretHash: string): Promise<StoredSubscription | null>;
  /** Throws NotFoundError. */
  delete(params: SubscriptionKey): Promise<void>;
  /** Sets lastUsedAt; a link deleted meanwhile stays deleted. */
  recordUse(params: SubscriptionKey & { at: string }): Promise<void>;
}

/** Links oldest first, then by id: the order both stores list them in. */
export function compareSubscriptions(a: StoredSubscription, b: StoredSubscription): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** How long a request's Idempotency-Key is remembered with its first answer (the draft's "expiry"). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/**
 * How long a claimed key counts as in flight: a request with it meanwhile is answered 409. Past this the write that
 * claimed it has ended (it is one store call, under STORE_CALL_DEADLINE_MS), so another request may take it over.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * STORE_CALL_DEADLINE_MS;

/** A request's Idempotency-Key as the store keeps it. */
export interface IdempotencyRef extends InTenant {
  /** A digest of the user, the route and the key (base64url): the same key from another user or route is another record. */
  recordId: string;
  /** What the keyed write creates or restores: Cosmos keeps the record in that one's container, to write both in one batch. */
  resource: 'event' | 'calendar';
}

/** A claim on a key: the keyed write completes it with its answer, in its own transaction or batch, while it holds. */
export interface IdempotencyLease extends IdempotencyRef {
  fingerprint: string;
  /** What the completion must still find (an ETag, or a random token): a claim taken over since is another. */
  token: string;
}

/** What a claim on a key found. */
export type IdempotencyClaim =
  | { state: 'claimed'; lease: IdempotencyLease }
  /** The key's first request was answered: this, stored with its write. */
  | { state: 'answered'; answer: unknown }
  /** The key's first request is still in flight (claimed less than IDEMPOTENCY_LEASE_MS ago). */
  | { state: 'in-flight' }
  /** The key was first used for another request (another fingerprint). */
  | { state: 'mismatch' };

/** What a keyed write stores with itself: its answer, made from what it wrote, completing the claim. */
export interface IdempotentCompletion<T> {
  lease: IdempotencyLease;
  answer(written: T): unknown;
}

/** A write that may carry an Idempotency-Key's completion. */
export interface Keyed<T> {
  idempotency?: IdempotentCompletion<T>;
}

/**
 * Idempotency-Key records: the first answer to a keyed request, kept IDEMPOTENCY_KEY_TTL_MS with the write that made it
 * (the write completes its claim in its own transaction or batch: both land or neither), purged by purgeExpired.
 */
export interface IdempotencyRepository {
  /** Claims the key for a request with this fingerprint, or says what holds it (see IdempotencyClaim). */
  claim(params: IdempotencyRef & { fingerprint: string; nowMs: number }): Promise<IdempotencyClaim>;
  /** Completes a claim whose write wrote nothing (an import with nothing new). Throws IdempotencyConflictError. */
  complete(lease: IdempotencyLease, answer: unknown): Promise<void>;
  /** Frees a claim whose write failed: the next request with the key goes ahead. A completed claim stays. */
  release(lease: IdempotencyLease): Promise<void>;
}

export interface Store {
  readonly kind: string;
  readonly calendars: CalendarRepository;
  readonly events: EventRepository;
  readonly categories: CategoryRepository;
  readonly search: SearchRepository;
  readonly userSettings: UserSettingsRepository;
  readonly subscriptions: SubscriptionRepository;
  readonly changes: ChangeVersions;
  readonly history: HistoryRepository;
  readonly idempotency: IdempotencyRepository;
  /**
   * Deletes for good what has outlived its keeping as of `now`: trashed events after EVENT_TRASH_DAYS, trashed calendars
   * (with all they hold) after CALENDAR_TRASH_DAYS, history entries after HISTORY_RETENTION_DAYS, Idempotency-Key records
   * after IDEMPOTENCY_KEY_TTL_MS. Run at start-up and
   * every PURGE_INTERVAL_MS; tests pass a later `now`. Cosmos also sets each such document's TTL, so that the account
   * purges them itself. It never holds the process up: SQLite's works in slices (PURGE_SLICE_ROWS) and lets the event
   * loop turn between them; Cosmos's awaits each delete.
   */
  purgeExpired(now: Date): Promise<{ events: number; calendars: number; entries: number }>;
  /** Whether the store can serve requests now. */
  isReady(): Promise<boolean>;
  /**
   * True from a write refused for want of space (StoreFullError) until a write succeeds again: reads still work. Only a
   * store whose space this instance's disk bounds (SQLite) has it.
   */
  storageFull?(): boolean;
  /**
   * True when the store holds no calendars in any tenant and this caller is the one to seed the demo data:
   * of several instances starting together over one store, only one gets true.
   */
  claimDemoSeed(): Promise<boolean>;
  close(): Promise<void>;
}
