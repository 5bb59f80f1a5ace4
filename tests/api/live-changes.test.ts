import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_LIMIT_RETRY_AFTER_SECONDS } from '../../src/api/live/change-hub.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { normaliseEvent, type CalendarEvent } from '../../src/shared/event-schema.ts';
import type { ChangeNotice, HistoryPage } from '../../src/shared/history-schema.ts';
import { LIVE_REPLAY_MAX, LIVE_STREAMS_PER_USER_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { openSse, type SseClient, type SseEvent } from './helpers/sse-client.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let outsider: string;
let company: Calendar;
const open: SseClient[] = [];

const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });
const notice = (event: SseEvent) => JSON.parse(event.data) as ChangeNotice;
const about = (eventId: string, kind?: string) => (event: SseEvent) => event.event === 'change' && notice(event).eventId === eventId && (!kind || notice(event).kind === kind);

async function stream(server: TestServer, token: string, lastEventId?: string): Promise<SseClient> {
  const client = await openSse(`${server.url}/api/changes`, { token, lastEventId });
  open.push(client);
  expect(client.status).toBe(200);
  return client;
}

async function create(title: string, calendarId = company.id, server = api): Promise<CalendarEvent> {
  const body = { title, start: '2031-01-06T09:00:00Z', end: '2031-01-06T10:00:00Z' };
  const response = await server.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, { token: eddie, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Polls until the hub's counts are back to zero, as they must once every stream is closed. */
async function hubEmpty(server: TestServer): Promise<ReturnType<TestServer['server']['changeHub']['counts']>> {
  const deadline = Date.now() + 3_000;
  while (server.server.changeHub.counts().streams > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return server.server.changeHub.counts();
}

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  outsider = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
});
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await api.close();
});

