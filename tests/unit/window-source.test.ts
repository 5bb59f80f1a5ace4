import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DAY_MS } from '../../src/shared/limits.ts';
import { WINDOW_FRESH_MS } from '../../src/web/features/calendar/lib/event-windows.ts';
import { createWindowSource, type StartedWindow, type WindowListener, type WindowSourceDeps } from '../../src/web/features/calendar/lib/window-source.ts';
import type { TimeRange } from '../../src/web/lib/view-ranges.ts';

const START = Date.UTC(2027, 0, 4);
const WEEK = 7 * DAY_MS;
const week = (index: number): TimeRange => ({ fromMs: START + index * WEEK, toMs: START + (index + 1) * WEEK });
const key = (range: TimeRange) => (range.fromMs - START) / WEEK;

function event(id: string, weekIndex: number): CalendarEvent {
  const start = new Date(START + weekIndex * WEEK + 3 * DAY_MS);
  return { id, title: id, start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), allDay: false, extendedProps: { calendarId: 'c' } } as CalendarEvent;
}

class TooFull extends Error {}
class Offline extends Error {}

/** A source over a fake server of one event a week, whose answers the test releases; idle work runs when told. */
function harness(first: StartedWindow | null = null) {
  const asked: number[] = [];
  const pending = new Map<number, { resolve(events: CalendarEvent[]): void; reject(error: unknown): void }>();
  const idle: (() => void)[] = [];
  const heard: string[] = [];
  let now = 0;
  const saved: number[] = [];
  const offlineCopy = new Map<number, CalendarEvent[]>();
  const deps: WindowSourceDeps = {
    fetchWindow: (range) =>
      new Promise((resolve, reject) => {
        asked.push(key(range));
        pending.set(key(range), { resolve, reject });
      }),
    fallback: async (range, error) => {
      const kept = error instanceof Offline ? offlineCopy.get(key(range)) : undefined;
      if (!kept) throw error;
      return { events: kept, fetchedAt: 0 };
    },
    tooFullLimit: (error) => (error instanceof TooFull ? 5_000 : null),
    neighbours: (_type, range) => [week(key(range) - 1), week(key(range) + 1)],
    mayFetchAhead: () => true,
    whenIdle: (work) => void idle.push(work),
    shown: (range) => void saved.push(key(range)),
    now: () => now,
  };
  const listener: WindowListener = {
    loading: (loading) => heard.push(loading ? 'loading' : 'loaded'),
    settled: () => heard.push('settled'),
    tooFull: (limit) => heard.push(`too full ${limit}`),
    failed: (error) => heard.push(`failed ${(error as Error).message}`),
  };
  const source = createWindowSource(deps, first);
  let changes = 0;
  source.subscribe(() => changes++);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    source,
    asked,
    heard,
    saved,
    offlineCopy,
    changes: () => changes,
    held: () => source.events().map((held) => held.id).sort(),
    show: (index: number) => source.show('timeGridWeek', week(index), listener),
    answer: async (index: number, events: CalendarEvent[] | Error) => {
      const waiting = pending.get(index)!;
      pending.delete(index);
      if (events instanceof Error) waiting.reject(events);
      else waiting.resolve(events);
      await flush();
    },
    runIdle: async () => {
      for (const work of idle.splice(0)) work();
      await flush();
    },
    later: (ms: number) => (now += ms),
  };
}

