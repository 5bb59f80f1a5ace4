import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { TimeRange } from '../../../lib/view-ranges.ts';

/** Windows fetched ahead at once: the one before the window shown and the one after it. */
export const PREFETCHED_WINDOWS_MAX = 2;

/** How long a window fetched ahead may be shown as it was: older, it is asked for again. */
export const PREFETCH_FRESH_MS = 60_000;

interface Entry extends TimeRange {
  fetchedAt: number;
  events: Promise<CalendarEvent[]>;
  arrived?: CalendarEvent[];
}

export interface WindowPrefetch {
  /**
   * A window fetched ahead, once: the events when they are in, else their promise; null when it was not fetched
   * ahead (or too long ago). Asking for any other window drops the rest: it is a refetch after a change, or a jump,
   * and what was fetched before it may be out of date.
   */
  take(range: TimeRange): CalendarEvent[] | Promise<CalendarEvent[]> | null;
  /** Fetches these windows ahead, those not fetched already; a failure is forgotten, never shown. */
  prefetch(ranges: readonly TimeRange[]): void;
}

const sameRange = (a: TimeRange, b: TimeRange) => a.fromMs === b.fromMs && a.toMs === b.toMs;

/** Windows of one event source fetched ahead, for one user, zone and set of calendars: a new source starts empty. */
export function createWindowPrefetch(fetchWindow: (range: TimeRange) => Promise<CalendarEvent[]>, now = Date.now): WindowPrefetch {
  let entries: Entry[] = [];
  const drop = (entry: Entry) => (entries = entries.filter((other) => other !== entry));
  return {
    take(range) {
      const entry = entries.find((candidate) => sameRange(candidate, range));
      if (!entry || now() - entry.fetchedAt > PREFETCH_FRESH_MS) {
        entries = [];
        return null;
      }
      drop(entry);
      return entry.arrived ?? entry.events;
    },
    prefetch(ranges) {
      for (const range of ranges) {
        if (entries.some((entry) => sameRange(entry, range))) continue;
        const entry: Entry = { ...range, fetchedAt: now(), events: fetchWindow(range) };
        entry.events.then((events) => (entry.arrived = events)).catch(() => drop(entry));
        entries = [...entries, entry].slice(-PREFETCHED_WINDOWS_MAX);
      }
    },
  };
}
