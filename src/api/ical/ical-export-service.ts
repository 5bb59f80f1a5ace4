// iCalendar exports of a calendar (or one category of it) and of one event, for anyone who may read the calendar.
// Subscriptions' feeds call exportCalendarIcs with their creator as the principal, so a feed shows what its creator
// may see now.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { icsExportTitle } from '../../shared/ics-file-name.ts';
import { DAY_MS, ICS_EXPORT_EVENTS_MAX } from '../../shared/limits.ts';
import { EXPORT_TOO_LARGE_TYPE } from '../../shared/problem.ts';
import { eventTimeMs, EVENT_RANGE_END_MS } from '../../shared/time.ts';
import type { Principal } from '../auth/principal.ts';
import { calendarOrNotFound } from '../calendars/calendar-or-not-found.ts';
import { HttpProblem, notFound, validationFailed } from '../errors.ts';
import type { RenderingLog } from '../content/sanitise-html.ts';
import type { EventWindow, Store, StoredCalendar } from '../stores/repository.ts';
import { recurrenceIdMs } from '../recurrence/expand-series.ts';
import { buildCalendarIcs, prepareCalendarIcs } from './ical-export.ts';
import { compressors } from '../events/feed-cache.ts';
import type { BodyEncoding, CachedText } from '../http/cached-body-reply.ts';

/** How far back an export reaches when it names no start: a year, as Outlook and Google keep a subscription's past. */
export const ICS_EXPORT_PAST_DAYS = 365;
/** The most bytes of exports kept, with the tenant's change version each was built under (see FEED_CACHE_BYTES). */
export const ICS_EXPORT_CACHE_BYTES = 8 * 1024 * 1024;
/**
 * What an entry is counted as holding per character of its text: the text (at most two bytes a character) and room
 * for the br and gzip copies made when first asked for (an export compresses to about a tenth, or less).
 */
const ENTRY_BYTES_PER_CHARACTER = 2.5;
/**
 * How many exports one instance builds at once; more wait their turn. A build holds the calendar's events and its
 * text while it runs (a 3,400-event calendar: tens of MB for a few hundred ms), and after a write every subscription
 * poll of every calendar asks for one: memory under load is bounded by this, not by how many ask. One: builds are
 * the main thread's work, so a second at once finishes no sooner and doubles what they hold.
 */
export const ICS_EXPORT_BUILDS_MAX = 1;

export interface IcsExportOptions {
  /**
   * Only the events of this category, or of these (UNCATEGORISED for those without one); 404 when the calendar has
   * no such category.
   */
  categoryId?: string | readonly string[];
  /** Events (and series) overlapping [from, to): epoch ms. By default from a year back (UTC midnight), to no end. */
  fromMs?: number;
  toMs?: number;
  /** The web app's origin (https://calendar.contoso.com): each event's URL links back into it. */
  origin?: string;
}

export interface IcsExport extends CachedText {
  /** The iCalendar text (UTF-8, CRLF, folded at 75 octets). */
  body: string;
  /** A strong ETag, quoted: a hash of the body, so the same data gives the same tag on every instance. */
  etag: string;
  /** When this instance first saw the body as it is (a deleted event has no time of its own to go by). */
  lastModified: Date;
  /** What the file is named after: the calendar's name (and category's), or the event's title. */
  name: string;
}

export interface IcsExportService {
  /** The calendar's events overlapping the range, a series whole with its rule, exdates and changed occurrences. */
  exportCalendarIcs(principal: Principal, calendarId: string, options?: IcsExportOptions): Promise<IcsExport>;
  /** One event; an occurrence's feed id ({seriesId}:{recurrenceId}) gives its whole series. */
  exportEventIcs(principal: Principal, key: { calendarId: string; eventId: string }, options?: Pick<IcsExportOptions, 'origin'>): Promise<IcsExport>;
}

export interface IcsExportServiceOptions {
  /** The right-hand side of every UID, `{eventId}@{uidDomain}`: never change it, or subscribers see every event twice. */
  uidDomain: string;
  /** ICS_EXPORT_EVENTS_MAX unless a test shows the cap with fewer events. */
  eventsMax?: number;
  /** Where an event whose description could not be converted as written is reported. */
  log?: RenderingLog;
  now?: () => Date;
}

