import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS, STORE_CALL_DEADLINE_MS } from '../../../src/api/stores/repository.ts';
import type { Calendar } from '../../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../src/shared/event-schema.ts';
import type { SearchHit, SearchPage } from '../../../src/shared/search-schema.ts';
import { OUTCOME_UNKNOWN_TYPE, type Problem } from '../../../src/shared/problem.ts';
import { startFaultProxy, type FaultMode, type FaultOptions, type FaultProxy } from '../../support/fault-proxy.ts';
import { build, type ApiResponse, type TestServer } from '../helpers/test-server.ts';

// The API over a Cosmos DB that fails as a network and a cloud do: a TCP proxy between the store and the protocol
// server hangs, delays, resets or drops answers. Only the api-cosmos project runs this folder. What landed is checked,
// and keyed requests are sent again, through a second instance over the same database, straight to the server: as
// behind a load balancer, and unhurried by the faulted instance's deadline.

/**
 * The faulted instance's deadline: twice the default, because the local protocol server, shared with the rest of the
 * suite, can stall for seconds (a 5,000-event window elsewhere) and a stall must not pass for a fault.
 */
const DEADLINE_MS = 2 * STORE_CALL_DEADLINE_MS;
/**
 * What a request may wait, at most, once the store fails: its deadline and a second. Measured from the fault (the answer
 * the proxy dropped, or the hang), not from the request: what came before it is the store at work, as slow as the
 * machine is.
 */
const ANSWER_BUDGET_MS = DEADLINE_MS + 1_000;
/** A test that waits for the deadline more than once. */
const SEVERAL_DEADLINES_MS = 6 * DEADLINE_MS;
/**
 * A create carrying a description this long sends a request far bigger than any read, query or counter bump of the
 * store: the size the proxy aims its faults at (it cannot see inside TLS).
 */
const LONG_DESCRIPTION = `<p>${'An agenda that makes the write big. '.repeat(250)}</p>`;
const WRITE_BYTES_AT_LEAST = 8_000;

let proxy: FaultProxy;
let api: TestServer;
let checker: TestServer;
let eddie: string;
let company: Calendar;

beforeAll(async () => {
  proxy = await startFaultProxy(process.env.TEST_COSMOS_ENDPOINT!);
  api = await build({ COSMOS_ENDPOINT: proxy.endpoint, COSMOS_REQUEST_DEADLINE_MS: String(DEADLINE_MS) });
  checker = await build({}, api.dataDir);
  eddie = await api.tokenFor('eddie');
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
});
afterEach(() => proxy.set('pass'));
afterAll(async () => {
  await checker.close({ keepData: true });
  await api.close();
  await proxy.close();
});

const eventsPath = () => `/api/calendars/${company.id}/events`;

function newEvent(title: string) {
  return { title, start: '2031-03-03T09:00:00Z', end: '2031-03-03T10:00:00Z', extendedProps: { description: LONG_DESCRIPTION } };
}

/** The answer, and how long it took: from the request, or from the proxy's next fault when one is aimed at it. */
async function timed<T>(send: () => Promise<ApiResponse<T>>, { fromFault = false } = {}): Promise<ApiResponse<T> & { ms: number }> {
  const started = performance.now();
  const fault = fromFault ? proxy.faulted(proxy.faults + 1) : Promise.resolve(started);
  const response = await send();
  const ended = performance.now();
  return { ...response, ms: ended - (await fault) };
}

/**
 * The events with this title as the store holds them, found by search (which reads the store, where the feed may answer
 * from another instance's cache until a failed write's change-version bump lands: data-design.md, Change versions).
 */
async function stored(title: string): Promise<SearchHit[]> {
  const found = await checker.request<SearchPage>('GET', `/api/search?q=${encodeURIComponent(title)}`, { token: eddie });
  expect(found.status).toBe(200);
  return found.body.hits.filter((hit) => hit.title === title);
}

function expectOutcomeUnknown(response: ApiResponse<unknown>): void {
  expect(response.status).toBe(503);
  expect((response.body as Problem).type).toBe(OUTCOME_UNKNOWN_TYPE);
  expect(response.headers.get('retry-after')).toBe(String(OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS));
}

describe('a store that accepts connections and never answers', () => {
  it('costs health, a read and a write each no more than the store deadline and a second, and says so truthfully', { timeout: SEVERAL_DEADLINES_MS }, async () => {
    proxy.set('hang');
    const [health, read, write] = await Promise.all([
      timed(() => api.request<{ status: string }>('GET', '/api/health')),
      timed(() => api.request<Problem>('GET', '/api/calendars', { token: eddie })),
      timed(() => api.request<Problem>('POST', eventsPath(), { token: eddie, body: newEvent('Never answered') })),
    ]);
    for (const response of [health, read, write]) expect(response.ms).toBeLessThan(ANSWER_BUDGET_MS);
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unavailable');
    // Nothing was sent to write: the store never answered the calendar's read, so "try again" is the truth.
    for (const response of [read, write]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((response.body as Problem).type).not.toBe(OUTCOME_UNKNOWN_TYPE);
    }
    proxy.set('pass');
    expect(await stored('Never answered')).toEqual([]);
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  });
});

