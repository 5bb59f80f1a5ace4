import { LRUCache } from 'lru-cache';
import type { CalendarEvent, OccurrenceOverride } from '../../shared/event-schema.ts';
import { DAY_MS, FEED_EVENTS_MAX, RECURRENCE_WINDOW_OCCURRENCES_MAX } from '../../shared/limits.ts';
import { eventTimeMs } from '../../shared/time.ts';
import { windowTooFull } from '../errors.ts';
import { expandSeries, type Occurrence } from '../recurrence/expand-series.ts';
import { createOccurrenceCache } from '../recurrence/occurrence-cache.ts';
import { compareRecords, type EventWindow } from '../stores/repository.ts';

/** The id an occurrence has in the feed: unique and stable while the series keeps that occurrence. */
export const occurrenceId = (seriesId: string, recurrenceId: string) => `${seriesId}:${recurrenceId}`;

/**
 * What every occurrence of a series shares: the series less its rule, exdates and overrides (FullCalendar would
 * expand rrule and exdate again in the browser's zone), and less where it was imported from (the series' own read
 * carries that, not each of its occurrences). Taken apart once per series, not once per occurrence.
 */
interface SeriesTemplate {
  id: string;
  event: Omit<CalendarEvent, 'rrule' | 'exdate' | 'extendedProps'>;
  props: Omit<CalendarEvent['extendedProps'], 'overrides' | 'importSource' | 'localStart'>;
}

function seriesTemplate(series: CalendarEvent): SeriesTemplate {
  const { rrule: _rrule, exdate: _exdate, extendedProps, ...event } = series;
  // An occurrence starts at its own time: the series' local start is the series' alone.
  const { overrides: _overrides, importSource: _importSource, localStart: _localStart, ...props } = extendedProps;
  return { id: series.id, event, props };
}

/** An occurrence the rule made, unchanged: the series' fields with its own id, start and end. */
function plainOccurrenceEvent(template: SeriesTemplate, occurrence: Occurrence): CalendarEvent {
  return {
    ...template.event,
    id: occurrenceId(template.id, occurrence.recurrenceId),
    groupId: template.id,
    start: occurrence.start,
    end: occurrence.end,
    extendedProps: { ...template.props, seriesId: template.id, recurrenceId: occurrence.recurrenceId },
  };
}

function changedOccurrenceEvent(template: SeriesTemplate, occurrence: Occurrence, override: OccurrenceOverride): CalendarEvent {
  const { title, start, end, allDay, url, description, location } = override;
  const plain = plainOccurrenceEvent(template, occurrence);
  return {
    ...plain,
    title: title ?? plain.title,
    start: start ?? plain.start,
    end: end ?? plain.end,
    allDay: allDay ?? plain.allDay,
    ...(url === undefined ? {} : { url }),
    extendedProps: { ...plain.extendedProps, ...(description === undefined ? {} : { description }), ...(location === undefined ? {} : { location }) },
  };
}

/**
 * One occurrence as an ordinary FullCalendar event: the series' fields, its own start and end, then its override's
 * fields. groupId is the series' id, so FullCalendar can tell the occurrences of one series; rrule and exdate are
 * left out.
 */
export function occurrenceEvent(series: CalendarEvent, occurrence: Occurrence, override: OccurrenceOverride | undefined): CalendarEvent {
  const template = seriesTemplate(series);
  return override ? changedOccurrenceEvent(template, occurrence, override) : plainOccurrenceEvent(template, occurrence);
}

/** A feed event with what the stores order by, so that ordering parses no date. */
interface KeyedEvent {
  event: CalendarEvent;
  startMs: number;
  allDay: boolean;
  id: string;
}

const keyed = (event: CalendarEvent, startMs = eventTimeMs(event.start)): KeyedEvent => ({ event, startMs, allDay: event.allDay, id: event.id });

function overlaps(event: CalendarEvent, window: EventWindow): boolean {
  const [from, to] = event.allDay ? [window.fromDayMs, window.toDayMs] : [window.fromMs, window.toMs];
  return eventTimeMs(event.start) < to && eventTimeMs(event.end) > from;
}

/** An override's occurrence as the rule made it: its recurrence id is its original start, its length the series'. */
function originalOccurrence(series: CalendarEvent, recurrenceId: string): Occurrence {
  const length = eventTimeMs(series.end) - eventTimeMs(series.start);
  const end = series.allDay ? new Date(eventTimeMs(recurrenceId) + length).toISOString().slice(0, 10) : new Date(Date.parse(recurrenceId) + length).toISOString();
  return { recurrenceId, start: recurrenceId, end };
}

/** Shared by every feed that asks for the same window: frozen, so that no caller can change another's. */
function frozen(event: CalendarEvent, startMs?: number): KeyedEvent {
  Object.freeze(event.extendedProps);
  return keyed(Object.freeze(event), startMs);
}

