import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { TimeRange } from '../../../lib/view-ranges.ts';
import { createEventWindows, WINDOW_FRESH_MS, type EventWindow } from './event-windows.ts';

/** What the calendar hears from its events' source, about the period it shows. */
export interface WindowListener {
  loading(loading: boolean): void;
  /** The period shown has what it will show: its events, none, or the notice that it holds too many. */
  settled(): void;
  /** The most events a window may hold, while the one shown is refused for holding more; null once one loads. */
  tooFull(limit: number | null): void;
  failed(error: unknown): void;
}

export interface WindowSourceDeps {
  fetchWindow(range: TimeRange): Promise<CalendarEvent[]>;
  /** A failed window's events from elsewhere (the offline copy); rejects with the error when there are none. */
  fallback(range: TimeRange, error: unknown): Promise<{ events: CalendarEvent[]; fetchedAt: number }>;
  /** The limit a failure says the window went over, else null. */
  tooFullLimit(error: unknown): number | null;
  /** The windows either side of a view's range, to fetch ahead. */
  neighbours(viewType: string, range: TimeRange): TimeRange[];
  mayFetchAhead(): boolean;
  whenIdle(work: () => void): void;
  /** A window fetched for the period shown: to keep for offline reading. */
  shown(range: TimeRange, events: readonly CalendarEvent[]): void;
  now(): number;
}

/** A window already asked for: its events, or their promise. */
export interface StartedWindow {
  range: TimeRange;
  events: CalendarEvent[] | Promise<CalendarEvent[]>;
}

export interface WindowSource {
  /** Every event held, for the calendar to draw; the same array until it changes. */
  events(): readonly CalendarEvent[];
  subscribe(onChange: () => void): () => void;
  /**
   * The calendar shows a view's range: fetched when no window holds it, then its neighbours when idle. The listener
   * hears about it from then on.
   */
  show(viewType: string, range: TimeRange, listener: WindowListener): void;
  /** Fetches the period shown again, and forgets every other window: after a change. */
  refetch(): void;
}

const keyOf = (range: TimeRange) => `${range.fromMs}/${range.toMs}`;
const contains = (outer: TimeRange, inner: TimeRange) => outer.fromMs <= inner.fromMs && outer.toMs >= inner.toMs;

/**
 * The events of one user, zone and set of calendars, by windows of time: those of the period shown and of the ones
 * either side (fetched when idle), held together for the calendar as one list. A move to a period they hold draws
 * at once, as if every event were in memory; the list changes only when a window comes in, and when idle if it was
 * fetched ahead.
 */