export const exportTooLarge = (limit: number) =>
  new HttpProblem(422, 'Too many events to export', {
    type: EXPORT_TOO_LARGE_TYPE,
    detail: `This export holds more than ${limit.toLocaleString('en')} events, the most one file carries: export a shorter range (from, to) or one category.`,
    limit,
  });

/** Each encoding of a body made once, when first asked for, and kept with the answer (and so with its cache entry). */
function encodings(body: string): CachedText['encoded'] {
  const made = new Map<BodyEncoding, Promise<Buffer>>();
  return (encoding) => {
    let bytes = made.get(encoding);
    if (bytes === undefined) made.set(encoding, (bytes = compressors[encoding](Buffer.from(body))));
    return bytes;
  };
}

const tagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The window a range reads, on both of the stores' lines: instants, and all-day dates as UTC midnights. */
function rangeWindow(fromMs: number, toMs: number): EventWindow {
  return { fromMs, toMs, fromDayMs: Math.floor(fromMs / DAY_MS) * DAY_MS, toDayMs: Math.ceil(toMs / DAY_MS) * DAY_MS };
}

function byStart(a: CalendarEvent, b: CalendarEvent): number {
  return eventTimeMs(a.start) - eventTimeMs(b.start) || Number(b.allDay) - Number(a.allDay) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

interface CachedExport {
  version: string;
  export: IcsExport;
}

async function categoryNamesOf(store: Store, tenantId: string, calendarId: string): Promise<Map<string, string>> {
  const categories = await store.categories.listByCalendar({ tenantId, calendarId });
  return new Map(categories.map((category) => [category.id, category.name]));
}

/** The filter's name for "events without a category", as the web app's category filter writes it. */
export const UNCATEGORISED = 'none';
/** How X-WR-CALNAME names the events without a category, in a filtered export's name. */
const UNCATEGORISED_NAME = 'No category';

/** The categories an export keeps (null: every event), checked against the calendar's, and the export's name. */
async function categoryFilter(store: Store, calendar: StoredCalendar, categoryId: IcsExportOptions['categoryId']) {
  const names = await categoryNamesOf(store, calendar.tenantId, calendar.id);
  if (categoryId === undefined) return { names, kept: null, name: calendar.name };
  const ids = [...new Set(typeof categoryId === 'string' ? [categoryId] : categoryId)];
  if (ids.length === 0 || ids.some((id) => id !== UNCATEGORISED && !names.has(id))) throw notFound('The calendar has no such category.');
  const kept = new Set(ids.map((id) => (id === UNCATEGORISED ? '' : id)));
  return { names, kept, name: icsExportTitle(calendar.name, ids.map((id) => names.get(id) ?? UNCATEGORISED_NAME).join(', ')) };
}

interface ExportRead {
  tenantId: string;
  calendarId: string;
  window: EventWindow;
  /** Category ids ('' for none) whose events are kept; null keeps all. */
  kept: ReadonlySet<string> | null;
  max: number;
}

/** The calendar's single events and series overlapping the window, of the category if one is named, by start. */
async function readEvents(store: Store, { tenantId, calendarId, window, kept, max }: ExportRead): Promise<CalendarEvent[]> {
  const query = { tenantId, calendarIds: [calendarId], window };
  const [singles, series] = await Promise.all([store.events.listInWindow({ ...query, limit: max }), store.events.listSeriesInWindow(query)]);
  // The store's read stops at one single event over the cap, before the category is looked at.
  if (singles.length > max) throw exportTooLarge(max);
  const events = [...singles, ...series].filter((event) => kept === null || kept.has(event.extendedProps.categoryId));
  if (events.length > max) throw exportTooLarge(max);
  return events.sort(byStart);
}

type BuiltExport = Omit<IcsExport, 'etag' | 'lastModified' | 'encoded'>;

/**
 * Exports kept with the tenant's change version each was built under: calendar apps poll subscriptions, and while
 * the tenant's data is unchanged a poll then costs a few point reads.
 */
function exportCache(now: () => Date) {
  const entries = new LRUCache<string, CachedExport>({ maxSize: ICS_EXPORT_CACHE_BYTES, sizeCalculation: (entry) => Math.ceil(entry.export.body.length * ENTRY_BYTES_PER_CHARACTER) + 200 });
  // Requests for an export being built wait for that build rather than start their own: at most one per key.
  const building = new Map<string, { version: string; result: Promise<IcsExport> }>();
  const turn = buildTurns(ICS_EXPORT_BUILDS_MAX);

  async function buildAndKeep(key: string, version: string, build: () => Promise<BuiltExport>): Promise<IcsExport> {
    const built = await turn(build);
    const known = entries.get(key);
    const etag = tagOf(built.body);
    // Rounded up to the second: a later change within the second still reads as newer than what a client holds.
    const lastModified = known?.export.etag === etag ? known.export.lastModified : new Date(Math.ceil(now().getTime() / 1000) * 1000);
    const result = { ...built, etag, lastModified, encoded: encodings(built.body) };
    entries.set(key, { version, export: result });
    return result;
  }

  return (key: string, version: string, build: () => Promise<BuiltExport>): Promise<IcsExport> => {
    const known = entries.get(key);
    if (known?.version === version) return Promise.resolve(known.export);
    const pending = building.get(key);
    if (pending?.version === version) return pending.result;
    const result = buildAndKeep(key, version, build).finally(() => {
      if (building.get(key)?.result === result) building.delete(key);
    });
    building.set(key, { version, result });
    return result;
  };
}

/** Runs work at most `max` at a time, the rest in the order they came. */
function buildTurns(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so that none can be overtaken.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * The event, or for an occurrence's feed id ({seriesId}:{recurrenceId}) its series: an occurrence stands for its
 * series, one UID, so that importing it twice, or the calendar later, merges. 404 when neither is there.
 */
async function eventOrSeries(store: Store, { tenantId, calendarId, eventId }: { tenantId: string; calendarId: string; eventId: string }): Promise<CalendarEvent> {
  const event = await store.events.get({ tenantId, calendarId, eventId });
  if (event) return event;
  const at = eventId.indexOf(':');
  if (at < 0) throw notFound();
  const series = await store.events.get({ tenantId, calendarId, eventId: eventId.slice(0, at) });
  // The recurrence id must at least be of the series' kind: an instant for timed series, a date for all-day ones.
  if (!series?.rrule || Number.isNaN(recurrenceIdMs(eventId.slice(at + 1), series.allDay))) throw notFound();
  return series;
}

export function createIcsExportService(store: Store, options: IcsExportServiceOptions): IcsExportService {
  const { uidDomain, log, eventsMax = ICS_EXPORT_EVENTS_MAX, now = () => new Date() } = options;
  const cached = exportCache(now);
  return {
    async exportCalendarIcs(principal, calendarId, { categoryId, fromMs, toMs, origin } = {}) {
      const { tenantId } = principal;
      // Before the data: a body built after this read holds every write acknowledged before it (ChangeVersions).
      const version = await store.changes.version({ tenantId });
      const calendar = await calendarOrNotFound(store, principal, calendarId);
      const { names, kept, name } = await categoryFilter(store, calendar, categoryId);
      const from = fromMs ?? Math.floor((now().getTime() - ICS_EXPORT_PAST_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
      const to = toMs ?? EVENT_RANGE_END_MS;
      if (to <= from) {
        const error = toMs === undefined ? { field: 'from', message: 'The start must be before the end' } : { field: 'to', message: 'The end must be after the start' };
        throw validationFailed([error]);
      }
      const key = JSON.stringify([tenantId, calendarId, kept && [...kept].sort(), from, to, origin ?? null]);
      return cached(key, version, async () => {
        const events = await readEvents(store, { tenantId, calendarId, window: rangeWindow(from, to), kept, max: eventsMax });
        const at = now();
        await prepareCalendarIcs(events, at);
        const body = buildCalendarIcs({ name, description: calendar.description, events, uidDomain, origin, categoryNames: names, now: at, log });
        return { body, name };
      });
    },

    async exportEventIcs(principal, { calendarId, eventId }, { origin } = {}) {
      const { tenantId } = principal;
      const calendar = await calendarOrNotFound(store, principal, calendarId);
      const event = await eventOrSeries(store, { tenantId, calendarId, eventId });
      const categoryNames = await categoryNamesOf(store, tenantId, calendarId);
      const at = now();
      await prepareCalendarIcs([event], at);
      const body = buildCalendarIcs({ name: calendar.name, events: [event], uidDomain, origin, categoryNames, now: at, log });
      return { body, etag: tagOf(body), lastModified: new Date(event.extendedProps.updatedAt), name: event.title, encoded: encodings(body) };
    },
  };
}
