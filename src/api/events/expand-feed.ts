import type { CalendarEvent, OccurrenceOverride } from '../../shared/event-schema.ts';
import { FEED_OCCURRENCES_MAX } from '../../shared/limits.ts';
import { eventTimeMs } from '../../shared/time.ts';
import { validationFailed } from '../errors.ts';
import { expandSeries, type Occurrence } from '../recurrence/expand-series.ts';
import { createOccurrenceCache } from '../recurrence/occurrence-cache.ts';
import { compareRecords, type EventWindow } from '../stores/repository.ts';

/** The id an occurrence has in the feed: unique and stable while the series keeps that occurrence. */
export const occurrenceId = (seriesId: string, recurrenceId: string) => `${seriesId}:${recurrenceId}`;

/**
 * What every occurrence of a series shares: the series less its rule, exdates and overrides (FullCalendar would
 * expand rrule and exdate again in the browser's zone). Taken apart once per series, not once per occurrence.
 */
interface SeriesTemplate {
  id: string;
  event: Omit<CalendarEvent, 'rrule' | 'exdate' | 'extendedProps'>;
  props: Omit<CalendarEvent['extendedProps'], 'overrides'>;
}

function seriesTemplate(series: CalendarEvent): SeriesTemplate {
  const { rrule: _rrule, exdate: _exdate, extendedProps, ...event } = series;
  const { overrides: _overrides, ...props } = extendedProps;
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

/** A series' occurrences overlapping the window, each with its sort key; overrides last, wherever they moved. */
function expandKeyed(series: CalendarEvent, window: EventWindow): KeyedEvent[] {
  const template = seriesTemplate(series);
  const overrides = series.extendedProps.overrides ?? {};
  const stored = { ...series, rrule: series.rrule ?? '', exdate: series.exdate ?? [], timeZone: series.extendedProps.timeZone, version: series.extendedProps.version };
  const found: KeyedEvent[] = [];
  for (const occurrence of expandSeries(stored, window).occurrences) {
    if (overrides[occurrence.recurrenceId] === undefined) found.push(frozen(plainOccurrenceEvent(template, occurrence), occurrence.startMs));
  }
  for (const [recurrenceId, override] of Object.entries(overrides)) {
    const event = changedOccurrenceEvent(template, originalOccurrence(series, recurrenceId), override);
    if (overlaps(event, window)) found.push(frozen(event));
  }
  return found;
}

const cache = createOccurrenceCache<{ occurrences: readonly KeyedEvent[] }>();

/** expandKeyed, cached by series version and window (see occurrence-cache.ts). */
function keyedOccurrences(tenantId: string, series: CalendarEvent, window: EventWindow): readonly KeyedEvent[] {
  const key = { tenantId, seriesId: series.id, version: series.extendedProps.version, window };
  return cache.get(key, () => ({ occurrences: expandKeyed(series, window) })).occurrences;
}

/** Forgets every cached occurrence (parsed rules stay): what a window no one has asked for yet costs, for the bench. */
export function clearOccurrenceCache(): void {
  cache.clear();
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

/** Every series' occurrences for the window, in the stores' order; more than FEED_OCCURRENCES_MAX is a 400 asking for a narrower window. */
function expandAllForFeed(tenantId: string, series: readonly CalendarEvent[], window: EventWindow): KeyedEvent[] {
  const occurrences: KeyedEvent[] = [];
  for (const one of [...series].sort(byId)) {
    for (const occurrence of keyedOccurrences(tenantId, one, window)) occurrences.push(occurrence);
    if (occurrences.length > FEED_OCCURRENCES_MAX) {
      throw validationFailed([
        { field: 'end', message: `This window holds more than ${FEED_OCCURRENCES_MAX} occurrences of repeating events: ask for a shorter window or fewer calendars` },
      ]);
    }
  }
  return sortByStart(occurrences);
}

/**
 * The feed: single events (in the stores' order, by start, all-day first on a tie, then id) and the series'
 * occurrences, merged into that order rather than sorted again.
 */
export function feedWithSeries(tenantId: string, singles: CalendarEvent[], series: readonly CalendarEvent[], window: EventWindow): CalendarEvent[] {
  if (series.length === 0) return singles;
  const occurrences = expandAllForFeed(tenantId, series, window);
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
