import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { PREFETCHED_WINDOWS_MAX, PREFETCH_FRESH_MS, createWindowPrefetch } from '../../src/web/features/calendar/lib/window-prefetch.ts';
import type { TimeRange } from '../../src/web/lib/view-ranges.ts';

const DAY = 86_400_000;
const window = (index: number): TimeRange => ({ fromMs: index * 7 * DAY, toMs: (index + 1) * 7 * DAY });
const eventsOf = ({ fromMs }: TimeRange) => [{ id: String(fromMs), title: 'e' } as CalendarEvent];

/** A prefetch over a fetch that answers at once (or fails), counting its calls, on a clock the test sets. */
function rig(fail = false) {
  const fetched: TimeRange[] = [];
  const clock = { now: 0 };
  const prefetch = createWindowPrefetch(
    (range) => {
      fetched.push(range);
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve(eventsOf(range));
    },
    () => clock.now,
  );
  return { prefetch, fetched, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('windows fetched ahead', () => {
  it('hands a window fetched ahead over once, as the events themselves once they are in, without asking again', async () => {
    const { prefetch, fetched } = rig();
    prefetch.prefetch([window(0), window(2)]);
    await settle();
    expect(prefetch.take(window(2))).toEqual(eventsOf(window(2)));
    expect(fetched).toEqual([window(0), window(2)]);
    // Taken: the next ask for it is the view's own.
    expect(prefetch.take(window(2))).toBeNull();
  });

  it('hands over the request itself while it is on its way', async () => {
    const { prefetch } = rig();
    prefetch.prefetch([window(1)]);
    const taken = prefetch.take(window(1));
    expect(taken).toBeInstanceOf(Promise);
    expect(await taken).toEqual(eventsOf(window(1)));
  });

  it('asking for any other window (a refetch after a change, a jump) drops every window fetched ahead', async () => {
    const { prefetch } = rig();
    prefetch.prefetch([window(0), window(2)]);
    await settle();
    expect(prefetch.take(window(1))).toBeNull();
    expect(prefetch.take(window(0))).toBeNull();
    expect(prefetch.take(window(2))).toBeNull();
  });

  it(`is not shown once older than ${PREFETCH_FRESH_MS} ms`, async () => {
    const { prefetch, clock } = rig();
    prefetch.prefetch([window(0), window(2)]);
    await settle();
    clock.now = PREFETCH_FRESH_MS;
    expect(prefetch.take(window(0))).toEqual(eventsOf(window(0)));
    clock.now = PREFETCH_FRESH_MS + 1;
    expect(prefetch.take(window(2))).toBeNull();
  });

  it(`keeps the ${PREFETCHED_WINDOWS_MAX} latest windows, and fetches none it holds already`, async () => {
    const { prefetch, fetched } = rig();
    prefetch.prefetch([window(0), window(2)]);
    prefetch.prefetch([window(2), window(4)]);
    await settle();
    expect(fetched).toEqual([window(0), window(2), window(4)]);
    expect(prefetch.take(window(4))).toEqual(eventsOf(window(4)));
    expect(prefetch.take(window(2))).toEqual(eventsOf(window(2)));
    prefetch.prefetch([window(0), window(2), window(4)]);
    expect(prefetch.take(window(0))).toBeNull();
  });

  it('forgets a window whose fetch failed, silently: the view then asks for it itself', async () => {
    const { prefetch } = rig(true);
    prefetch.prefetch([window(0)]);
    await settle();
    expect(prefetch.take(window(0))).toBeNull();
  });
});
