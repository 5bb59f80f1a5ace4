import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { DAY_MS } from '../../../../shared/limits.ts';
import { rangeContains, type TimeRange } from '../../../lib/view-ranges.ts';

/** Windows kept in memory: the one shown, the two either side, and two the user just left. */
export const KEPT_WINDOWS_MAX = 5;

/** How long a window kept in memory may be shown as it was without asking for it again. */
export const WINDOW_FRESH_MS = 60_000;

export interface EventWindow extends TimeRange {
  fetchedAt: number;
  events: readonly CalendarEvent[];
}

export interface EventWindows {
  /** The newest window that holds the whole range, if any. */
  covering(range: TimeRange): EventWindow | undefined;
  /** Keeps a window's events, in place of any kept for the same range. */
  put(window: EventWindow): void;
  /** Forgets the windows that do not meet `span`, and the oldest past KEPT_WINDOWS_MAX. */
  keepNear(span: TimeRange): void;
  clear(): void;
  /**
   * Takes every window for old (shown as it is, asked for again when next shown) and forgets in each the events named,
   * by id or series: changed elsewhere, they are shown again only as a newer answer has them.
   */
  expire(changed: ReadonlySet<string>): void;
  /** Every kept window's events, each once, as the newest window that knows it has it. */
  events(): CalendarEvent[];
}

const meets = (a: TimeRange, b: TimeRange) => a.fromMs < b.toMs && b.fromMs < a.toMs;
const sameRange = (a: TimeRange, b: TimeRange) => a.fromMs === b.fromMs && a.toMs === b.toMs;

/**
 * Whether a newer window must have had the event if it still existed there: the event lies inside it, a day clear of
 * its edges (an all-day event's date, read as UTC, may be a day off the window's zone).
 */
function answeredBy(window: TimeRange, event: CalendarEvent): boolean {
  const fromMs = Date.parse(event.start);
  const toMs = event.end ? Date.parse(event.end) : fromMs;
  return fromMs >= window.fromMs + DAY_MS && toMs <= window.toMs - DAY_MS;
}

/**
 * The windows of events fetched for one user, zone and set of calendars, newest last. Their union is what the
 * calendar holds: moving to a period they cover draws at once, with nothing to fetch or read in.
 */
export function createEventWindows(): EventWindows {
  let windows: EventWindow[] = [];
  return {
    covering: (range) => windows.findLast((window) => rangeContains(window, range)),
    put(window) {
      windows = [...windows.filter((other) => !sameRange(other, window)), window];
    },
    keepNear(span) {
      windows = windows.filter((window) => meets(window, span)).slice(-KEPT_WINDOWS_MAX);
    },
    clear() {
      windows = [];
    },
    expire(changed) {
      const kept = (event: CalendarEvent) => !changed.has(event.id) && !changed.has(event.extendedProps.seriesId ?? '');
      windows = windows.map((window) => ({ ...window, fetchedAt: Number.NEGATIVE_INFINITY, events: window.events.filter(kept) }));
    },
    events() {
      const byId = new Map<string, CalendarEvent>();
      // Newest first: an older window's copy of an event gives way, and an event a newer window no longer has is gone.
      for (let index = windows.length - 1; index >= 0; index--) {
        const newer = windows.slice(index + 1);
        for (const event of windows[index]!.events) {
          if (!byId.has(event.id) && !newer.some((window) => answeredBy(window, event))) byId.set(event.id, event);
        }
      }
      return [...byId.values()];
    },
  };
}
