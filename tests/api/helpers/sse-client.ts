// A client of the live stream (GET /api/changes) as the web app reads it: a GET with the token, the body parsed as
// Server-Sent Events, each event kept with when it arrived.
import { get as httpGet, type IncomingMessage } from 'node:http';

export interface SseEvent {
  /** The event's `id:` field; undefined when it had none. */
  id?: string;
  event: string;
  data: string;
  /** performance.now() when its last line arrived. */
  at: number;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** Every event so far, in order; comments (heartbeats) are counted in `comments`. */
  events: SseEvent[];
  comments: string[];
  /** The first event from `from` on (an index into events) that matches, waiting up to timeoutMs for it. */
  next(match: (event: SseEvent) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<SseEvent>;
  /** Settles when the server ends the stream (or close() is called). */
  ended: Promise<void>;
  /** Waits this long and answers the events that arrived meanwhile. */
  quietFor(ms: number): Promise<SseEvent[]>;
  close(): Promise<void>;
}

/** Splits the stream's text into events and comments as the SSE parsing rules say (LF line ends: the server's). */
function parseBlock(block: string, at: number): { event?: SseEvent; comments: string[] } {
  const comments: string[] = [];
  const fields: Partial<Record<'id' | 'event' | 'data' | 'retry', string>> = {};
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comments.push(line.slice(1).trim());
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') data.push(value);
    else if (name === 'id' || name === 'event' || name === 'retry') fields[name] = value;
  }
  if (data.length === 0) return { comments };
  return { comments, event: { id: fields.id, event: fields.event ?? 'message', data: data.join('\n'), at } };
}

/** A GET on its own connection (fetch's pool may open a spare one a closing server then waits on), read as it arrives. */
function getStream(url: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers, agent: false }, resolve);
    request.on('error', reject);
  });
}

/** Reads the stream to its end (or its destruction), parsing each event as it completes and calling `arrived` after each chunk. */
async function readEvents(response: IncomingMessage, events: SseEvent[], comments: string[], arrived: () => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of response) {
      buffered += decoder.decode(chunk as Buffer, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const parsed = parseBlock(buffered.slice(0, end), performance.now());
        buffered = buffered.slice(end + 2);
        comments.push(...parsed.comments);
        if (parsed.event) events.push(parsed.event);
      }
      arrived();
    }
  } catch {
    // Destroyed by close().
  }
}

export async function openSse(url: string, options: { token?: string; lastEventId?: string } = {}): Promise<SseClient> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const response = await getStream(url, headers);
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const reading = readEvents(response, events, comments, () => {
    for (const wake of waiters) wake();
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);

  return {
    status: response.statusCode!,
    headers: responseHeaders,
    events,
    comments,
    ended: reading,
    async next(match, { from = 0, timeoutMs = 3_000 } = {}) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event + ' ' + e.data))}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    async quietFor(ms) {
      const from = events.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return events.slice(from);
    },
    async close() {
      response.destroy();
      await reading;
    },
  };
}
