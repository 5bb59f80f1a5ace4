import type { ChangeNotice } from '../../../shared/history-schema.ts';
import type { LiveBatch } from '../../lib/live-notices.ts';

/** The timers a batcher runs on: the window's, or a test's. */
export interface BatchClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface NoticeBatcher {
  notice(notice: ChangeNotice): void;
  /** Changes were missed: the next batch says to fetch everything shown again. */
  refetch(): void;
  /** Drops what waits: the stream is gone. */
  stop(): void;
}

/**
 * Gathers live changes into batches delivered at most once per `intervalMs`: the first change after a quiet spell at
 * once, the ones that follow it within the interval together at its end. A burst of writes (an import, a colleague
 * dragging events about) then costs each page one refetch per interval, however many changes it holds.
 */
export function createNoticeBatcher(intervalMs: number, deliver: (batch: LiveBatch) => void, clock: BatchClock): NoticeBatcher {
  let notices: ChangeNotice[] = [];
  let refetch = false;
  let lastDeliveredAt = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (notices.length === 0 && !refetch) return;
    const batch = { notices, refetch };
    notices = [];
    refetch = false;
    lastDeliveredAt = clock.now();
    deliver(batch);
  };
  const schedule = () => {
    if (timer !== null) return;
    const wait = lastDeliveredAt + intervalMs - clock.now();
    if (wait <= 0) flush();
    else timer = clock.setTimeout(flush, wait);
  };

  return {
    notice(notice) {
      notices.push(notice);
      schedule();
    },
    refetch() {
      refetch = true;
      schedule();
    },
    stop() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      notices = [];
      refetch = false;
    },
  };
}
