// GET /api/events under 10 keep-alive connections (autocannon), the real server against a bare Fastify server sending
// the same bytes, each a child process whose own CPU time /proc tells: req/s, p50 and p99 latency, CPU per request.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { MONTH_WINDOW_QUERY, SPAN_DAYS } from './bench-data.ts';
import { interleave, type Comparison } from './measure.ts';
import { benchTenant, cpuMsOf, spawnAppServer, spawnServer, type BenchTenant, type ServerProcess } from './server-process.ts';
import { SERVER_ENTRY } from '../../scripts/server-build.ts';

/** Concurrent keep-alive connections, as the issue measured the feed. */
export const FEED_CONNECTIONS = 10;
/** The targets on a cache hit: at least this share of the bare route's req/s, at most this many times its CPU. */
export const FEED_REQ_PER_S_TARGET_RATIO = 0.6;
export const FEED_CPU_TARGET_RATIO = 2;
/** The target for the fixed cost of an authenticated request: at most this many times the bare route's CPU. */
const ME_CPU_TARGET_RATIO = 3;
const ME_PATH = '/api/me';
const ROUND_SECONDS = 3;
const MINUTE = 60_000;
export const FEED_PATH = `/api/events?${new URLSearchParams(MONTH_WINDOW_QUERY)}`;

