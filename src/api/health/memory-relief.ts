// Giving memory back. V8 collects garbage only as it allocates, and keeps the pages it freed (its page pool, the
// .ics reading thread's included) until a memory-reducing collection: measured, a server left alone after a load kept
// its RSS for good (heapUsed unchanged after a minute), and an ordinary full collection shrank the heap by 100 MB but
// RSS by 15. The memory-reducing one (V8's "last resort" collection, what a low-memory notification asks for) returned
// RSS from 197 MB to 61 in 70 ms. The server runs it when it has been quiet for a while, and under load when RSS
// passes a threshold below FEED_LOAD_RSS_MAX_MB, at most once per interval since each holds the event loop.
import { FEED_LOAD_RSS_MAX_MB } from '../process-settings.ts';

/** How long the server must have received no request before it gives its unused memory back. */
export const MEMORY_RELIEF_IDLE_MS = 10_000;
/** RSS past which the server gives memory back under load: below FEED_LOAD_RSS_MAX_MB by what a burst adds in seconds. */
export const MEMORY_RELIEF_RSS_MB = FEED_LOAD_RSS_MAX_MB - 40;
/** The least time between two reliefs under load: each holds the event loop for 50–150 ms. */
export const MEMORY_RELIEF_INTERVAL_MS = 10_000;
/** How often the server looks at its RSS and its last request. */
export const MEMORY_RELIEF_CHECK_MS = 1_000;

export interface MemoryReliefLimits {
  idleMs: number;
  rssMb: number;
  intervalMs: number;
  checkMs: number;
}

export const DEFAULT_MEMORY_RELIEF_LIMITS: MemoryReliefLimits = {
  idleMs: MEMORY_RELIEF_IDLE_MS,
  rssMb: MEMORY_RELIEF_RSS_MB,
  intervalMs: MEMORY_RELIEF_INTERVAL_MS,
  checkMs: MEMORY_RELIEF_CHECK_MS,
};

/** V8's gc() as --expose-gc gives it (SERVER_NODE_FLAGS): absent without the flag, and then nothing is relieved. */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export interface Relief {
  why: 'idle' | 'rss';
  rssBeforeMb: number;
  rssAfterMb: number;
  ms: number;
}

export interface MemoryReliefParts {
  limits?: Partial<MemoryReliefLimits>;
  collect?: Collect;
  rssBytes?: () => number;
  now?: () => number;
  onRelief?: (relief: Relief) => void;
}

const MB = 1024 * 1024;

/** The relief's timer (unref'd), told of each request; `stop` ends it. Does nothing where gc() is not exposed. */
export function watchMemoryRelief(parts: MemoryReliefParts = {}) {
  const limits = { ...DEFAULT_MEMORY_RELIEF_LIMITS, ...parts.limits };
  const collect = parts.collect ?? (globalThis as { gc?: Collect }).gc;
  const { rssBytes = process.memoryUsage.rss, now = performance.now.bind(performance), onRelief = () => {} } = parts;
  let lastRequest = now();
  let lastRelief = -Infinity;
  /** Whether a request came since the last relief: an idle server is relieved once, not every check. */
  let usedSinceRelief = false;

  const relieve = (why: Relief['why'], rssBefore: number) => {
    const started = now();
    collect!({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    lastRelief = now();
    usedSinceRelief = false;
    onRelief({ why, rssBeforeMb: Math.round(rssBefore / MB), rssAfterMb: Math.round(rssBytes() / MB), ms: Math.round(lastRelief - started) });
  };
  const check = () => {
    const at = now();
    if (usedSinceRelief && at - lastRequest >= limits.idleMs) return relieve('idle', rssBytes());
    const rss = rssBytes();
    if (rss > limits.rssMb * MB && at - lastRelief >= limits.intervalMs) relieve('rss', rss);
  };
  const timer = collect ? setInterval(check, limits.checkMs) : undefined;
  timer?.unref();
  return {
    /** Whether this process can give memory back (started with --expose-gc). */
    active: collect !== undefined,
    noteRequest(): void {
      lastRequest = now();
      usedSinceRelief = true;
    },
    /** One check now, as the timer makes: for tests that turn the clock by hand. */
    check,
    stop(): void {
      clearInterval(timer);
    },
  };
}

export type MemoryReliefWatch = ReturnType<typeof watchMemoryRelief>;
