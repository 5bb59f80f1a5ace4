import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEntry } from '../../shared/history-schema.ts';
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_INSTANCE_MAX, LIVE_STREAMS_PER_USER_MAX } from '../../shared/limits.ts';
import { HttpProblem } from '../errors.ts';
import type { Store } from '../stores/repository.ts';
import { changeFrame } from './sse-frames.ts';

/** What a client told it has too many streams open should wait before it tries again. */
export const LIVE_LIMIT_RETRY_AFTER_SECONDS = 30;

/** One open stream, as the hub sees it: whose, and where its frames go. */
export interface HubStream {
  readonly tenantId: string;
  readonly userId: string;
  /** A change the caller may see, with its frame (made once for every stream of the tenant). */
  deliver(entry: ChangeEntry, frame: string): void;
  ping(): void;
  /** Ends the stream: the server is closing. */
  end(): void;
}

export interface ChangeHubLimits {
  perUserMax: number;
  perInstanceMax: number;
  heartbeatMs: number;
  /** The most bytes a stream may have waiting for a slow client: past it, the stream is closed. */
  backlogBytesMax: number;
}

/**
 * The most bytes a stream may have waiting for a slow client before it is closed: the client reconnects with its
 * Last-Event-ID and is replayed (or refetches), rather than the server holding its backlog.
 */
export const LIVE_STREAM_BACKLOG_BYTES_MAX = 1024 * 1024;

export const DEFAULT_HUB_LIMITS: ChangeHubLimits = {
  perUserMax: LIVE_STREAMS_PER_USER_MAX,
  perInstanceMax: LIVE_STREAMS_PER_INSTANCE_MAX,
  heartbeatMs: LIVE_HEARTBEAT_MS,
  backlogBytesMax: LIVE_STREAM_BACKLOG_BYTES_MAX,
};

export interface ChangeHub {
  readonly limits: ChangeHubLimits;
  /** Counts the stream in and starts delivering to it; throws a 429 past a limit. Returns its release. */
  open(stream: HubStream): () => void;
  /** Of these entries of the tenant, those its members may see now (see `visible`). */
  visibleOf(tenantId: string, entries: readonly ChangeEntry[]): Promise<ChangeEntry[]>;
  /**
   * Streams open now, the people and tenants they are for, and whether the hub listens to the store: back to zero (and
   * not listening) when all are closed.
   */
  counts(): { streams: number; users: number; tenants: number; listening: boolean };
  /** Ends every stream and stops listening. */
  close(): void;
}

interface TenantStreams {
  streams: Set<HubStream>;
  /** The ids of the tenant's calendars that are not trashed, read once and again after a calendar-level change. */
  readable: Promise<ReadonlySet<string>> | null;
  /** Deliveries in the order the store wrote the entries, each after the last. */
  queue: Promise<void>;
}

/**
 * Who may see an entry: every member of the tenant reads every calendar that is not trashed. A calendar's own entries
 * all go out, its deletion too, so that clients drop it; an event's, while its calendar is readable.
 */
function visible(entry: ChangeEntry, readable: ReadonlySet<string>): boolean {
  return entry.eventId === null || readable.has(entry.calendarId);
}

const userKey = (stream: { tenantId: string; userId: string }) => `${stream.tenantId}\n${stream.userId}`;

/** How many streams each person holds on the instance, and all of them: what the limits count. */
class StreamCounts {
  total = 0;
  readonly perUser = new Map<string, number>();

  /** Counts a stream in, or throws the 429 of the limit it would pass. */
  add(stream: HubStream, limits: ChangeHubLimits): void {
    const key = userKey(stream);
    const mine = this.perUser.get(key) ?? 0;
    if (mine >= limits.perUserMax) throw tooManyStreams(`You have ${mine} live streams open already, the most one person may: close a tab, or try again later.`);
    if (this.total >= limits.perInstanceMax) throw tooManyStreams('This server holds as many live streams as it may: try again later.');
    this.perUser.set(key, mine + 1);
    this.total++;
  }