/** The feed keeps occurrences a week of the stores' line at a time, weeks counted from the epoch. */
export const FEED_WEEK_MS = 7 * DAY_MS;

/** A rule start in a kept week: its event, or null when an override replaces it (the window's cap still counts it). */
interface WeekOccurrence {
  startMs: number;
  event: KeyedEvent | null;
}

/**
 * Occurrences the feed keeps built as events, over all weeks. Each is a whole event (about 270 bytes of heap beside
 * the strings it shares with its series), so this is some 7 MB of the server's FEED_LOAD_RSS_MAX_MB; a month view of
 * 1,000 weekly series holds about 4,400. At 50,000 the soak bench's server went past its bound.
 */
export const FEED_WEEK_OCCURRENCES_MAX = 25_000;

/** A series starts at most once a day, so this many weeks stay under expandSeries' cap of occurrences per call. */
const WEEKS_PER_EXPANSION = Math.floor(RECURRENCE_WINDOW_OCCURRENCES_MAX / 7);

/**
 * Each series' plain occurrences, a week of the stores' line at a time, by tenant, series version and week: weeks
 * partition the line, so a window sharing weeks with an earlier one (the next week, the month around this week,
 * another viewer's zone) builds no event of them again. Bounded by FEED_WEEK_OCCURRENCES_MAX occurrences in all.
 */
const weekEvents = new LRUCache<string, readonly WeekOccurrence[]>({ maxSize: FEED_WEEK_OCCURRENCES_MAX, sizeCalculation: (week) => Math.max(1, week.length) });

const lengthMs = (series: CalendarEvent) => eventTimeMs(series.end) - eventTimeMs(series.start);

/** The plain occurrences starting in weeks `first` to `last`, exdates left out, each week kept. */
function expandWeeks(key: string, series: CalendarEvent, first: number, last: number): WeekOccurrence[][] {
  const template = seriesTemplate(series);
  const overrides = series.extendedProps.overrides ?? {};
  const stored = { ...series, rrule: series.rrule ?? '', exdate: series.exdate ?? [], timeZone: series.extendedProps.timeZone, localStart: series.extendedProps.localStart };
  // The window whose overlapping occurrences are those starting in the weeks: start ≥ from - length + 1, start < to.
  const [fromMs, toMs] = [first * FEED_WEEK_MS + lengthMs(series) - 1, (last + 1) * FEED_WEEK_MS];
  const weeks: WeekOccurrence[][] = Array.from({ length: last - first + 1 }, () => []);
  for (const occurrence of expandSeries(stored, { fromMs, toMs, fromDayMs: fromMs, toDayMs: toMs }).occurrences) {
    const event = overrides[occurrence.recurrenceId] === undefined ? frozen(plainOccurrenceEvent(template, occurrence), occurrence.startMs) : null;
    weeks[Math.floor(occurrence.startMs / FEED_WEEK_MS) - first]!.push({ startMs: occurrence.startMs, event });
  }
  weeks.forEach((week, i) => weekEvents.set(`${key}#${first + i}`, week));
  return weeks;
}

/** The kept weeks from `first` to `last`, the missing ones expanded a span of at most WEEKS_PER_EXPANSION at a time. */
function keptWeeks(key: string, series: CalendarEvent, first: number, last: number): (readonly WeekOccurrence[])[] {
  const weeks: (readonly WeekOccurrence[] | undefined)[] = [];
  for (let week = first; week <= last; week++) weeks.push(weekEvents.get(`${key}#${week}`));
  for (let missing = weeks.indexOf(undefined); missing >= 0; missing = weeks.indexOf(undefined, missing)) {
    const end = Math.min(weeks.lastIndexOf(undefined), missing + WEEKS_PER_EXPANSION - 1);
    expandWeeks(key, series, first + missing, first + end).forEach((week, i) => (weeks[missing + i] = week));
  }
  return weeks as (readonly WeekOccurrence[])[];
}

/**
 * A series' occurrences overlapping the window, each with its sort key, from its kept weeks: at most
 * RECURRENCE_WINDOW_OCCURRENCES_MAX of the rule's, as expandSeries gives them; overrides last, wherever they moved.
 */
