import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../../src/shared/history-schema.ts';
import { LIVE_REFETCH_COALESCE_MS } from '../../src/shared/limits.ts';
import { batchTouches, changedEvents } from '../../src/web/features/calendar/hooks/use-live-changes.ts';
import { createNoticeBatcher } from '../../src/web/features/live/notice-batcher.ts';
import { LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MIN_MS, reconnectDelay } from '../../src/web/features/live/reconnect-delay.ts';
import { noticeTouches, publishLiveBatch, subscribeLiveBatches, type LiveBatch } from '../../src/web/lib/live-notices.ts';

function notice(overrides: Partial<ChangeNotice> = {}): ChangeNotice {
  return {
    calendarId: 'company',
    fromCalendarId: null,
    eventId: 'e1',
    seriesId: null,
    kind: 'updated',
    scope: null,
    recurrenceId: null,
    version: 2,
    by: { id: 'ada', name: 'Ada Admin' },
    at: '2027-01-04T09:00:00.000Z',
    ...overrides,
  };
}

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer: unknown) => void timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
    advance(ms: number) {
      now += ms;
      for (const due of timers.filter((timer) => timer.at <= now)) {
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
    pending: () => timers.length,
  };
}

describe('reconnecting with backoff', () => {
  it('waits at least a second, doubling its ceiling up to 30 s, at a random point of its upper half', () => {
    expect(LIVE_RECONNECT_MIN_MS).toBe(1_000);
    expect(LIVE_RECONNECT_MAX_MS).toBe(30_000);
    expect([0, 1, 2, 3, 4, 5, 10, 1000].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([1_000, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
    // Jitter: a hundred pages dropped together come back spread out.
    const spread = new Set(Array.from({ length: 100 }, () => reconnectDelay(4)));
    expect(spread.size).toBeGreaterThan(50);
    for (const delay of spread) expect(delay).toBeGreaterThanOrEqual(8_000);
  });
});

describe('coalescing notices', () => {
  it('delivers the first at once and the rest of the interval together at its end: at most one batch per interval', () => {
    const clock = manualClock();
    const batches: LiveBatch[] = [];
    const batcher = createNoticeBatcher(LIVE_REFETCH_COALESCE_MS, (batch) => batches.push(batch), clock);
    batcher.notice(notice({ eventId: 'a' }));
    expect(batches.map((batch) => batch.notices.map((n) => n.eventId))).toEqual([['a']]);
    for (let index = 0; index < 20; index++) {
      clock.advance(20);
      batcher.notice(notice({ eventId: `b${index}` }));
    }
    batcher.refetch();
    expect(batches).toHaveLength(1);
    clock.advance(LIVE_REFETCH_COALESCE_MS - 400);
    expect(batches).toHaveLength(2);
    expect(batches[1]!.notices).toHaveLength(20);
    expect(batches[1]!.refetch).toBe(true);
    // Quiet for an interval: the next one goes at once again.
    clock.advance(LIVE_REFETCH_COALESCE_MS);
    batcher.notice(notice({ eventId: 'c' }));
    expect(batches).toHaveLength(3);
    expect(batches[2]).toEqual({ notices: [notice({ eventId: 'c' })], refetch: false });
  });

  it('drops what waits when stopped', () => {
    const clock = manualClock();
    const batches: LiveBatch[] = [];
    const batcher = createNoticeBatcher(500, (batch) => batches.push(batch), clock);
    batcher.notice(notice());
    batcher.notice(notice());
    batcher.stop();
    clock.advance(1_000);
    expect(batches).toHaveLength(1);
    expect(clock.pending()).toBe(0);
  });
});

describe('which notices touch what is shown', () => {
  const occurrence = { id: 's1:2027-01-04T09:00:00Z', seriesId: 's1', recurrenceId: '2027-01-04T09:00:00Z' };
  it('matches a single event by id, an occurrence by its series unless another occurrence alone changed', () => {
    expect(noticeTouches(notice({ eventId: 'e1' }), { id: 'e1' })).toBe(true);
    expect(noticeTouches(notice({ eventId: 'e2' }), { id: 'e1' })).toBe(false);
    expect(noticeTouches(notice({ eventId: null }), { id: 'e1' })).toBe(false);
    expect(noticeTouches(notice({ eventId: 's1', seriesId: 's1', scope: 'all' }), occurrence)).toBe(true);
    expect(noticeTouches(notice({ eventId: 's1', seriesId: 's1', scope: 'following', recurrenceId: '2027-01-01T09:00:00.000Z' }), occurrence)).toBe(true);
    expect(noticeTouches(notice({ eventId: 's1', seriesId: 's1', scope: 'this', recurrenceId: '2027-01-04T09:00:00.000Z' }), occurrence)).toBe(true);
    expect(noticeTouches(notice({ eventId: 's1', seriesId: 's1', scope: 'this', recurrenceId: '2027-01-05T09:00:00.000Z' }), occurrence)).toBe(false);
    expect(noticeTouches(notice({ eventId: 's2', seriesId: 's2' }), occurrence)).toBe(false);
  });

  it('refetches the calendar for a change in a calendar shown, one moved out of it, or a refetch; not for others', () => {
    const shown = ['company', 'holidays'];
    expect(batchTouches({ notices: [notice({ calendarId: 'company' })], refetch: false }, shown)).toBe(true);
    expect(batchTouches({ notices: [notice({ calendarId: 'engineering', fromCalendarId: 'holidays', kind: 'moved' })], refetch: false }, shown)).toBe(true);
    expect(batchTouches({ notices: [notice({ calendarId: 'engineering' })], refetch: false }, shown)).toBe(false);
    expect(batchTouches({ notices: [], refetch: true }, shown)).toBe(true);
  });

  it('names the events and series a batch changed, for the windows held to forget; none named on a refetch', () => {
    const batch = { notices: [notice({ eventId: 'e1' }), notice({ eventId: 's1', seriesId: 's1' }), notice({ eventId: null })], refetch: false };
    expect(changedEvents(batch)).toEqual(new Set(['e1', 's1']));
    expect(changedEvents({ ...batch, refetch: true })).toBeUndefined();
  });

  it('hands each batch to every reader until it unsubscribes', () => {
    const heard: string[] = [];
    const stopFirst = subscribeLiveBatches(() => heard.push('first'));
    const stopSecond = subscribeLiveBatches(() => heard.push('second'));
    publishLiveBatch({ notices: [], refetch: true });
    stopFirst();
    publishLiveBatch({ notices: [], refetch: true });
    stopSecond();
    publishLiveBatch({ notices: [], refetch: true });
    expect(heard).toEqual(['first', 'second', 'second']);
  });
});