  remove(stream: HubStream): void {
    const key = userKey(stream);
    const left = this.perUser.get(key)! - 1;
    if (left === 0) this.perUser.delete(key);
    else this.perUser.set(key, left);
    this.total--;
  }
}

function tooManyStreams(detail: string): HttpProblem {
  return new HttpProblem(429, 'Too Many Requests', { detail, headers: { 'retry-after': String(LIVE_LIMIT_RETRY_AFTER_SECONDS) } });
}

/**
 * The live stream's fan-out on one instance: ONE subscription to the store's changes (SQLite: this process's writes;
 * Cosmos: every instance's, from the change feed) while any stream is open, each entry sent to the open streams of its
 * tenant that may see it.
 * Only tenants with open streams are kept, and forgotten with their last stream.
 */
export function createChangeHub(store: Store, log: FastifyBaseLogger, limits: ChangeHubLimits = DEFAULT_HUB_LIMITS): ChangeHub {
  const tenants = new Map<string, TenantStreams>();
  const counted = new StreamCounts();

  const readableOf = (tenantId: string, tenant: TenantStreams) =>
    (tenant.readable ??= store.calendars.list({ tenantId }).then((calendars) => new Set(calendars.map((calendar) => calendar.id))));

  function undelivered(tenantId: string, tenant: TenantStreams, error: unknown): void {
    // The calendar list could not be read: it is read again next time; the streams miss this one notice.
    tenant.readable = null;
    log.warn({ err: error, tenant: tenantId }, 'live stream: a change could not be sent');
  }

  async function deliver(tenantId: string, tenant: TenantStreams, entry: ChangeEntry): Promise<void> {
    // A calendar-level change may add, trash or restore a calendar: the list is read again at the next event's.
    if (entry.eventId === null) tenant.readable = null;
    else if (!visible(entry, await readableOf(tenantId, tenant))) return;
    const frame = changeFrame(entry);
    for (const stream of tenant.streams) stream.deliver(entry, frame);
  }

  // In the order written, each tenant's after its last: a delivery may wait on reading the calendar list.
  const listener = (tenantId: string, entry: ChangeEntry) => {
    const tenant = tenants.get(tenantId);
    if (tenant) tenant.queue = tenant.queue.then(() => deliver(tenantId, tenant, entry)).catch((error: unknown) => undelivered(tenantId, tenant, error));
  };
  // Subscribed only while a stream is open: on Cosmos, an instance nobody listens to reads no change feed.
  let unsubscribe: (() => void) | null = null;

  const heartbeat = setInterval(() => {
    for (const tenant of tenants.values()) for (const stream of tenant.streams) stream.ping();
  }, limits.heartbeatMs);
  heartbeat.unref();

  function release(stream: HubStream): void {
    const tenant = tenants.get(stream.tenantId);
    if (!tenant?.streams.delete(stream)) return;
    counted.remove(stream);
    if (tenant.streams.size === 0) tenants.delete(stream.tenantId);
    if (counted.total === 0) {
      unsubscribe?.();
      unsubscribe = null;
    }
  }

  return {
    limits,

    open(stream) {
      counted.add(stream, limits);
      let tenant = tenants.get(stream.tenantId);
      if (!tenant) tenants.set(stream.tenantId, (tenant = { streams: new Set(), readable: null, queue: Promise.resolve() }));
      tenant.streams.add(stream);
      unsubscribe ??= store.history.subscribe(listener);
      return () => release(stream);
    },

    async visibleOf(tenantId, entries) {
      const readable = new Set((await store.calendars.list({ tenantId })).map((calendar) => calendar.id));
      return entries.filter((entry) => visible(entry, readable));
    },

    counts: () => ({ streams: counted.total, users: counted.perUser.size, tenants: tenants.size, listening: unsubscribe !== null }),

    close() {
      clearInterval(heartbeat);
      for (const tenant of [...tenants.values()]) for (const stream of [...tenant.streams]) stream.end();
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