describe('GET /api/changes', () => {
  it('is an uncompressed, uncached event stream that starts with a comment and the retry delay', async () => {
    const response = await fetch(`${api.url}/api/changes`, { headers: { authorization: `Bearer ${riley}`, 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    // The security headers every answer carries.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^: connected\nretry: 2000\n\n/);
    await reader.cancel();
  });

  it('needs a signed-in caller, and answers GET only', async () => {
    const response = await api.request<Problem>('GET', '/api/changes');
    expect(response.status).toBe(401);
    expect((await fetch(`${api.url}/api/changes`, { method: 'HEAD', headers: { authorization: `Bearer ${riley}` } })).status).toBe(404);
  });

  it('brings a write by one person to another’s stream within a second, with who, what and the version', async () => {
    const reader = await stream(api, riley);
    const writer = await stream(api, eddie);
    const started = performance.now();
    const event = await create('Live one');
    const arrived = await reader.next(about(event.id), { timeoutMs: 1_000 });
    expect(arrived.at - started).toBeLessThan(1_000);
    expect(notice(arrived)).toEqual({
      calendarId: company.id,
      fromCalendarId: null,
      eventId: event.id,
      seriesId: null,
      kind: 'created',
      scope: null,
      recurrenceId: null,
      version: 1,
      by: { id: 'eddie', name: 'Eddie Editor' },
      at: expect.any(String),
    });
    // The event id is the history entry's cursor: what Last-Event-ID sends back.
    const history = await api.request<HistoryPage>('GET', `/api/calendars/${company.id}/events/${event.id}/history`, { token: riley });
    expect(arrived.id).toBe(history.body.entries[0]!.cursor);
    // The writer hears of its own write too (its other tabs do).
    await writer.next(about(event.id));

    const deleted = await api.request('DELETE', `/api/calendars/${company.id}/events/${event.id}`, { token: eddie, headers: ifMatch(1) });
    expect(deleted.status).toBe(204);
    expect(notice(await reader.next(about(event.id, 'deleted')))).toMatchObject({ kind: 'deleted', version: 2 });
    const restored = await api.request('POST', `/api/calendars/${company.id}/trash/${event.id}/restore`, { token: eddie, headers: ifMatch(2) });
    expect(restored.status).toBe(200);
    expect(notice(await reader.next(about(event.id, 'restored')))).toMatchObject({ kind: 'restored', version: 3 });
  });

  it('names a series and the scope of an occurrence change', async () => {
    const reader = await stream(api, riley);
    const series = (await api.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
      token: eddie,
      body: { title: 'Live series', start: '2031-02-03T09:00:00Z', end: '2031-02-03T10:00:00Z', rrule: 'FREQ=DAILY;COUNT=3', extendedProps: { timeZone: 'UTC' } },
    })).body;
    const occurrence = `/api/calendars/${company.id}/events/${series.id}/occurrences/2031-02-04T09:00:00.000Z?scope=this`;
    expect((await api.request('PATCH', occurrence, { token: eddie, body: { title: 'Moved' }, headers: ifMatch(1) })).status).toBe(200);
    const changed = notice(await reader.next(about(series.id, 'updated')));
    expect(changed).toMatchObject({ eventId: series.id, seriesId: series.id, scope: 'this', recurrenceId: '2031-02-04T09:00:00.000Z', version: 2 });
  });

  it('sends nothing from another tenant, and nothing of ours to it', async () => {
    const ours = await stream(api, riley);
    const theirs = await stream(api, outsider);
    const contoso = (await api.request<Calendar>('POST', '/api/calendars', { token: outsider, body: { name: 'Contoso', color: '#123456' } })).body;
    const theirEvent = (await api.request<CalendarEvent>('POST', `/api/calendars/${contoso.id}/events`, {
      token: outsider,
      body: { title: 'Theirs', start: '2031-01-07T09:00:00Z', end: '2031-01-07T10:00:00Z' },
    })).body;
    const ourEvent = await create('Ours');
    await ours.next(about(ourEvent.id));
    await theirs.next(about(theirEvent.id));
    await ours.quietFor(200);
    const seenByUs = ours.events.filter((e) => e.event === 'change').map((e) => notice(e).calendarId);
    const seenByThem = theirs.events.filter((e) => e.event === 'change').map((e) => notice(e).calendarId);
    expect(seenByUs).not.toContain(contoso.id);
    expect(new Set(seenByThem)).toEqual(new Set([contoso.id]));
  });

  it('tells of a calendar going to the trash, and then of none of its events', async () => {
    const reader = await stream(api, riley);
    const calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Going', color: '#445566', editors: ['eddie'] } })).body;
    const createdCalendar = await reader.next((e) => e.event === 'change' && notice(e).calendarId === calendar.id);
    expect(notice(createdCalendar)).toMatchObject({ eventId: null, kind: 'created', by: { id: 'ada' } });
    const event = await create('In a calendar about to go', calendar.id);
    await reader.next(about(event.id));
    expect((await api.request('DELETE', `/api/calendars/${calendar.id}`, { token: ada, headers: ifMatch(calendar.version) })).status).toBe(204);
    const gone = await reader.next((e) => e.event === 'change' && notice(e).calendarId === calendar.id && notice(e).kind === 'deleted');
    expect(notice(gone)).toMatchObject({ eventId: null, calendarId: calendar.id });
    // A reconnect from before the event was written is told of the calendar's deletion, not of the event.
    const replayed = await stream(api, riley, createdCalendar.id);
    await replayed.next((e) => e.id === gone.id);
    expect(replayed.events.some(about(event.id))).toBe(false);
  });

  it('replays to a reconnect what it missed since its Last-Event-ID, in order, then goes on live', async () => {
    const first = await stream(api, riley);
    const seen = await create('Seen');
    const last = await first.next(about(seen.id));
    await first.close();
    const missed = [await create('Missed 1'), await create('Missed 2')];
    const again = await stream(api, riley, last.id);
    const replayed = await again.next(about(missed[1]!.id));
    const changes = again.events.filter((e) => e.event === 'change');
    expect(changes.map((e) => notice(e).eventId)).toEqual(missed.map((event) => event.id));
    expect(replayed.id).not.toBe(last.id);
    const live = await create('After the replay');
    await again.next(about(live.id));
    expect(again.events.filter((e) => e.event === 'change').map((e) => notice(e).eventId)).toEqual([...missed, live].map((event) => event.id));
  });

  it('tells a reconnect whose Last-Event-ID it cannot replay to refetch, then goes on live', async () => {
    const client = await stream(api, riley, 'not-a-cursor-we-gave');
    const refetch = await client.next((e) => e.event === 'refetch');
    expect(refetch.data).toBe('{}');
    const event = await create('After a refetch');
    await client.next(about(event.id));
  });

  it('reads a tenant’s calendar list once for many notices, and again only after a change to a calendar', async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
    const store = api.server.store;
    const actor = { id: 'eddie', name: 'Eddie Editor' };
    const draft = (title: string) => {
      const result = normaliseEvent({ title, start: '2031-04-01T09:00:00Z', end: '2031-04-01T10:00:00Z' });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      return result.draft;
    };
    const client = await stream(api, riley);
    const lists = vi.spyOn(store.calendars, 'list');
    try {
      // Straight through the store: the services read calendars too, and only the hub's reads are counted here.
      const written = [];
      for (let i = 0; i < 5; i++) written.push(await store.events.create({ tenantId: company.tenantId, calendarId: company.id, draft: draft(`Counted ${i}`), actor }));
      await client.next(about(written[4]!.id));
      expect(client.events.filter((e) => e.event === 'change').map((e) => notice(e).eventId)).toEqual(written.map((event) => event.id));
      expect(lists).toHaveBeenCalledTimes(1);
      const calendar = await store.calendars.create({ tenantId: company.tenantId, input: { name: 'Listed anew', color: '#112233', description: '', editors: [] }, actor });
      const inIt = await store.events.create({ tenantId: company.tenantId, calendarId: calendar.id, draft: draft('In the new calendar'), actor });
      await client.next(about(inIt.id));
      expect(lists).toHaveBeenCalledTimes(2);
    } finally {
      lists.mockRestore();
    }
  });

  it(`replays at most ${LIVE_REPLAY_MAX} changes: further behind, a reconnect is told to refetch`, async () => {
    // Riley's earlier streams closed: each person may hold only a few.
    await Promise.all(open.splice(0).map((client) => client.close()));
    const client = await stream(api, riley);
    const mark = await client.next(about((await create('Mark')).id));
    const draftAt = (i: number) => {
      const result = normaliseEvent({ title: `Batch ${i}`, start: '2031-03-03T09:00:00Z', end: '2031-03-03T10:00:00Z' });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      return result.draft;
    };
    const batch = (count: number) =>
      api.server.store.events.writeBatch({ tenantId: company.tenantId, calendarId: company.id, actor: { id: 'eddie', name: 'Eddie Editor' }, creates: Array.from({ length: count }, (_, i) => draftAt(i)), updates: [] });
    const written = await batch(LIVE_REPLAY_MAX);
    const full = await stream(api, riley, mark.id);
    await full.next(about(written.at(-1)!.id), { timeoutMs: 10_000 });
    expect(full.events.filter((e) => e.event === 'change')).toHaveLength(LIVE_REPLAY_MAX);
    expect(full.events.some((e) => e.event === 'refetch')).toBe(false);
    await batch(1);
    const behind = await stream(api, riley, mark.id);
    await behind.next((e) => e.event === 'refetch');
    expect(behind.events.filter((e) => e.event === 'change' && e.at <= behind.events.find((r) => r.event === 'refetch')!.at)).toEqual([]);
  });

  it(`allows ${LIVE_STREAMS_PER_USER_MAX} streams per person: the next is a 429 with Retry-After`, async () => {
    const token = await api.mintToken({ oid: 'many-tabs', tid: company.tenantId, name: 'Many Tabs' });
    const streams = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_USER_MAX }, () => stream(api, token)));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await openSse(`${api.url}/api/changes`, { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(LIVE_LIMIT_RETRY_AFTER_SECONDS));
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    // Someone else still gets theirs.
    expect((await stream(api, riley)).status).toBe(200);
    await streams[0]!.close();
    const deadline = Date.now() + 2_000;
    let next = await openSse(`${api.url}/api/changes`, { token });
    while (next.status === 429 && Date.now() < deadline) next = await openSse(`${api.url}/api/changes`, { token });
    open.push(next);
    expect(next.status).toBe(200);
  });

  it('ends a stream when the token it was opened with expires', async () => {
    const token = await api.mintToken({ oid: 'riley', tid: company.tenantId, name: 'Riley Reader' }, { expiresIn: 2 });
    const client = await stream(api, token);
    const started = performance.now();
    const ended = await Promise.race([client.ended.then(() => true), new Promise((resolve) => setTimeout(resolve, 5_000, false))]);
    expect(ended).toBe(true);
    expect(performance.now() - started).toBeLessThan(3_500);
  });

  it('leaves nothing behind: the hub’s counts go back to zero when many streams close', async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
    expect(await hubEmpty(api)).toEqual({ streams: 0, users: 0, tenants: 0, listening: false });
    for (let round = 0; round < 5; round++) {
      const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => stream(api, [ada, eddie, riley][i % 3]!)));
      expect(api.server.changeHub.counts()).toMatchObject({ streams: 8, listening: true });
      await Promise.all(open.splice(0).map((client) => client.close()));
      void clients;
    }
    expect(await hubEmpty(api)).toEqual({ streams: 0, users: 0, tenants: 0, listening: false });
  });

  it('counts nothing for clients gone before their stream opened', async () => {
    // Each asks and hangs up at once, some with a token seen before (checked at once), some with new ones (checked later):
    // without the check for it, some of these stayed counted for good.
    const tokens = await Promise.all(Array.from({ length: 40 }, (_, i) => api.mintToken({ oid: `gone-${i}`, tid: company.tenantId, name: 'Gone' })));
    for (const token of [...tokens, ...tokens]) {
      const socket = connect(Number(new URL(api.url).port), '127.0.0.1');
      socket.write(`GET /api/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`, () => socket.destroy());
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await hubEmpty(api)).toEqual({ streams: 0, users: 0, tenants: 0, listening: false });
  });
});

