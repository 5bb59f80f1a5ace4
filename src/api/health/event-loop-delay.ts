import { monitorEventLoopDelay, type Histogram } from 'node:perf_hooks';

/** How often the event loop's delay is summed up: health reports the last such window and the one in progress. */
export const EVENT_LOOP_WINDOW_MS = 10_000;
/**
 * A window whose worst delay passes this is logged as a warning: every request waiting in it waited this long on top
 * of its own work (health's bound is 1 s, HEALTH_ANSWER_MAX_MS in the attack suite).
 */
export const EVENT_LOOP_DELAY_WARN_MS = 200;
/** The sampling timer's period: finer costs CPU for nothing a person would notice. */
const RESOLUTION_MS = 10;

/** The event loop's delay over a recent window, in whole ms. */
export interface EventLoopDelay {
  delayP99Ms: number;
  delayMaxMs: number;
  windowMs: number;
}

const NS_PER_MS = 1e6;

function summary(histogram: Histogram, windowMs: number): EventLoopDelay {
  // An empty histogram (no sample yet) reads 0 for both.
  return { delayP99Ms: Math.round(histogram.percentile(99) / NS_PER_MS), delayMaxMs: Math.round(histogram.max / NS_PER_MS), windowMs };
}

/**
 * Measures how late the event loop runs timers (perf_hooks), window by window: health reports the worst of the last
 * window and the one in progress, and `onSlowWindow` hears of each window whose worst delay passed the threshold.
 */
export function watchEventLoopDelay(options: { windowMs?: number; warnMs?: number; onSlowWindow: (delay: EventLoopDelay) => void }) {
  const { windowMs = EVENT_LOOP_WINDOW_MS, warnMs = EVENT_LOOP_DELAY_WARN_MS, onSlowWindow } = options;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let last: EventLoopDelay = { delayP99Ms: 0, delayMaxMs: 0, windowMs };
  const timer = setInterval(() => {
    last = summary(histogram, windowMs);
    histogram.reset();
    if (last.delayMaxMs > warnMs) onSlowWindow(last);
  }, windowMs);
  timer.unref();
  return {
    /** The worst of the last whole window and the one in progress. */
    recent(): EventLoopDelay {
      const current = summary(histogram, windowMs);
      return { delayP99Ms: Math.max(last.delayP99Ms, current.delayP99Ms), delayMaxMs: Math.max(last.delayMaxMs, current.delayMaxMs), windowMs };
    },
    stop(): void {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export type EventLoopDelayWatch = ReturnType<typeof watchEventLoopDelay>;
