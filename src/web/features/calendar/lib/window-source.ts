import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { rangeContains, type TimeRange } from '../../../lib/view-ranges.ts';
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
  /**
   * Fetches the period shown again without a loading state, drawing the answer as soon as it comes: after changes made
   * elsewhere (live notices) to the events named (by id or series), which the other windows kept then no longer hold
   * (asked for again when next shown); with none named, every other window is forgotten.
   */
  refresh(changed?: ReadonlySet<string>): void;
}

const keyOf = (range: TimeRange) => `${range.fromMs}/${range.toMs}`;

/**
 * The events of one user, zone and set of calendars, by windows of time: those of the period shown and of the ones
 * either side (fetched when idle), held together for the calendar as one list. A move to a period they hold draws
 * at once, as if every event were in memory; the list changes only when a window comes in, and when idle if it was
 * fetched ahead.
 */
class EventWindowSource implements WindowSource {
  private readonly deps: WindowSourceDeps;
  private readonly windows = createEventWindows();
  private readonly subscribers = new Set<() => void>();
  private readonly inFlight = new Map<string, { range: TimeRange; events: Promise<CalendarEvent[]> }>();
  // The offline copy keeps each window fetched for a period the user saw, once.
  private readonly saved = new WeakSet<EventWindow>();
  private held: readonly CalendarEvent[] = [];
  private shown: { viewType: string; range: TimeRange } | null = null;
  // Who hears about the period shown: the one that last asked to show it.
  private listener: WindowListener | null = null;
  // Bumped by a refetch: answers to what was asked before it are out of date.
  private generation = 0;
  private publishWhenIdle = false;
  private loads = 0;

  constructor(deps: WindowSourceDeps, first: StartedWindow | null) {
    this.deps = deps;
    if (!first) return;
    if (Array.isArray(first.events)) this.windows.put({ ...first.range, fetchedAt: deps.now(), events: first.events });
    else this.track(first.range, first.events);
    this.held = this.windows.events();
  }

  // Arrow properties: the calendar's hooks pass them on unbound.
  events = () => this.held;

  subscribe = (onChange: () => void) => {
    this.subscribers.add(onChange);
    return () => void this.subscribers.delete(onChange);
  };

  show(viewType: string, range: TimeRange, listener: WindowListener): void {
    this.listener = listener;
    const { shown } = this;
    // Told twice of one view (by the calendar, and by the hook for a new source): nothing more to do.
    if (shown?.viewType === viewType && shown.range.fromMs === range.fromMs && shown.range.toMs === range.toMs) return;
    this.shown = { viewType, range };
    const kept = this.windows.covering(range);
    if (!kept) {
      // A window on its way that holds the range (the first load's, a neighbour's) is waited for, not asked again.
      const coming = [...this.inFlight.values()].find((started) => rangeContains(started.range, range));
      return void this.load(coming?.range ?? range, false);
    }
    this.listener.tooFull(null);
    this.listener.settled();
    this.save(kept);
    // Shown as it was, and asked for again when it is old: the answer replaces it.
    if (this.deps.now() - kept.fetchedAt > WINDOW_FRESH_MS) void this.load({ fromMs: kept.fromMs, toMs: kept.toMs }, true);
    else this.fetchAround();
  }

  refetch = () => {
    this.generation++;
    this.inFlight.clear();
    this.windows.clear();
    if (this.shown) void this.load(this.shown.range, false);
  };

  refresh = (changed?: ReadonlySet<string>) => {
    this.generation++;
    this.inFlight.clear();
    // A window a day or less wide never answers for its events (see event-windows.ts): the copies the others hold of
    // what changed must go, or a deleted event would stay in sight.
    if (changed) this.windows.expire(changed);
    else this.windows.clear();
    if (this.shown) void this.load(this.shown.range, true, true);
  };

  private publish(): void {
    this.publishWhenIdle = false;
    if (this.shown) {
      const { viewType, range } = this.shown;
      const around = [range, ...this.deps.neighbours(viewType, range)];
      this.windows.keepNear({ fromMs: Math.min(...around.map((near) => near.fromMs)), toMs: Math.max(...around.map((near) => near.toMs)) });
    }
    this.held = this.windows.events();
    for (const notify of this.subscribers) notify();
  }