describe('an instance’s limit and heartbeat', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await build({}, undefined, { live: { perInstanceMax: 2, heartbeatMs: 100 } });
  });
  afterAll(() => small.close());

  it('refuses a stream past the instance’s limit with a 429, and sends heartbeats', async () => {
    const token = await small.tokenFor('riley');
    const [first] = [await stream(small, token), await stream(small, await small.tokenFor('eddie'))];
    const refused = await openSse(`${small.url}/api/changes`, { token: await small.tokenFor('ada') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(LIVE_LIMIT_RETRY_AFTER_SECONDS));
    await first!.quietFor(350);
    expect(first!.comments.filter((comment) => comment === 'ping').length).toBeGreaterThanOrEqual(2);
  });

  it('ends its streams when the server closes, so that closing does not wait on them', async () => {
    const other = await build({}, undefined, { live: { heartbeatMs: 100 } });
    const client = await openSse(`${other.url}/api/changes`, { token: await other.tokenFor('riley') });
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    await client.close();
  });
});

describe('a client that stops reading', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await build({}, undefined, { live: { backlogBytesMax: 16 * 1024 } });
  });
  afterAll(() => slow.close());

  it('is closed once its backlog passes the bound, rather than held in the server’s memory', async () => {
    const token = await slow.tokenFor('riley');
    const calendarId = (await slow.request<Calendar[]>('GET', '/api/calendars', { token })).body.find((c) => c.name === 'Company')!.id;
    // A socket that asks for the stream and never reads a byte of it.
    const socket = connect(Number(new URL(slow.url).port), '127.0.0.1');
    socket.pause();
    socket.write(`GET /api/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return done();
    };
    expect(await until(() => slow.server.changeHub.counts().streams === 1)).toBe(true);
    const draft = (i: number) => {
      const result = normaliseEvent({ title: `Unread ${i} ${'x'.repeat(150)}`, start: '2031-05-01T09:00:00Z', end: '2031-05-01T10:00:00Z' });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      return result.draft;
    };
    // Notices of a few hundred bytes each, far more than the socket's buffers and the bound hold together.
    for (let round = 0; round < 10 && slow.server.changeHub.counts().streams > 0; round++) {
      await slow.server.store.events.writeBatch({ tenantId: company.tenantId, calendarId, actor: { id: 'eddie', name: 'Eddie Editor' }, creates: Array.from({ length: 400 }, (_, i) => draft(i)), updates: [] });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await until(() => slow.server.changeHub.counts().streams === 0)).toBe(true);
    socket.resume();
    await closed;
  });
});

describe('the access log', () => {
  it('writes one line for a stream when it ends, with its whole duration', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
        done();
      },
    });
    const server = await build({ LOG_LEVEL: 'info' }, undefined, { logStream });
    try {
      const client = await openSse(`${server.url}/api/changes`, { token: await server.tokenFor('riley') });
      await client.quietFor(150);
      expect(lines.filter((line) => line.url === '/api/changes')).toEqual([]);
      await client.close();
      const deadline = Date.now() + 2_000;
      while (!lines.some((line) => line.url === '/api/changes') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const logged = lines.filter((line) => line.url === '/api/changes');
      expect(logged).toHaveLength(1);
      // On Cosmos the change feed may still bring the demo seed's writes to a stream opened right after them.
      expect(logged[0]).toMatchObject({ msg: 'answered', method: 'GET', status: 200, notices: expect.any(Number) });
      expect(logged[0]!.ms).toBeGreaterThanOrEqual(150);
    } finally {
      await server.close();
    }
  });
});