describe('a write whose answer is lost', () => {
  it('is answered outcome unknown, never a plain "try again", when the connection is reset after the write landed', async () => {
    proxy.set('reset', { requestBytesAtLeast: WRITE_BYTES_AT_LEAST });
    const response = await timed(() => api.request('POST', eventsPath(), { token: eddie, body: newEvent('Reset after landing') }), { fromFault: true });
    expectOutcomeUnknown(response);
    expect(response.ms).toBeLessThan(ANSWER_BUDGET_MS);
    proxy.set('pass');
    // The write did land: the truth was "may or may not have been saved".
    expect(await stored('Reset after landing')).toHaveLength(1);
  });

  it('is answered outcome unknown within the deadline and a second when the answer never comes', { timeout: SEVERAL_DEADLINES_MS }, async () => {
    proxy.set('drop', { requestBytesAtLeast: WRITE_BYTES_AT_LEAST });
    const response = await timed(() => api.request('POST', eventsPath(), { token: eddie, body: newEvent('Answer dropped') }), { fromFault: true });
    expectOutcomeUnknown(response);
    expect(response.ms).toBeLessThan(ANSWER_BUDGET_MS);
    proxy.set('pass');
    expect(await stored('Answer dropped')).toHaveLength(1);
  });
});

describe('a slow store', () => {
  it('answers every write it acknowledged, stored, when each answer is held back', async () => {
    proxy.set('delay', { delayMs: 50 });
    const response = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: newEvent('Slowly written') });
    expect(response.status).toBe(201);
    proxy.set('pass');
    expect((await stored('Slowly written')).map((event) => event.id)).toEqual([response.body.id]);
  });
});

describe('keyed writes through every fault', () => {
  const faults: [FaultMode, FaultOptions][] = [
    ['reset', { requestBytesAtLeast: WRITE_BYTES_AT_LEAST }],
    ['drop', { requestBytesAtLeast: WRITE_BYTES_AT_LEAST }],
    ['hang', {}],
    ['delay', { delayMs: 20 }],
    ['pass', {}],
  ];

  it('are never lost once acknowledged, never answered "try again" once stored, and never doubled by a retry with their key', { timeout: SEVERAL_DEADLINES_MS }, async () => {
    const sent = [];
    for (const [mode, options] of faults) {
      proxy.set(mode, options);
      const key = randomUUID();
      const title = `Keyed through ${mode} ${key.slice(0, 8)}`;
      const send = () => api.request<CalendarEvent | Problem>('POST', eventsPath(), { token: eddie, body: newEvent(title), headers: { 'idempotency-key': `"${key}"` } });
      const response = await timed(send, { fromFault: mode === 'reset' || mode === 'drop' });
      // Only a fault is bounded: a delayed or passed request is the store at work.
      if (mode !== 'delay' && mode !== 'pass') expect(response.ms, mode).toBeLessThan(ANSWER_BUDGET_MS);
      sent.push({ mode, key, title, response });
    }
    proxy.set('pass');
    for (const { mode, title, response } of sent) {
      const found = await stored(title);
      if (response.status === 201) expect(found, `${mode}: acknowledged`).toHaveLength(1);
      // A plain retryable answer promises nothing was written.
      else if ((response.body as Problem).type !== OUTCOME_UNKNOWN_TYPE) expect(found, `${mode}: "try again"`).toEqual([]);
    }
    // Every request sent again with its key, as the web app does: each settles, once.
    for (const { mode, key, title, response } of sent) {
      const again = await checker.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: newEvent(title), headers: { 'idempotency-key': `"${key}"` } });
      expect(again.status, mode).toBe(201);
      if (response.status === 201) expect(again.body).toEqual(response.body);
      expect((await stored(title)).map((event) => event.id), mode).toEqual([again.body.id]);
    }
    expect(sent.map(({ mode, response }) => [mode, response.status])).toEqual([
      ['reset', 503],
      ['drop', 503],
      ['hang', 503],
      ['delay', 201],
      ['pass', 201],
    ]);
  });
});

describe('a keyed import whose answer is lost', () => {
  /** Three events whose descriptions make the import's one transactional batch far bigger than any other request. */
  function icsFile(prefix: string): string {
    const description = 'An agenda long enough to make the batch big. '.repeat(40);
    const events = [1, 2, 3].flatMap((n) => [
      'BEGIN:VEVENT',
      `UID:${prefix}-${n}@faults`,
      'DTSTAMP:20310101T000000Z',
      `DTSTART:2031030${n + 3}T090000Z`,
      `DTEND:2031030${n + 3}T100000Z`,
      `SUMMARY:${prefix} ${n}`,
      `DESCRIPTION:${description}`,
      'END:VEVENT',
    ]);
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//faults//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
  }

  async function importWithKey(server: TestServer, body: string, key: string): Promise<ApiResponse<unknown>> {
    const response = await fetch(`${server.url}/api/calendars/${company.id}/import?timeZone=UTC`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eddie}`, 'content-type': 'text/calendar', 'idempotency-key': `"${key}"` },
      body,
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  }

  it('is answered outcome unknown after a reset, and sent again with its key answers the first import, never a second', async () => {
    const prefix = `Imported ${randomUUID().slice(0, 8)}`;
    const body = icsFile(prefix);
    const key = randomUUID();
    const faults = proxy.faults;
    proxy.set('reset', { requestBytesAtLeast: WRITE_BYTES_AT_LEAST });
    const lost = await importWithKey(api, body, key);
    expectOutcomeUnknown(lost);
    expect(proxy.faults).toBe(faults + 1);
    proxy.set('pass');
    const again = await importWithKey(checker, body, key);
    expect(again).toMatchObject({ status: 200, body: { created: 3, updated: 0, unchanged: 0 } });
    for (const n of [1, 2, 3]) expect(await stored(`${prefix} ${n}`), `event ${n}`).toHaveLength(1);
  });
});
