import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LOOP_DELAY_WARN_MS } from '../../src/api/health/event-loop-delay.ts';
import { HEALTH_STORE_WAIT_MS } from '../../src/api/routes/health.ts';
import { build, type TestServer } from './helpers/test-server.ts';

interface Health {
  status: string;
  store: string;
  eventLoop: { delayP99Ms: number; delayMaxMs: number; windowMs: number };
}

/** Keeps the event loop busy for `ms`, as a synchronous parse or purge would. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('health', () => {
  const warnings: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) warnings.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // A short window, so that the test sees one close rather than waiting EVENT_LOOP_WINDOW_MS; long enough that health,
  // asked right after the block, still reports the window that held it (the last one or the one in progress).
  const WINDOW_MS = 1_000;
  let api: TestServer;
  beforeAll(async () => {
    api = await build({ LOG_LEVEL: 'warn' }, undefined, { logStream, eventLoopWindowMs: WINDOW_MS });
  });
  afterAll(() => api.close());

  it('keeps the fields load balancers read, and reports the event loop delay', async () => {
    const response = await api.request<Health>('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      store: 'ready',
      eventLoop: { delayP99Ms: expect.any(Number), delayMaxMs: expect.any(Number), windowMs: WINDOW_MS },
    });
  });

  it('reports a blocked event loop and logs a warning past EVENT_LOOP_DELAY_WARN_MS', async () => {
    blockEventLoop(2 * EVENT_LOOP_DELAY_WARN_MS);
    const response = await api.request<Health>('GET', '/api/health');
    expect(response.body.eventLoop.delayMaxMs).toBeGreaterThanOrEqual(EVENT_LOOP_DELAY_WARN_MS);
    await expect.poll(() => warnings.find((line) => /event loop was blocked/.test(String(line.msg))), { timeout: 5 * WINDOW_MS }).toMatchObject({
      level: 40,
      eventLoop: { delayMaxMs: expect.any(Number), windowMs: WINDOW_MS },
    });
    const warned = warnings.find((line) => /event loop was blocked/.test(String(line.msg))) as { eventLoop: Health['eventLoop'] };
    expect(warned.eventLoop.delayMaxMs).toBeGreaterThan(EVENT_LOOP_DELAY_WARN_MS);
  });

  it(`answers 503 when the store's check does not answer within HEALTH_STORE_WAIT_MS (${HEALTH_STORE_WAIT_MS} ms)`, async () => {
    // Fault injection on the real server's store: a database that accepts the check and never answers it.
    const store = api.server.store as { isReady: () => Promise<boolean> };
    const isReady = store.isReady;
    store.isReady = () => new Promise<boolean>(() => undefined);
    try {
      const response = await api.request<Health>('GET', '/api/health');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'unavailable', store: 'unavailable' });
    } finally {
      store.isReady = isReady;
    }
    expect((await api.request<Health>('GET', '/api/health')).status).toBe(200);
  });
});
