import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventService } from '../../src/api/events/event-service.ts';
import { FEED_CACHE_BYTES } from '../../src/api/events/feed-cache.ts';
import { NEGOTIATED_ENCODINGS_MAX } from '../../src/api/http/cached-body-reply.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire: node:http, unlike fetch, decodes nothing. */
  body: Buffer;
}

let api: TestServer;
let eddie: string;
let tenantId: string;
let calendar: Calendar;
let second: Calendar;

function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(path, api.url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The feed's events, decoded from whatever encoding they went out in. */
function eventsOf(response: RawResponse): CalendarEvent[] {
  const encoding = response.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(response.body) : encoding === 'gzip' ? gunzipSync(response.body) : response.body;
  return JSON.parse(bytes.toString('utf8')) as CalendarEvent[];
}

const feedPath = (query = '') => `/api/events?start=2031-05-01&end=2031-06-01&timeZone=UTC${query}`;
const stats = () => api.server.eventService.feedCacheStats();

/** The feed as eddie asks for it, with what the cache did while answering. */
async function feed(path = feedPath(), headers: Record<string, string> = {}, token = eddie) {
  const before = stats();
  const response = await raw('GET', path, { authorization: `Bearer ${token}`, ...headers });
  const after = stats();
  return { response, hits: after.hits - before.hits, misses: after.misses - before.misses };
}

async function addEvent(title: string, calendarId = calendar.id): Promise<CalendarEvent> {
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
    token: eddie,
    body: { title, start: '2031-05-12T09:00:00Z', end: '2031-05-12T10:00:00Z' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  api = await build();
  const ada = await api.tokenFor('ada');
  eddie = await api.tokenFor('eddie');
  tenantId = (await api.request<{ tenantId: string }>('GET', '/api/me', { token: eddie })).body.tenantId;
  const newCalendar = async (name: string) => (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name, color: '#123456', editors: ['eddie'] } })).body;
  calendar = await newCalendar('Cached');
  second = await newCalendar('Cached too');
  await addEvent('First');
});
afterAll(() => api.close());