export function createWindowSource(deps: WindowSourceDeps, first: StartedWindow | null): WindowSource {
  const windows = createEventWindows();
  const subscribers = new Set<() => void>();
  const inFlight = new Map<string, { range: TimeRange; events: Promise<CalendarEvent[]> }>();
  let held: readonly CalendarEvent[] = [];
  let shown: { viewType: string; range: TimeRange } | null = null;
  // Who hears about the period shown: the one that last asked to show it.
  let listener: WindowListener | null = null;
  // Bumped by a refetch: answers to what was asked before it are out of date.
  let generation = 0;
  let publishWhenIdle = false;

  const publish = () => {
    publishWhenIdle = false;
    if (shown) {
      const around = deps.neighbours(shown.viewType, shown.range);
      windows.keepNear({ fromMs: Math.min(shown.range.fromMs, ...around.map((range) => range.fromMs)), toMs: Math.max(shown.range.toMs, ...around.map((range) => range.toMs)) });
    }
    held = windows.events();
    for (const notify of subscribers) notify();
  };
  // A window fetched ahead changes nothing on screen: the calendar reads it in when the page is idle.
  const publishLater = () => {
    if (publishWhenIdle) return;
    publishWhenIdle = true;
    deps.whenIdle(() => publishWhenIdle && publish());
  };
  const isShown = (range: TimeRange) => shown !== null && contains(range, shown.range);

  const request = (range: TimeRange) => {
    const key = keyOf(range);
    const started = inFlight.get(key);
    if (started) return started.events;
    const events = deps.fetchWindow(range);
    inFlight.set(key, { range, events });
    const forget = () => inFlight.get(key)?.events === events && inFlight.delete(key);
    events.then(forget, forget);
    return events;
  };

  const fetchAround = () =>
    deps.whenIdle(() => {
      if (!shown || !deps.mayFetchAhead()) return;
      for (const range of deps.neighbours(shown.viewType, shown.range)) {
        if (windows.covering(range) || inFlight.has(keyOf(range))) continue;
        const asked = generation;
        request(range).then(
          (events) => {
            if (asked !== generation) return;
            windows.put({ ...range, fetchedAt: deps.now(), events });
            publishLater();
          },
          // Fetched ahead: a failure is forgotten, and the window asked for again if it is shown.
          () => undefined,
        );
      }
    });

  // The offline copy keeps each window fetched for a period the user saw, once.
  const saved = new WeakSet<EventWindow>();
  const save = (window: EventWindow) => {
    if (saved.has(window) || !isShown(window)) return;
    saved.add(window);
    deps.shown(window, window.events);
  };

  const arrived = (range: TimeRange, events: CalendarEvent[], fetchedAt: number, quietly: boolean, fetched = true) => {
    const window = { ...range, fetchedAt, events };
    windows.put(window);
    if (fetched) save(window);
    if (quietly) publishLater();
    else publish();
    if (!isShown(range)) return;
    listener?.tooFull(null);
    listener?.settled();
    fetchAround();
  };

  // A failure speaks only for the period shown, and one fetched quietly (shown already, from memory) only when
  // the offline copy has to stand in for it.
  const failed = async (range: TimeRange, error: unknown, quietly: boolean) => {
    if (!isShown(range)) return;
    const limit = deps.tooFullLimit(error);
    if (limit !== null) {
      listener?.tooFull(limit);
      return listener?.settled();
    }
    try {
      const kept = await deps.fallback(range, error);
      arrived(range, kept.events, kept.fetchedAt, quietly, false);
    } catch {
      if (!quietly) listener?.failed(error);
    }
  };

  let loads = 0;
  const loading = (change: 1 | -1) => {
    loads += change;
    listener?.loading(loads > 0);
  };
  const load = async (range: TimeRange, quietly: boolean) => {
    const asked = generation;
    if (!quietly) loading(1);
    try {
      const events = await request(range);
      if (asked !== generation) return;
      arrived(range, events, deps.now(), quietly);
    } catch (error) {
      if (asked === generation) await failed(range, error, quietly);
    } finally {
      if (!quietly) loading(-1);
    }
  };

  if (first) {
    if (Array.isArray(first.events)) windows.put({ ...first.range, fetchedAt: deps.now(), events: first.events });
    else {
      const key = keyOf(first.range);
      inFlight.set(key, { range: first.range, events: first.events });
      const forget = () => inFlight.delete(key);
      first.events.then(forget, forget);
    }
    held = windows.events();
  }

  return {
    events: () => held,
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    show(viewType, range, heard) {
      listener = heard;
      // Told twice of one view (by the calendar, and by the hook for a new source): nothing more to do.
      if (shown?.viewType === viewType && shown.range.fromMs === range.fromMs && shown.range.toMs === range.toMs) return;
      shown = { viewType, range };
      const kept = windows.covering(range);
      if (!kept) {
        // A window on its way that holds the range (the first load's, a neighbour's) is waited for, not asked again.
        const coming = [...inFlight.values()].find((started) => contains(started.range, range));
        return void load(coming?.range ?? range, false);
      }
      listener?.tooFull(null);
      listener?.settled();
      save(kept);
      // Shown as it was, and asked for again when it is old: the answer replaces it.
      if (deps.now() - kept.fetchedAt > WINDOW_FRESH_MS) void load({ fromMs: kept.fromMs, toMs: kept.toMs }, true);
      else fetchAround();
    },
    refetch() {
      generation++;
      inFlight.clear();
      windows.clear();
      if (shown) void load(shown.range, false);
    },
  };
}