  // A window fetched ahead changes nothing on screen: the calendar reads it in when the page is idle.
  private publishLater(): void {
    if (this.publishWhenIdle) return;
    this.publishWhenIdle = true;
    this.deps.whenIdle(() => this.publishWhenIdle && this.publish());
  }

  private isShown(range: TimeRange): boolean {
    return this.shown !== null && rangeContains(range, this.shown.range);
  }

  /** A request on its way, for others to wait on; forgotten when it ends, unless a refetch forgot it first. */
  private track(range: TimeRange, events: Promise<CalendarEvent[]>): Promise<CalendarEvent[]> {
    const key = keyOf(range);
    this.inFlight.set(key, { range, events });
    const forget = () => this.inFlight.get(key)?.events === events && this.inFlight.delete(key);
    events.then(forget, forget);
    return events;
  }

  private request(range: TimeRange): Promise<CalendarEvent[]> {
    return this.inFlight.get(keyOf(range))?.events ?? this.track(range, this.deps.fetchWindow(range));
  }

  private fetchAround(): void {
    this.deps.whenIdle(() => {
      if (!this.shown || !this.deps.mayFetchAhead()) return;
      for (const range of this.deps.neighbours(this.shown.viewType, this.shown.range)) {
        if (this.windows.covering(range) || this.inFlight.has(keyOf(range))) continue;
        const asked = this.generation;
        this.request(range).then(
          (events) => {
            if (asked !== this.generation) return;
            this.windows.put({ ...range, fetchedAt: this.deps.now(), events });
            this.publishLater();
          },
          // Fetched ahead: a failure is forgotten, and the window asked for again if it is shown.
          () => undefined,
        );
      }
    });
  }

  private save(window: EventWindow): void {
    if (this.saved.has(window) || !this.isShown(window)) return;
    this.saved.add(window);
    this.deps.shown(window, window.events);
  }

  private arrived(range: TimeRange, events: CalendarEvent[], fetchedAt: number, quietly: boolean, fetched = true, drawNow = false): void {
    const window = { ...range, fetchedAt, events };
    this.windows.put(window);
    if (fetched) this.save(window);
    if (quietly && !drawNow) this.publishLater();
    else this.publish();
    if (!this.isShown(range)) return;
    this.listener?.tooFull(null);
    this.listener?.settled();
    this.fetchAround();
  }

  // A failure speaks only for the period shown, and one fetched quietly (shown already, from memory) only when
  // the offline copy has to stand in for it.
  private async failed(range: TimeRange, error: unknown, quietly: boolean): Promise<void> {
    if (!this.isShown(range)) return;
    const limit = this.deps.tooFullLimit(error);
    if (limit !== null) {
      this.listener?.tooFull(limit);
      return this.listener?.settled();
    }
    try {
      const kept = await this.deps.fallback(range, error);
      this.arrived(range, kept.events, kept.fetchedAt, quietly, false);
    } catch {
      if (!quietly) this.listener?.failed(error);
    }
  }

  private loading(change: 1 | -1): void {
    this.loads += change;
    this.listener?.loading(this.loads > 0);
  }

  /** Quietly: no loading state, no failure told (the window shows already), and drawn when idle unless `drawNow`. */
  private async load(range: TimeRange, quietly: boolean, drawNow = false): Promise<void> {
    const asked = this.generation;
    if (!quietly) this.loading(1);
    try {
      const events = await this.request(range);
      if (asked !== this.generation) return;
      this.arrived(range, events, this.deps.now(), quietly, true, drawNow);
    } catch (error) {
      if (asked === this.generation) await this.failed(range, error, quietly);
    } finally {
      if (!quietly) this.loading(-1);
    }
  }
}

export function createWindowSource(deps: WindowSourceDeps, first: StartedWindow | null): WindowSource {
  return new EventWindowSource(deps, first);
}