describe('the feed cache', () => {
  it('serves a second identical request from the cache, with the same body and ETag', async () => {
    const first = await feed();
    const again = await feed();
    expect(first.response.status).toBe(200);
    expect(first.misses).toBe(1);
    expect(again).toMatchObject({ hits: 1, misses: 0 });
    expect(again.response.body.equals(first.response.body)).toBe(true);
    expect(again.response.headers.etag).toBe(first.response.headers.etag);
    expect(eventsOf(again.response).map((event) => event.title)).toContain('First');
  });

  it('builds the body again after a write, with the write in it and another ETag', async () => {
    const before = await feed();
    const added = await addEvent('Added between');
    const after = await feed();
    expect(after.misses).toBe(1);
    expect(eventsOf(after.response).map((event) => event.id)).toContain(added.id);
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
  });

  it('answers 304 with no body to If-None-Match naming any of its tags, without reading the body', async () => {
    const plain = await feed();
    const br = await feed(feedPath(), { 'accept-encoding': 'br' });
    const identityTag = plain.response.headers.etag!;
    const brTag = br.response.headers.etag!;
    expect(identityTag).toMatch(/^"[\w-]+"$/);
    expect(brTag).toBe(identityTag.replace(/"$/, '-br"'));
    for (const ifNoneMatch of [identityTag, brTag, `W/${identityTag}`, `"other", ${brTag}`, '*']) {
      const revalidated = await feed(feedPath(), { 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip' });
      expect(revalidated.response.status, ifNoneMatch).toBe(304);
      expect(revalidated.response.body.length).toBe(0);
      expect(revalidated.response.headers.etag).toBe(identityTag.replace(/"$/, '-gzip"'));
      expect(revalidated).toMatchObject({ hits: 0, misses: 0 });
    }
    const elsewhere = await feed(feedPath(), { 'if-none-match': '"not-this-one"' });
    expect(elsewhere.response.status).toBe(200);
  });

  it('gets 200 with the new body for an ETag from before a write', async () => {
    const before = await feed();
    await addEvent('After the tag');
    const revalidated = await feed(feedPath(), { 'if-none-match': before.response.headers.etag! });
    expect(revalidated.response.status).toBe(200);
    expect(eventsOf(revalidated.response).map((event) => event.title)).toContain('After the tag');
  });

  it('sends the cached body compressed as asked, compressed once, and tells every cache it is private to this user', async () => {
    const plain = eventsOf((await feed()).response);
    for (const [acceptEncoding, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const first = await feed(feedPath(), { 'accept-encoding': acceptEncoding });
      const again = await feed(feedPath(), { 'accept-encoding': acceptEncoding });
      expect(first.response.headers['content-encoding']).toBe(encoding);
      // Decoded once, it is the JSON: nothing compressed it a second time.
      expect(eventsOf(first.response)).toEqual(plain);
      expect(again.response.body.equals(first.response.body)).toBe(true);
      expect(first.response.headers['content-type']).toMatch(/^application\/json/);
      expect(first.response.headers['cache-control']).toBe('private, no-cache');
      expect(first.response.headers.vary).toMatch(/accept-encoding/i);
      expect(first.response.headers.vary).toMatch(/authorization/i);
    }
  });

  it(`chooses the same encoding past the ${NEGOTIATED_ENCODINGS_MAX} Accept-Encoding values it remembers`, async () => {
    const encodingFor = async (acceptEncoding: string) => (await feed(feedPath(), { 'accept-encoding': acceptEncoding })).response.headers['content-encoding'];
    const asked = Array.from({ length: NEGOTIATED_ENCODINGS_MAX + 10 }, (_, i) => [`${i % 2 ? 'gzip' : 'br'}, x-other-${i}`, i % 2 ? 'gzip' : 'br'] as const);
    for (const [acceptEncoding, encoding] of [...asked, ...asked.slice(0, 3), ['x-other', undefined] as const]) {
      expect(await encodingFor(acceptEncoding), acceptEncoding).toBe(encoding);
    }
  });

  it('answers HEAD with the headers alone, and 304 to HEAD as to GET', async () => {
    const get = await feed(feedPath(), { 'accept-encoding': 'br' });
    const head = await raw('HEAD', feedPath(), { authorization: `Bearer ${eddie}`, 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(get.response.headers.etag);
    expect(head.headers['content-encoding']).toBe('br');
    const notModified = await raw('HEAD', feedPath(), { authorization: `Bearer ${eddie}`, 'if-none-match': get.response.headers.etag! });
    expect(notModified.status).toBe(304);
  });

  it('keeps a different zone, window or calendar set apart, and the same set in another order together', async () => {
    await feed(feedPath(`&calendarId=${calendar.id}&calendarId=${second.id}`));
    const reordered = await feed(feedPath(`&calendarId=${second.id}&calendarId=${calendar.id}`));
    expect(reordered).toMatchObject({ hits: 1, misses: 0 });
    const all = (await feed()).response.headers.etag;
    const others = [
      feedPath(`&calendarId=${second.id}`),
      '/api/events?start=2031-05-01&end=2031-06-01&timeZone=Pacific/Auckland',
      '/api/events?start=2031-05-02&end=2031-06-01&timeZone=UTC',
    ];
    for (const path of others) {
      const other = await feed(path);
      expect(other.misses, path).toBe(1);
      expect(other.response.headers.etag, path).not.toBe(all);
    }
    const onlySecond = await feed(feedPath(`&calendarId=${second.id}`));
    expect(eventsOf(onlySecond.response)).toEqual([]);
  });

  it('never gives another tenant a cached body, nor a 304 for this tenant’s ETag', async () => {
    const ours = await feed();
    const outsider = await api.mintToken({ oid: 'eddie', tid: OTHER_TENANT_ID, name: 'Eddie of Contoso' });
    const theirs = await feed(feedPath(), { 'if-none-match': ours.response.headers.etag! }, outsider);
    expect(theirs.response.status).toBe(200);
    expect(theirs.misses).toBe(1);
    expect(eventsOf(theirs.response)).toEqual([]);
    expect(theirs.response.headers.etag).not.toBe(ours.response.headers.etag);
  });

  it('does not keep a window that is too full: each ask is built again and refused', async () => {
    const tight = createEventService(api.server.store, { feedEventsMax: 1 });
    const principal = { id: 'eddie', name: 'Eddie', tenantId, appRoles: [], groups: [] };
    const query = { start: '2031-05-01', end: '2031-06-01', timeZone: 'UTC' };
    for (let ask = 0; ask < 2; ask++) await expect((await tight.feed(principal, query)).body()).rejects.toMatchObject({ status: 422, limit: 1 });
    expect(tight.feedCacheStats()).toMatchObject({ hits: 0, misses: 2, bytes: 0 });
  });

  it(`is bounded by FEED_CACHE_BYTES (${FEED_CACHE_BYTES} bytes) by default, and a smaller bound evicts the least recently used`, async () => {
    expect(createEventService(api.server.store).feedCacheStats().maxBytes).toBe(FEED_CACHE_BYTES);
    const principal = { id: 'eddie', name: 'Eddie', tenantId, appRoles: [], groups: [] };
    const may = { start: '2031-05-01', end: '2031-06-01', timeZone: 'UTC' };
    const mayBytes = (await (await createEventService(api.server.store).feed(principal, may)).body()).json.length;
    // Room for one month's body and its key, not two.
    const small = createEventService(api.server.store, { feedCacheBytes: Math.floor(mayBytes * 1.5) });
    const ask = async (query: typeof may) => (await small.feed(principal, query)).body();
    await ask(may);
    await ask({ ...may, timeZone: 'Europe/Paris' });
    expect(small.feedCacheStats().bytes).toBeLessThanOrEqual(Math.floor(mayBytes * 1.5));
    await ask(may);
    expect(small.feedCacheStats()).toMatchObject({ hits: 0, misses: 3 });
  });
});
