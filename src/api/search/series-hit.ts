// Where a series shows in search results: once, at one of its occurrences.
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { eventTimeMs, EVENT_RANGE_END_MS, EVENT_RANGE_START_MS } from '../../shared/time.ts';
import { occurrenceEvent } from '../events/expand-feed.ts';
import { seriesOf } from '../events/series-edits.ts';
import { expandSeries, occurrenceAt, seriesRange, type SeriesDefinition } from '../recurrence/expand-series.ts';

/** An occurrence as a feed event, with its start on the stores' line. */
export interface KeyedOccurrence {
  event: CalendarEvent;
  startMs: number;
}

/** What a series is looked at over: the search's range (either end open) and the moment "next" is counted from. */
export interface HitRange {
  fromMs?: number;
  toMs?: number;
  referenceMs: number;
}

/** The first window looked in for the next occurrence; each next one is GROWTH times longer, so sparse rules take few. */
const FIRST_SPAN_MS = 8 * 86_400_000;
const GROWTH = 8;

const keyed = (event: CalendarEvent): KeyedOccurrence => ({ event, startMs: eventTimeMs(event.start) });
const endMs = (occurrence: KeyedOccurrence) => eventTimeMs(occurrence.event.end);
const earlier = (a: KeyedOccurrence, b: KeyedOccurrence) => a.startMs - b.startMs || (a.event.id < b.event.id ? -1 : 1);

/** The rule's occurrences overlapping [fromMs, toMs) that no override replaces, as expandSeries orders them. */
function plainOccurrences(series: CalendarEvent, definition: SeriesDefinition, fromMs: number, toMs: number) {
  const overrides = series.extendedProps.overrides ?? {};
  const expanded = expandSeries(definition, { fromMs, toMs, fromDayMs: fromMs, toDayMs: toMs });
  const occurrences = expanded.occurrences.filter((occurrence) => overrides[occurrence.recurrenceId] === undefined);
  return { occurrences: occurrences.map((occurrence) => keyed(occurrenceEvent(series, occurrence, undefined))), truncated: expanded.truncated };
}

/** Every changed occurrence, wherever its change moved it. */
function changedOccurrences(series: CalendarEvent, definition: SeriesDefinition): KeyedOccurrence[] {
  return Object.entries(series.extendedProps.overrides ?? {}).flatMap(([recurrenceId, override]) => {
    const original = occurrenceAt(definition, recurrenceId);
    return original ? [keyed(occurrenceEvent(series, original, override))] : [];
  });
}

/** The first plain occurrence ending after fromMs and starting before toMs, looked for in ever longer windows. */
function firstPlain(series: CalendarEvent, definition: SeriesDefinition, fromMs: number, toMs: number): KeyedOccurrence | null {
  for (let lo = fromMs, span = FIRST_SPAN_MS; lo < toMs; lo += span, span *= GROWTH) {
    const [first] = plainOccurrences(series, definition, lo, Math.min(lo + span, toMs)).occurrences;
    if (first) return first;
  }
  return null;
}

/** The last plain occurrence overlapping [fromMs, toMs), looked for backwards from toMs in ever longer windows. */
function lastPlain(series: CalendarEvent, definition: SeriesDefinition, fromMs: number, toMs: number): KeyedOccurrence | null {
  for (let hi = toMs, span = FIRST_SPAN_MS; hi > fromMs; hi -= span, span *= GROWTH) {
    let lo = Math.max(fromMs, hi - span);
    let last: KeyedOccurrence | null = null;
    // expandSeries gives at most its cap of occurrences from a window's start: go on from the last it gave.
    for (let page = plainOccurrences(series, definition, lo, hi); page.occurrences.length > 0; page = plainOccurrences(series, definition, lo, hi)) {
      last = page.occurrences.at(-1)!;
      if (!page.truncated) break;
      lo = last.startMs + 1;
    }
    if (last) return last;
  }
  return null;
}

const pick = (candidates: (KeyedOccurrence | null)[], better: (a: KeyedOccurrence, b: KeyedOccurrence) => boolean) =>
  candidates.reduce<KeyedOccurrence | null>((best, candidate) => (candidate && (!best || better(candidate, best)) ? candidate : best), null);

/**
 * The occurrence a series shows at in search results: its first one in the range that ends after the reference (the
 * range's start, or now); when every occurrence in the range ended before the reference, its last one; null when it
 * has none in the range. Changed occurrences count where their change moved them. The rule runs as the feed runs it.
 */
export function seriesHit(series: CalendarEvent, { fromMs, toMs, referenceMs }: HitRange): KeyedOccurrence | null {
  const definition = seriesOf(series);
  const low = fromMs ?? EVENT_RANGE_START_MS;
  const high = Math.min(toMs ?? EVENT_RANGE_END_MS, seriesRange(definition).lastEndMs);
  const inRange = changedOccurrences(series, definition).filter((o) => o.startMs < high && endMs(o) > low);
  const after = Math.max(low, referenceMs);
  const next = pick([firstPlain(series, definition, after, high), ...inRange.filter((o) => endMs(o) > after)], (a, b) => earlier(a, b) < 0);
  if (next) return next;
  const seriesStart = Math.max(low, eventTimeMs(series.start));
  return pick([lastPlain(series, definition, seriesStart, high), ...inRange], (a, b) => earlier(a, b) > 0);
}