describe('the events source by windows', () => {
  it('fetches the period shown, then the ones either side when idle, and holds them all for the calendar', async () => {
    const { asked, show, answer, runIdle, held, heard, saved } = harness();
    show(0);
    expect(asked).toEqual([0]);
    await answer(0, [event('a', 0)]);
    expect(held()).toEqual(['a']);
    expect(heard).toEqual(['loading', 'too full null', 'settled', 'loaded']);
    expect(saved).toEqual([0]);
    await runIdle();
    expect(asked).toEqual([0, -1, 1]);
    await answer(-1, [event('before', -1)]);
    await answer(1, [event('after', 1)]);
    // Fetched ahead: read in when idle, not the moment they come.
    expect(held()).toEqual(['a']);
    await runIdle();
    expect(held()).toEqual(['a', 'after', 'before']);
  });

  it('draws a period it holds at once: nothing fetched, nothing changed, and its own neighbours asked for when idle', async () => {
    const { asked, show, answer, runIdle, changes, heard } = harness();
    show(0);
    await answer(0, [event('a', 0)]);
    await runIdle();
    await answer(-1, []);
    await answer(1, [event('b', 1)]);
    await runIdle();
    const before = changes();
    heard.length = 0;
    show(1);
    expect(changes()).toBe(before);
    expect(heard).toEqual(['too full null', 'settled']);
    await runIdle();
    expect(asked).toEqual([0, -1, 1, 2]);
  });

  it(`shows an old window as it was and asks for it again after ${WINDOW_FRESH_MS} ms, quietly`, async () => {
    const { asked, show, answer, runIdle, held, heard, later } = harness();
    show(0);
    await answer(0, [event('a', 0)]);
    await runIdle();
    await answer(-1, []);
    await answer(1, []);
    await runIdle();
    show(1);
    later(WINDOW_FRESH_MS + 1);
    heard.length = 0;
    show(0);
    expect(asked.at(-1)).toBe(0);
    await answer(0, [event('renamed', 0)]);
    expect(heard).not.toContain('loading');
    await runIdle();
    expect(held()).toEqual(['renamed']);
  });

  it('waits for the first load’s window rather than asking again, when it holds the period shown', async () => {
    let release: (events: CalendarEvent[]) => void = () => undefined;
    const first = { range: { fromMs: week(0).fromMs, toMs: week(2).toMs }, events: new Promise<CalendarEvent[]>((resolve) => (release = resolve)) };
    const { asked, show, held } = harness(first);
    show(1);
    expect(asked).toEqual([]);
    release([event('first', 1)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(held()).toEqual(['first']);
  });

  it('holds the first load’s events from the start when they are in already, and keeps them offline once shown', () => {
    const { held, show, saved, asked } = harness({ range: week(0), events: [event('ready', 0)] });
    expect(held()).toEqual(['ready']);
    show(0);
    show(0);
    expect(asked).toEqual([]);
    expect(saved).toEqual([0]);
  });

  it('refetches the period shown after a change, forgets the rest, and ignores answers asked for before it', async () => {
    const { source, asked, show, answer, runIdle, held } = harness();
    show(0);
    await answer(0, [event('a', 0)]);
    await runIdle();
    source.refetch();
    expect(asked).toEqual([0, -1, 1, 0]);
    await answer(1, [event('stale', 1)]);
    await answer(0, [event('a2', 0)]);
    await runIdle();
    expect(held()).toEqual(['a2']);
  });

  it('refreshes after a live change quietly: the period shown fetched again and drawn at once, the others on their next showing', async () => {
    const { source, asked, show, answer, runIdle, held, heard } = harness();
    show(0);
    await answer(0, [event('a', 0)]);
    await runIdle();
    await answer(-1, []);
    await answer(1, [event('b', 1)]);
    await runIdle();
    heard.length = 0;
    source.refresh(new Set(['a']));
    expect(asked.slice(3)).toEqual([0]);
    await answer(0, [event('a moved', 0)]);
    // No loading state, no waiting for idle time: the change shows as soon as it is here.
    expect(heard).toEqual(['too full null', 'settled']);
    expect(held()).toEqual(['a moved', 'b']);
    // Its neighbour is drawn as held, and asked for again once shown.
    show(1);
    expect(asked.slice(4)).toEqual([1]);
    await answer(1, [event('b renamed', 1)]);
    await runIdle();
    expect(held()).toContain('b renamed');
  });

  it('forgets what a live change named in every window held: a deleted event leaves, even near a window’s edge', async () => {
    const nearEdge = { ...event('edge', 1), start: new Date(week(1).fromMs + 3_600_000).toISOString(), end: new Date(week(1).fromMs + 7_200_000).toISOString() };
    const { source, show, answer, held } = harness({ range: { fromMs: week(0).fromMs, toMs: week(2).toMs }, events: [event('a', 0), nearEdge] });
    show(1);
    expect(held()).toEqual(['a', 'edge']);
    source.refresh(new Set(['edge']));
    await answer(1, []);
    expect(held()).toEqual(['a']);
  });

  it('after a refresh with nothing named (the stream missed changes), keeps no window but the one fetched again', async () => {
    const { source, show, answer, runIdle, held } = harness();
    show(0);
    await answer(0, [event('a', 0)]);
    await runIdle();
    await answer(-1, [event('before', -1)]);
    await answer(1, []);
    await runIdle();
    source.refresh();
    await answer(0, [event('a', 0)]);
    expect(held()).toEqual(['a']);
  });

  it('tells the limit when the period shown holds too many events, and clears it once one loads', async () => {
    const { show, answer, heard } = harness();
    show(0);
    await answer(0, new TooFull('too many'));
    expect(heard).toEqual(['loading', 'too full 5000', 'settled', 'loaded']);
    show(1);
    await answer(1, []);
    expect(heard.slice(4)).toEqual(['loading', 'too full null', 'settled', 'loaded']);
  });

  it('shows the offline copy when the network fails, and says the failure when there is none', async () => {
    const { show, answer, heard, held, offlineCopy } = harness();
    offlineCopy.set(0, [event('kept', 0)]);
    show(0);
    await answer(0, new Offline('offline'));
    expect(held()).toEqual(['kept']);
    expect(heard).not.toContain('failed offline');
    show(5);
    await answer(5, new Offline('offline'));
    expect(heard).toContain('failed offline');
  });

  it('says nothing of a failure for a period no longer shown, or of one fetched ahead', async () => {
    const { show, answer, runIdle, heard } = harness();
    show(0);
    show(3);
    await answer(0, new Error('late'));
    await answer(3, []);
    await runIdle();
    await answer(2, new Error('ahead'));
    expect(heard.filter((said) => said.startsWith('failed'))).toEqual([]);
  });
});
