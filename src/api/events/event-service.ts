import { FEED_EVENTS_MAX } from '../../shared/limits.ts';
import { eventWriteSchema, type CalendarEvent, type EventPatch } from '../../shared/event-schema.ts';
import { canEditCalendar, type Principal } from '../auth/principal.ts';
import { forbidden, notFound, validationFailed } from '../errors.ts';
import { resolveEventWindow, type EventWindowQuery } from '../event-window.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { NO_CONTEXT, PreconditionFailedError, versionMatches, type ChangeContext, type EventWindow, type ExpectedVersion, type IdempotentCompletion, type Store } from '../stores/repository.ts';
import { createEventTrash, type EventTrash } from './event-trash.ts';
import type { EditableCalendar } from './editable-calendar.ts';
import { checkSeries, toDraft, type EventInput } from './check-series.ts';
import { feedWithSeries } from './expand-feed.ts';
import { createFeedCache, FEED_CACHE_BYTES, feedKeyText, type CachedFeed, type FeedCacheStats } from './feed-cache.ts';
import { mergeEventPatch } from './merge-event-patch.ts';
import { createOccurrenceService, type OccurrenceService } from './occurrence-service.ts';
import { editAllOccurrences, keepOverrides } from './series-edits.ts';
import type { ContentRules } from './event-content.ts';
import { createEventWriter, type WriteEvent } from './write-event.ts';
import { calendarOrNotFound } from '../calendars/calendar-or-not-found.ts';
import type { IdempotencyRequest } from '../http/idempotency-key.ts';
import { idempotently } from '../idempotency/idempotent-write.ts';


const ALL_OCCURRENCES: ChangeContext = { scope: 'all', recurrenceId: null };

interface EventAt {
  calendar: EditableCalendar;
  eventId: string;
  expected: ExpectedVersion;
}

export interface EventService extends OccurrenceService, EventTrash {
  /** The feed: events overlapping the query's window, in the calendars it names of the caller's tenant (or all of them). */
  listInWindow(principal: Principal, query: EventWindowQuery): Promise<CalendarEvent[]>;
  /**
   * listInWindow's events as the serialised body the feed route sends, cached per tenant's change version: its ETag
   * known after one read of that version, its body when asked (422 when the window holds too many events).
   */
  feed(principal: Principal, query: EventWindowQuery): Promise<CachedFeed>;
  /** How the feed cache has done: hits and misses since start, for tests and the bench. */
  feedCacheStats(): FeedCacheStats;
  /** An event, or an occurrence by its feed id, by id alone in any of the caller's tenant's calendars; 404 when there is none. */
  findById(principal: Principal, eventId: string): Promise<CalendarEvent>;
  /** An event of a calendar; 404 when either is not there. */
  get(principal: Principal, key: { calendarId: string; eventId: string }): Promise<CalendarEvent>;
  /** The calendar, if the caller may change its events: 404 when it is not in their tenant, 403 when they may not. */
  editableCalendar(principal: Principal, calendarId: string): Promise<EditableCalendar>;
  /** With an Idempotency-Key, at most once per key (idempotent-write.ts). */
  create(principal: Principal, params: { calendar: EditableCalendar; input: EventInput; idempotency?: IdempotencyRequest }): Promise<CalendarEvent>;
  /** A partial update, merged onto the stored event and checked whole; extendedProps.calendarId moves the event. */
  update(principal: Principal, params: EventAt & { patch: EventPatch }): Promise<CalendarEvent>;
  /** To the calendar's trash. */
  delete(principal: Principal, params: EventAt): Promise<void>;
}

export interface EventServiceOptions {
  /** The most events one window may hold; FEED_EVENTS_MAX unless a bench measures windows past it. */
  feedEventsMax?: number;
  /** The feed cache's bound in bytes; FEED_CACHE_BYTES unless a test shows eviction. */
  feedCacheBytes?: number;
  /** What an event's rich content may hold beyond the fixed allow-lists: none unless configured. */
  content?: ContentRules;
}

// A query parsed before is one shared object (parseEventWindowQuery): its window is looked up once, not per request.
const queryWindows = new WeakMap<EventWindowQuery, EventWindow>();

function windowOrThrow(query: EventWindowQuery): EventWindow {
  const known = queryWindows.get(query);
  if (known) return known;
  const window = resolveEventWindow(query.start, query.end, query.timeZone);
  if ('field' in window) throw validationFailed([window]);
  queryWindows.set(query, window);
  return window;
}

interface WindowRead {
  tenantId: string;
  window: EventWindow;
  calendarIds: readonly string[] | undefined;
  max: number;
}

/** Events and series occurrences overlapping the window, in the tenant's calendars that calendarIds names (or all). */
async function eventsInWindow(store: Store, { tenantId, window, calendarIds, max }: WindowRead): Promise<CalendarEvent[]> {
  const calendars = await store.calendars.list({ tenantId });
  const wanted = calendarIds ? new Set(calendarIds) : null;
  const ids = calendars.map((calendar) => calendar.id).filter((id) => !wanted || wanted.has(id));
  const params = { tenantId, calendarIds: ids, window };
  const [singles, series] = await Promise.all([store.events.listInWindow({ ...params, limit: max }), store.events.listSeriesInWindow(params)]);
  // Series expand here, not in the stores: in their own zone, from the window's start.
  return feedWithSeries({ tenantId, singles, series, window, max });
}

