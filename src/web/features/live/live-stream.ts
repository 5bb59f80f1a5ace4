import { changeNoticeSchema, type ChangeNotice } from '../../../shared/history-schema.ts';
import { LIVE_HEARTBEAT_MS } from '../../../shared/limits.ts';
import type { GetAccessToken } from '../../lib/api-client.ts';
import { reconnectDelay } from './reconnect-delay.ts';
import { createSseParser, type SseMessage } from './sse-parser.ts';

/** The API's stream of change notices (text/event-stream). */
export const LIVE_PATH = '/api/changes';

/**
 * Nothing at all, not even a heartbeat, for this long: the connection is taken for dead (a proxy may hold a dropped
 * one open without a word) and opened again.
 */
export const LIVE_STALL_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;

export interface LiveStreamDeps {
  getAccessToken: GetAccessToken;
  fetch: typeof fetch;
  onNotice(notice: ChangeNotice): void;
  /** Changes may have been missed (a gap the server could not replay, or a connection opened with nothing to replay from). */
  onRefetch(): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  random?: () => number;
}

export interface LiveStream {
  /** Opens the stream (again), replaying from the last change heard. */
  start(): void;
  /** Closes it, keeping the last change heard for the next start. */
  stop(): void;
  /** Waiting to reconnect: do it now (the network came back). */
  reconnectNow(): void;
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * The live stream of one page: GET /api/changes read with fetch (the bearer token in a header, never in the URL),
 * opened again after any drop with Last-Event-ID and backing off with jitter (1 s doubling to 30 s; at least a 429's
 * Retry-After), with a fresh token after a 401. A stream that goes silent past LIVE_STALL_MS is dropped and reopened.
 */
class LiveConnection implements LiveStream {
  private readonly deps: LiveStreamDeps;
  private lastEventId = '';
  private attempt = 0;
  private running = false;
  private forceRefresh = false;
  private openedBefore = false;
  private abort: AbortController | null = null;
  private retryTimer: unknown = null;
  private stallTimer: unknown = null;

  constructor(deps: LiveStreamDeps) {
    this.deps = deps;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.clearTimers();
    this.abort?.abort();
    this.abort = null;
  }

  reconnectNow(): void {
    if (!this.running || this.retryTimer === null) return;
    this.deps.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.connect();
  }

  private clearTimers(): void {
    for (const timer of [this.retryTimer, this.stallTimer]) if (timer !== null) this.deps.clearTimeout(timer);
    this.retryTimer = null;
    this.stallTimer = null;
  }

  private async connect(): Promise<void> {
    const abort = new AbortController();
    this.abort = abort;
    let wait = 0;
    try {
      wait = await this.open(abort.signal);
    } catch {
      // Dropped, refused or stalled: tried again below, unless stopped.
    }
    if (this.abort === abort) this.abort = null;
    if (this.stallTimer !== null) this.deps.clearTimeout(this.stallTimer);
    this.stallTimer = null;
    if (!this.running) return;
    const delay = Math.max(reconnectDelay(this.attempt++, this.deps.random), wait);
    this.retryTimer = this.deps.setTimeout(() => {
      this.retryTimer = null;
      if (this.running) void this.connect();
    }, delay);
  }

  /** One connection, read to its end; the least wait before the next (a 429's Retry-After). */
  private async open(signal: AbortSignal): Promise<number> {
    const token = await this.deps.getAccessToken(this.forceRefresh ? { forceRefresh: true } : undefined);
    this.forceRefresh = false;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
    const response = await this.deps.fetch(LIVE_PATH, { headers, signal, cache: 'no-store' });
    if (response.status === 401) this.forceRefresh = true;
    if (response.status === 429) return retryAfterMs(response);
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return 0;
    // Reopened with nothing to replay from (no change heard before the drop): what the page shows may be behind. The
    // first opening is not: the page's first events came just before it (a change in between shows with the next).
    if (!this.lastEventId && this.openedBefore) this.deps.onRefetch();
    this.openedBefore = true;
    await this.read(response.body, signal);
    return 0;
  }

  private async read(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser({ onMessage: (message) => this.message(message) }, this.lastEventId);
    const abort = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', abort);
    try {
      this.armStall();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        // Bytes came: the connection works, and the next drop backs off from the start again.
        this.attempt = 0;
        this.armStall();
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } finally {
      signal.removeEventListener('abort', abort);
    }
  }

  private armStall(): void {
    if (this.stallTimer !== null) this.deps.clearTimeout(this.stallTimer);
    this.stallTimer = this.deps.setTimeout(() => this.abort?.abort(), LIVE_STALL_MS);
  }

  private message({ event, data, lastEventId }: SseMessage): void {
    if (event === 'refetch') this.deps.onRefetch();
    else if (event === 'change') {
      const notice = parseNotice(data);
      if (notice) this.deps.onNotice(notice);
    }
    if (lastEventId) this.lastEventId = lastEventId;
  }
}

function parseNotice(data: string): ChangeNotice | null {
  try {
    const parsed = changeNoticeSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createLiveStream(deps: LiveStreamDeps): LiveStream {
  return new LiveConnection(deps);
}
