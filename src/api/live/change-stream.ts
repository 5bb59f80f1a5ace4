import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeEntry } from '../../shared/history-schema.ts';
import { LIVE_REPLAY_MAX } from '../../shared/limits.ts';
import type { Principal } from '../auth/principal.ts';
import type { Store } from '../stores/repository.ts';
import type { ChangeHub, HubStream } from './change-hub.ts';
import { changeFrame, OPENING_FRAME, PING_FRAME, REFETCH_FRAME, SSE_HEADERS } from './sse-frames.ts';

const LAST_EVENT_ID_MAX_CHARS = 200;
/** How long a replay's entries are remembered, so that the same entries coming live are not sent twice. */
const REPLAYED_KEPT_MS = 10_000;

/**
 * One open stream: frames go straight to the socket once live; while a reconnect's replay is read, live ones wait, so
 * that the client gets them in order and once.
 */
class ChangeStream implements HubStream {
  readonly tenantId: string;
  readonly userId: string;
  notices = 0;
  private waiting: { entry: ChangeEntry; frame: string }[] | null = [];
  /**
   * The entries a replay sent, which may yet come live too: Cosmos's change feed brings an instance the writes of the
   * last second or so after a replay has read them. Forgotten at the first heartbeat after REPLAYED_KEPT_MS.
   */
  private replayed: ReadonlySet<string> | null = null;
  private replayedAt = 0;
  private readonly raw: ServerResponse;
  private readonly backlogBytesMax: number;

  constructor(principal: Principal, raw: ServerResponse, backlogBytesMax: number) {
    this.raw = raw;
    this.backlogBytesMax = backlogBytesMax;
    this.tenantId = principal.tenantId;
    this.userId = principal.id;
  }

  deliver(entry: ChangeEntry, frame: string): void {
    if (this.waiting) this.waiting.push({ entry, frame });
    else if (!this.replayed?.has(entry.id)) this.write(frame);
  }

  ping(): void {
    if (performance.now() - this.replayedAt > REPLAYED_KEPT_MS) this.replayed = null;
    this.write(PING_FRAME);
  }

  end(): void {
    this.raw.end();
  }

  /** After the replay (whose entries are `sent`): what came live meanwhile, then everything as it comes. */
  goLive(sent: ReadonlySet<string>): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    this.replayed = sent.size > 0 ? sent : null;
    this.replayedAt = performance.now();
    for (const { entry, frame } of waiting) this.deliver(entry, frame);
  }

  write(frame: string): void {
    if (this.raw.destroyed || this.raw.writableEnded) return;
    if (this.raw.writableLength > this.backlogBytesMax) {
      this.raw.destroy();
      return;
    }
    if (frame.startsWith('id:')) this.notices++;
    this.raw.write(frame);
  }
}

/** What a reconnect missed since its Last-Event-ID, as the caller may see it; null when it must refetch instead. */
async function missedSince(store: Store, hub: ChangeHub, tenantId: string, after: string): Promise<ChangeEntry[] | null> {
  // No store's cursor is this long: not one it gave out.
  if (after.length > LAST_EVENT_ID_MAX_CHARS) return null;
  const missed = await store.history.since({ tenantId, after, limit: LIVE_REPLAY_MAX + 1 });
  if (missed === null || missed.length > LIVE_REPLAY_MAX) return null;
  return hub.visibleOf(tenantId, missed);
}

async function replay(stream: ChangeStream, store: Store, hub: ChangeHub, lastEventId: string): Promise<Set<string>> {
  const sent = new Set<string>();
  let missed: ChangeEntry[] | null;
  try {
    missed = await missedSince(store, hub, stream.tenantId, lastEventId);
  } catch {
    // Whatever failed, a refetch shows the client the truth.
    missed = null;
  }
  if (missed === null) stream.write(REFETCH_FRAME);
  for (const entry of missed ?? []) {
    sent.add(entry.id);
    stream.write(changeFrame(entry));
  }
  return sent;
}

/** Who opened a stream, and when the token they opened it with expires. */
export interface StreamCaller {
  principal: Principal;
  tokenExpiresAtMs: number;
}

/**
 * GET /api/changes: counts the stream in (429 past a limit, before anything is sent), then takes the reply over from
 * Fastify (no onSend hooks: nothing compresses or buffers it) and writes Server-Sent Events until either side closes.
 * The access log's line for it is written when it ends, with its whole duration.
 */
export async function openChangeStream(hub: ChangeHub, store: Store, request: FastifyRequest, reply: FastifyReply, caller: StreamCaller): Promise<void> {
  const { principal } = caller;
  const stream = new ChangeStream(principal, reply.raw, hub.limits.backlogBytesMax);
  const release = hub.open(stream);
  const opened = performance.now();
  reply.hijack();
  // No stream outlives the token it was opened with: the client reconnects with a fresh one, checked afresh.
  const expiry = setTimeout(() => stream.end(), Math.max(0, caller.tokenExpiresAtMs - Date.now()));
  const closed = () => {
    clearTimeout(expiry);
    release();
    // Fastify logs a hijacked reply when it finishes; one the client closed never does, so it is logged here.
    if (!reply.raw.writableFinished) {
      request.log.info({ method: request.method, url: request.url, status: 200, ms: Math.round(performance.now() - opened), tenant: principal.tenantId, notices: stream.notices }, 'answered');
    }
  };
  // A client gone while the request was authenticated has closed already: no 'close' is coming for it.
  if (request.raw.socket.destroyed) return closed();
  reply.raw.once('close', closed);
  // The security headers the hooks before the handler set, with the stream's own.
  reply.raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...SSE_HEADERS });
  reply.raw.write(OPENING_FRAME);
  const lastEventId = request.headers['last-event-id'];
  const sent = typeof lastEventId === 'string' && lastEventId !== '' ? await replay(stream, store, hub, lastEventId) : new Set<string>();
  stream.goLive(sent);
}