/** One load round's figures. */
interface LoadRun {
  reqPerS: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

export interface FeedLoad {
  path: string;
  headers: Record<string, string>;
  /** Each request asks for a window never asked before (shifted by a minute each time): the body cache misses. */
  newWindowEach?: boolean;
}

/** The month window shifted by `minutes`: the same events, near enough, in a window no cache has seen. */
function shiftedWindowPath(minutes: number): string {
  const shift = (bound: string) => new Date(Date.parse(`${bound}Z`) + minutes * MINUTE).toISOString().slice(0, 19);
  return `/api/events?${new URLSearchParams({ ...MONTH_WINDOW_QUERY, start: shift(MONTH_WINDOW_QUERY.start), end: shift(MONTH_WINDOW_QUERY.end) })}`;
}

let windowsAsked = 0;

/** `FEED_CONNECTIONS` connections for `seconds`; every answer must be a 200. */
export async function loadFeed(server: ServerProcess, load: FeedLoad, seconds: number): Promise<LoadRun> {
  const cpuBefore = cpuMsOf(server.pid);
  const result = await autocannon({
    url: server.url + load.path,
    connections: FEED_CONNECTIONS,
    duration: seconds,
    headers: load.headers,
    ...(load.newWindowEach ? { requests: [{ setupRequest: (request) => ({ ...request, path: shiftedWindowPath(++windowsAsked) }) }] } : {}),
  });
  const cpuMs = cpuMsOf(server.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${load.path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  const requests = result['2xx'];
  return { reqPerS: requests / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpuMsPerRequest: cpuMs / requests };
}

/** The real server's answer for the window, and a bare server sending those bytes (and their brotli) on the same path. */
export async function bareFeedServer(body: Buffer, dir: string, path = FEED_PATH): Promise<ServerProcess> {
  const bodyFile = join(dir, 'feed.json');
  const brotliFile = join(dir, 'feed.json.br');
  writeFileSync(bodyFile, body);
  writeFileSync(brotliFile, brotliCompressSync(body));
  return spawnServer('tests/bench/bare-feed-server.ts', { BARE_BODY_FILE: bodyFile, BARE_BODY_BR_FILE: brotliFile, BARE_PATH: path.split('?')[0]! });
}

export async function feedBody(server: ServerProcess, token: string, path = FEED_PATH): Promise<Buffer> {
  const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

const BARE_LIMIT = 'bare Fastify server (own process) sending the same bytes';

/** Ours against the limit (the bare server unless named), rounds interleaved: four comparisons out of the same rounds. */
async function compareLoads(
  figure: string,
  rounds: number,
  ours: () => Promise<LoadRun>,
  bare: () => Promise<LoadRun>,
  limit = BARE_LIMIT,
  targets = limit === BARE_LIMIT ? { reqPerS: `target ≥ ${FEED_REQ_PER_S_TARGET_RATIO}× on a cache hit`, cpu: `target ≤ ${FEED_CPU_TARGET_RATIO}× on a cache hit` } : undefined,
): Promise<Comparison[]> {
  const runs = { ours: [] as LoadRun[], bare: [] as LoadRun[] };
  const sampler = (side: 'ours' | 'bare', run: () => Promise<LoadRun>) => async () => {
    const result = await run();
    runs[side].push(result);
    return result.reqPerS;
  };
  const warmup = 1;
  const throughput = await interleave({
    figure: `${figure}, req/s`,
    limit: targets ? `${limit}; ${targets.reqPerS}` : limit,
    unit: 'req/s',
    rounds,
    warmup,
    ours: sampler('ours', ours),
    bare: sampler('bare', bare),
  });
  const of = (pick: (run: LoadRun) => number) => ({ ours: runs.ours.slice(warmup).map(pick), bare: runs.bare.slice(warmup).map(pick) });
  return [
    throughput,
    { figure: `${figure}, p50 latency`, limit, unit: 'ms', ...of((run) => run.p50) },
    { figure: `${figure}, p99 latency`, limit, unit: 'ms', ...of((run) => run.p99) },
    { figure: `${figure}, server CPU per request`, limit: targets ? `${limit}; ${targets.cpu}` : limit, unit: 'ms CPU', ...of((run) => run.cpuMsPerRequest) },
  ];
}

const ENCODINGS = [
  { name: 'uncompressed', headers: { 'accept-encoding': 'identity' } },
  { name: 'br', headers: { 'accept-encoding': 'br' } },
];

async function benchTenantFeed(tenant: BenchTenant, events: number, rounds: number, withMisses: boolean): Promise<Comparison[]> {
  const ours = await spawnAppServer(tenant.env);
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-bare-feed-'));
  const body = await feedBody(ours, tenant.token);
  const bare = await bareFeedServer(body, dir);
  const count = (JSON.parse(body.toString('utf8')) as unknown[]).length;
  const comparisons: Comparison[] = [];
  try {
    for (const { name, headers } of ENCODINGS) {
      const figure = `feed, ${events / 1000}k events in the tenant, ${count} in the window (${(body.length / 1024).toFixed(0)} KiB), ${FEED_CONNECTIONS} connections, ${name}`;
      const load = (server: ServerProcess, extra: Record<string, string>, newWindowEach = false) => () =>
        loadFeed(server, { path: FEED_PATH, headers: { ...headers, ...extra }, newWindowEach }, ROUND_SECONDS);
      const authorised = { authorization: `Bearer ${tenant.token}` };
      comparisons.push(...(await compareLoads(`${figure}, cache hit`, rounds, load(ours, authorised), load(bare, {}))));
      if (withMisses && name === 'uncompressed') {
        comparisons.push(...(await compareLoads(`${figure}, a new window each request`, rounds, load(ours, authorised, true), load(bare, {}))));
        // What the process settings cost in speed, if anything: the same server started with Node's and glibc's defaults.
        const defaults = await spawnServer(SERVER_ENTRY, tenant.env);
        const limit = "the same server with Node's and glibc's defaults (src/api/process-settings.ts unset)";
        comparisons.push(...(await compareLoads(`${figure}, cache hit`, rounds, load(ours, authorised), load(defaults, authorised), limit).finally(() => defaults.stop())));
      }
    }
  } finally {
    await Promise.all([ours.stop(), bare.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
  return comparisons;
}

/**
 * The fixed cost of an authenticated request as a server pays it, HTTP included: GET /api/me on the real server (token,
 * principal, rate limit, security headers, logging) against the bare server sending the same body, each its own process.
 */
async function benchMeLoad(tenant: BenchTenant, rounds: number): Promise<Comparison[]> {
  const ours = await spawnAppServer(tenant.env);
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-bare-me-'));
  const body = await feedBody(ours, tenant.token, ME_PATH);
  const bare = await bareFeedServer(body, dir, ME_PATH);
  const load = (server: ServerProcess, headers: Record<string, string>) => () => loadFeed(server, { path: ME_PATH, headers }, ROUND_SECONDS);
  const targets = { reqPerS: 'no target', cpu: `target ≤ ${ME_CPU_TARGET_RATIO}×` };
  try {
    const figure = `GET /api/me, ${FEED_CONNECTIONS} connections`;
    const comparisons = await compareLoads(figure, rounds, load(ours, { authorization: `Bearer ${tenant.token}` }), load(bare, {}), BARE_LIMIT, targets);
    // Both answer within autocannon's 1 ms resolution: their latencies would only print zeros.
    return comparisons.filter((comparison) => comparison.unit !== 'ms');
  } finally {
    await Promise.all([ours.stop(), bare.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The feed at 10k and 100k events in the demo tenant: the 100k tenant's events reach ten times as far into the past,
 * so that the same month window holds about as many events and the figures differ by the tenant's size alone.
 */
export async function benchFeed(rounds: number): Promise<Comparison[]> {
  const comparisons: Comparison[] = [];
  for (const [events, spanDays] of [[10_000, SPAN_DAYS], [100_000, SPAN_DAYS * 10]] as const) {
    console.log(`feed: ${events} events over ${spanDays} days, ${FEED_CONNECTIONS} connections, ${ROUND_SECONDS} s rounds; servers are child processes (ours as App Service starts it), CPU from /proc`);
    const tenant = await benchTenant(events, spanDays);
    try {
      comparisons.push(...(await benchTenantFeed(tenant, events, rounds, events === 10_000)));
      if (events === 10_000) comparisons.push(...(await benchMeLoad(tenant, rounds)));
    } finally {
      tenant.remove();
    }
  }
  return comparisons;
}