function expandKeyed(tenantId: string, series: CalendarEvent, window: EventWindow): KeyedEvent[] {
  const [from, to] = series.allDay ? [window.fromDayMs, window.toDayMs] : [window.fromMs, window.toMs];
  const [fromMs, toMs] = [from - lengthMs(series) + 1, to - 1];
  const key = `${tenantId}/${series.id}@${series.extendedProps.version}`;
  const found: KeyedEvent[] = [];
  let counted = 0;
  for (const week of keptWeeks(key, series, Math.floor(fromMs / FEED_WEEK_MS), Math.floor(toMs / FEED_WEEK_MS))) {
    for (const { startMs, event } of week) {
      if (startMs < fromMs || startMs > toMs || ++counted > RECURRENCE_WINDOW_OCCURRENCES_MAX) continue;
      if (event) found.push(event);
    }
  }
  const template = seriesTemplate(series);
  for (const [recurrenceId, override] of Object.entries(series.extendedProps.overrides ?? {})) {
    const event = changedOccurrenceEvent(template, originalOccurrence(series, recurrenceId), override);
    if (overlaps(event, window)) found.push(frozen(event));
  }
  return found;
}

const cache = createOccurrenceCache<{ occurrences: readonly KeyedEvent[] }>();

/** expandKeyed, cached by series version and window (see occurrence-cache.ts). */
function keyedOccurrences(tenantId: string, series: CalendarEvent, window: EventWindow): readonly KeyedEvent[] {
  const key = { tenantId, seriesId: series.id, version: series.extendedProps.version, window };
  return cache.get(key, () => ({ occurrences: expandKeyed(tenantId, series, window) })).occurrences;
}

/** Forgets every cached window's occurrences (parsed rules and kept weeks stay): what a new window costs, for the bench. */
export function clearOccurrenceCache(): void {
  cache.clear();
}

/** How many occurrences the kept weeks hold, over all series (an empty week counts as one). */
export function weekOccurrencesKept(): number {
  return weekEvents.calculatedSize;
}

/** Forgets every series' kept weeks of occurrences: what a window in weeks no one has asked for costs, for the bench. */
export function clearWeekCache(): void {
  weekEvents.clear();
}

/**
 * A series' occurrences overlapping the window, expanded in its own zone: overrides replace their occurrence
 * (wherever they moved it), exdates are left out.
 */
export function expandForFeed(tenantId: string, series: CalendarEvent, window: EventWindow): CalendarEvent[] {
  return keyedOccurrences(tenantId, series, window).map(({ event }) => event);
}

const byId = (a: CalendarEvent, b: CalendarEvent) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function inOrder(events: readonly KeyedEvent[]): boolean {
  for (let i = 1; i < events.length; i++) if (compareRecords(events[i - 1]!, events[i]!) > 0) return false;
  return true;
}

/**
 * In the stores' order. Meetings share starts (on the hour), so the distinct starts are sorted natively and only
 * ties are compared; the events come series by series in id order, so ties are nearly in order already.
 */
function sortByStart(events: readonly KeyedEvent[]): KeyedEvent[] {
  const byStart = new Map<number, KeyedEvent[]>();
  for (const event of events) {
    const tied = byStart.get(event.startMs);
    if (tied) tied.push(event);
    else byStart.set(event.startMs, [event]);
  }
  const sorted: KeyedEvent[] = [];
  for (const startMs of Float64Array.from(byStart.keys()).sort()) {
    const tied = byStart.get(startMs)!;
    if (!inOrder(tied)) tied.sort(compareRecords);
    for (const event of tied) sorted.push(event);
  }
  return sorted;
}

/**
 * Every series' occurrences for the window, in the stores' order. Expansion stops, with the 422, as soon as they
 * are more than the room the window's single events leave.
 */
function expandAllForFeed({ tenantId, series, window, room, max }: Omit<FeedParts, 'singles'> & { room: number; max: number }): KeyedEvent[] {
  const occurrences: KeyedEvent[] = [];
  for (const one of [...series].sort(byId)) {
    for (const occurrence of keyedOccurrences(tenantId, one, window)) occurrences.push(occurrence);
    if (occurrences.length > room) throw windowTooFull(max);
  }
  return sortByStart(occurrences);
}

interface FeedParts {
  tenantId: string;
  singles: CalendarEvent[];
  series: readonly CalendarEvent[];
  window: EventWindow;
  /** The most events the window may hold in all: FEED_EVENTS_MAX unless the service was given another. */
  max?: number;
}

/**
 * The feed: single events (in the stores' order, by start, all-day first on a tie, then id) and the series'
 * occurrences, merged into that order rather than sorted again.
 */
export function feedWithSeries({ tenantId, singles, series, window, max = FEED_EVENTS_MAX }: FeedParts): CalendarEvent[] {
  if (singles.length > max) throw windowTooFull(max);
  if (series.length === 0) return singles;
  const occurrences = expandAllForFeed({ tenantId, series, window, room: max - singles.length, max });
  const feed: CalendarEvent[] = [];
  let next = 0;
  for (const single of singles) {
    const key = keyed(single);
    while (next < occurrences.length && compareRecords(occurrences[next]!, key) < 0) feed.push(occurrences[next++]!.event);
    feed.push(single);
  }
  while (next < occurrences.length) feed.push(occurrences[next++]!.event);
  return feed;
}