/** A move needs the right to edit the calendar the event goes to. */
async function checkMoveTarget(store: Store, principal: Principal, toCalendarId: string): Promise<void> {
  const target = await store.calendars.get({ tenantId: principal.tenantId, calendarId: toCalendarId });
  if (!target) throw validationFailed([{ field: 'extendedProps.calendarId', message: 'No such calendar' }]);
  if (!canEditCalendar(principal, target)) throw forbidden(`You may not add events to "${target.name}".`);
}

/** A partial update merged onto the stored event, checked whole, and written as an update or a move. */
async function updateEvent(store: Store, writeEvent: WriteEvent, principal: Principal, { calendar, eventId, expected, patch }: EventAt & { patch: EventPatch }): Promise<CalendarEvent> {
  const current = await store.events.get({ tenantId: principal.tenantId, calendarId: calendar.id, eventId });
  if (!current) throw notFound();
  // A stale write is told so first, not about fields the newer version has since changed (the store checks again).
  if (!versionMatches(expected, current.extendedProps.version)) throw new PreconditionFailedError();
  const input = parseOrThrow(eventWriteSchema, mergeEventPatch(current, patch));
  const merged = current.rrule ? editAllOccurrences(current, patch, toDraft(input)) : toDraft(input);
  const checked = keepOverrides(checkSeries(input, merged));
  const toCalendarId = input.extendedProps?.calendarId;
  const previousCategoryId = current.extendedProps.categoryId;
  // A series changed through its own address is changed for all of its occurrences.
  const context = current.rrule ? ALL_OCCURRENCES : NO_CONTEXT;
  if (toCalendarId === undefined || toCalendarId === calendar.id) {
    // An edit keeps where the event was imported from, so that importing the file again finds it.
    const draft = { ...checked, importSource: current.extendedProps.importSource ?? null };
    return writeEvent(principal, { kind: 'update', calendarId: calendar.id, eventId, expected, draft, previousCategoryId, context });
  }
  // A move leaves it behind (checked's is null): imports are matched per calendar, and the other may hold that UID already.
  await checkMoveTarget(store, principal, toCalendarId);
  return writeEvent(principal, { kind: 'move', calendarId: calendar.id, toCalendarId, eventId, expected, draft: checked, previousCategoryId, context });
}

/** Permissions, validation and the patch merge in front of the store; every write goes through one writeEvent. */
export function createEventService(store: Store, options: EventServiceOptions = {}): EventService {
  const { feedEventsMax = FEED_EVENTS_MAX, feedCacheBytes = FEED_CACHE_BYTES, content = { sharePointOrigins: [] } } = options;
  const writeEvent = createEventWriter(store, content);
  const feedCache = createFeedCache(feedCacheBytes);

  const occurrences = createOccurrenceService(store, writeEvent);
  return {
    ...occurrences,

    async listInWindow(principal, query) {
      return eventsInWindow(store, { tenantId: principal.tenantId, window: windowOrThrow(query), calendarIds: query.calendarId, max: feedEventsMax });
    },

    async feed({ tenantId }, query) {
      const window = windowOrThrow(query);
      const key = feedKeyText({ tenantId, calendarIds: query.calendarId, window });
      // Before the data: a body built after this read holds at least every write it counts (ChangeVersions).
      const version = await store.changes.version({ tenantId });
      const build = async () => JSON.stringify(await eventsInWindow(store, { tenantId, window, calendarIds: query.calendarId, max: feedEventsMax }));
      return feedCache.feed(key, version, build);
    },

    feedCacheStats: () => feedCache.stats(),

    async findById(principal, eventId) {
      const event = await store.events.findById({ tenantId: principal.tenantId, eventId });
      if (event) return event;
      const occurrence = await occurrences.findOccurrence(principal, eventId);
      if (!occurrence) throw notFound();
      return occurrence;
    },

    async get(principal, { calendarId, eventId }) {
      await calendarOrNotFound(store, principal, calendarId);
      const event = await store.events.get({ tenantId: principal.tenantId, calendarId, eventId });
      if (!event) throw notFound();
      return event;
    },

    async editableCalendar(principal, calendarId) {
      const calendar = await calendarOrNotFound(store, principal, calendarId);
      if (!canEditCalendar(principal, calendar)) throw forbidden(`You may not change events in "${calendar.name}".`);
      return calendar as EditableCalendar;
    },

    async create(principal, { calendar, input, idempotency }) {
      // The path names the calendar of a new event, whatever the body says.
      const draft = checkSeries(input, toDraft(input));
      const create = (completion?: IdempotentCompletion<CalendarEvent>) => writeEvent(principal, { kind: 'create', calendarId: calendar.id, draft, idempotency: completion });
      return idempotently(store, principal, { request: idempotency, resource: 'event' }, create, (event) => event);
    },

    update: (principal, change) => updateEvent(store, writeEvent, principal, change),

    async delete(principal, { calendar, eventId, expected }) {
      await writeEvent(principal, { kind: 'delete', calendarId: calendar.id, eventId, expected });
    },

    ...createEventTrash(store, writeEvent),
  };
}
