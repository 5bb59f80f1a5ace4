import { noticeOf, type ChangeEntry } from '../../shared/history-schema.ts';

// The text/event-stream framing of the live stream (GET /api/changes): https://html.spec.whatwg.org/multipage/server-sent-events.html

/** How long a client waits before it reconnects, told once at the start (`retry:`). */
export const SSE_RETRY_MS = 2_000;

/** The first bytes of every stream: a comment, so that proxies and the client see the answer start, and the retry. */
export const OPENING_FRAME = `: connected\nretry: ${SSE_RETRY_MS}\n\n`;

/** A heartbeat: a comment, which clients ignore and proxies count as traffic. */
export const PING_FRAME = ': ping\n\n';

/** A reconnect whose Last-Event-ID cannot be replayed: the client refetches what it shows, then goes on live. */
export const REFETCH_FRAME = 'event: refetch\ndata: {}\n\n';

/** One change: its cursor as the event id (what Last-Event-ID sends back), its notice as the data (JSON, one line). */
export function changeFrame(entry: ChangeEntry): string {
  return `id: ${entry.cursor}\nevent: change\ndata: ${JSON.stringify(noticeOf(entry))}\n\n`;
}

/** The headers of a stream: never cached, transformed or buffered (nginx, App Service's front end), never compressed. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;
