// GET /api/me and GET /api/events over HTTP, and in CPU, against bare Fastify routes that answer the same bodies.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from '../api/helpers/test-server.ts';
import { SQLITE_FILE_NAME } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { DEMO_TENANT, fillEvents, MONTH_WINDOW_QUERY } from './bench-data.ts';
import { interleave, timed, type Comparison, type Sampler } from './measure.ts';

const EVENTS = 10_000;
const CONCURRENCY = 8;
const SLICE_MS = 500;
const BARE_LIMIT = 'bare Fastify route, no plugins, same body precomputed';
/**
 * Requests per CPU sample: process.cpuUsage advances in scheduler ticks (4 ms here), so a sample must span several; at
 * 100 a sample the bare route's took one or two ticks and its ratio was mostly rounding. Not more: light-my-request
 * keeps about 10 kB per injected request until the server closes, on both sides, and its GC lands in the samples.
 */
const CPU_BATCH = 500;

/** The bare route: what serving this body costs with nothing of ours in the way. */
export async function bareServer(path: string, body: string) {
  const bare = Fastify();
  bare.get(path.split('?')[0]!, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.addresses().find((candidate) => typeof candidate !== 'string')!;
  return { url: `http://127.0.0.1:${address.port}`, server: bare, close: () => bare.close() };
}

/** One GET read to the end, as a browser would: both sides go through this, over fetch's keep-alive pool. */
export async function get(url: string, token?: string): Promise<string> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return text;
}

/** CPU (user + system, ms) per request of this process over a batch of requests. */
function cpuPerRequest(request: () => Promise<unknown>): Sampler {
  return async () => {
    const before = process.cpuUsage();
    for (let i = 0; i < CPU_BATCH; i++) await request();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / CPU_BATCH;
  };
}

/** Requests per second that `CONCURRENCY` clients in this process complete over one slice of time. */
function throughput(request: () => Promise<unknown>): Sampler {
  return async () => {
    let done = 0;
    const started = performance.now();
    const until = started + SLICE_MS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          await request();
          done++;
        }
      }),
    );
    return (done / (performance.now() - started)) * 1000;
  };
}

export async function benchHttp(rounds: number): Promise<Comparison[]> {
  console.log(`http: GET /api/events with ${EVENTS} events in the tenant, a 6-week window, fetch with keep-alive`);
  const api = await build({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const token = await api.tokenFor('riley');
  const calendars = (await api.request<{ id: string }[]>('GET', '/api/calendars', { token })).body.map((c) => c.id);
  fillEvents(api.dataDir, DEMO_TENANT, calendars, EVENTS);
  const path = `/api/events?${new URLSearchParams(MONTH_WINDOW_QUERY)}`;
  const body = await get(api.url + path, token);
  const bare = await bareServer(path, body);
  if ((await get(bare.url + path)) !== body) throw new Error('the bare route does not answer the same body');
  const ours = () => get(api.url + path, token);
  const limit = () => get(bare.url + path);
  const figure = `GET /api/events, ${(JSON.parse(body) as unknown[]).length} events, ${(body.length / 1024).toFixed(0)} KiB`;
  const comparisons = [
    await interleave({ figure: `${figure}, sequential`, limit: BARE_LIMIT, rounds, ours: timed(ours), bare: timed(limit) }),
    await interleave({
      figure: `${figure}, ${CONCURRENCY} concurrent`,
      limit: `the same bare route; ${SLICE_MS} ms slices`,
      unit: 'req/s',
      rounds: 6,
      warmup: 1,
      ours: throughput(ours),
      bare: throughput(limit),
    }),
  ];
  await bare.close();
  await api.close();
  return comparisons;
}

/** A bare route that runs /api/me's one query (the caller's calendars, for the editor role) before sending the same body. */
async function bareServerWithQuery(dataDir: string, body: string) {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const calendars = db.prepare('SELECT * FROM calendars WHERE tenant_id = ? ORDER BY name COLLATE NOCASE, id');
  const bare = Fastify();
  bare.get('/api/me', (_request, reply) => {
    calendars.all(DEMO_TENANT);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  await bare.ready();
  return { server: bare, close: async () => (await bare.close(), db.close()) };
}

/** CPU (user + system, ms) per request of this process over a batch of in-process requests: the server's work alone, no client. */
function injectCpu(server: FastifyInstance, headers: Record<string, string> = {}): Sampler {
  return cpuPerRequest(async () => {
    const response = await server.inject({ method: 'GET', url: '/api/me', headers });
    if (response.statusCode !== 200) throw new Error(`GET /api/me: ${response.statusCode}`);
  });
}

/**
 * The fixed cost of an authenticated request: GET /api/me (token, principal, rate limit, headers, logging, and the
 * tenant's change version, which spares it the calendars query until a write) against a bare route, and against a
 * bare route that runs the calendars query on every request, as /api/me did before.
 */
export async function benchMe(rounds: number): Promise<Comparison[]> {
  console.log('http: GET /api/me with a development token, against a bare route answering the same body');
  const api = await build({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const token = await api.tokenFor('riley');
  const body = await get(`${api.url}/api/me`, token);
  const bare = await bareServer('/api/me', body);
  if ((await get(`${bare.url}/api/me`)) !== body) throw new Error('the bare route does not answer the same body');
  const bareWithQuery = await bareServerWithQuery(api.dataDir, body);
  const ours = injectCpu(api.server, { authorization: `Bearer ${token}` });
  const cpuRounds = Math.max(20, Math.round(rounds / 10));
  const comparisons = [
    await interleave({ figure: 'GET /api/me, sequential', limit: BARE_LIMIT, rounds, ours: timed(() => get(`${api.url}/api/me`, token)), bare: timed(() => get(`${bare.url}/api/me`)) }),
    await interleave({ figure: 'GET /api/me, CPU per request (in-process inject)', limit: `${BARE_LIMIT}; ${CPU_BATCH} requests a sample; target ≤ 3×`, unit: 'ms CPU', rounds: cpuRounds, ours, bare: injectCpu(bare.server) }),
    await interleave({ figure: 'GET /api/me, CPU per request (in-process inject)', limit: 'the bare route running the calendars query (ours reads the change version instead)', unit: 'ms CPU', rounds: cpuRounds, ours, bare: injectCpu(bareWithQuery.server) }),
  ];
  await bareWithQuery.close();
  await bare.close();
  await api.close();
  return comparisons;
}
