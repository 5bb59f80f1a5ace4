// The server's resident memory idle, under sustained feed load and a minute after it, against a bare Fastify server
// sending the same bytes under the same load; with the server's own breakdown (heap, external, array buffers).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FEED_LOAD_RSS_MAX_MB } from '../../src/api/process-settings.ts';
import { SPAN_DAYS } from './bench-data.ts';
import { bareFeedServer, FEED_CONNECTIONS, FEED_PATH, feedBody, loadFeed, type FeedLoad } from './feed-bench.ts';
import { quantile, type Comparison } from './measure.ts';
import type { MemoryReport } from './memory-probe.ts';
import { benchTenant, rssMbOf, spawnAppServer, spawnServer, type ServerProcess } from './server-process.ts';
import { SERVER_ENTRY } from '../../scripts/server-build.ts';

/** How long the load lasts: the issue asks for RSS stable over ten minutes. BENCH_MEMORY_MINUTES shortens it. */
export const MEMORY_LOAD_MINUTES = 10;
const EVENTS = 10_000;
const SAMPLE_EVERY_MS = 5_000;
/** How long after the load the server is left idle before its RSS is read again. */
const AFTER_LOAD_MS = 60_000;
const IDLE_SETTLE_MS = 5_000;
const MINUTE = 60_000;
const MB = 2 ** 20;
/** As a browser asks: every request may take a pre-encoded copy. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface MemoryRun {
  idle: number;
  underLoad: number[];
  /** MB per minute over the load's last minute, by least squares. */
  lastMinuteSlope: number;
  after: number;
  breakdown: MemoryReport;
  breakdownAfter: MemoryReport;
  requests: number;
}

/** The least-squares slope of (ms, MB) samples, in MB per minute. */
export function slopePerMinute(samples: readonly (readonly [number, number])[]): number {
  const n = samples.length;
  const meanT = samples.reduce((sum, [t]) => sum + t, 0) / n;
  const meanM = samples.reduce((sum, [, m]) => sum + m, 0) / n;
  const num = samples.reduce((sum, [t, m]) => sum + (t - meanT) * (m - meanM), 0);
  const den = samples.reduce((sum, [t]) => sum + (t - meanT) ** 2, 0);
  return den === 0 ? 0 : (num / den) * MINUTE;
}

async function measureMemory(server: ServerProcess, load: FeedLoad, minutes: number): Promise<MemoryRun> {
  await sleep(IDLE_SETTLE_MS);
  const idle = rssMbOf(server.pid);
  const samples: [number, number][] = [];
  const started = performance.now();
  const sampler = setInterval(() => samples.push([performance.now() - started, rssMbOf(server.pid)]), SAMPLE_EVERY_MS);
  const run = await loadFeed(server, load, Math.round(minutes * 60));
  clearInterval(sampler);
  const breakdown = await server.memory();
  if (process.env.BENCH_HEAP_SNAPSHOT_DIR) await server.heapSnapshot(join(process.env.BENCH_HEAP_SNAPSHOT_DIR, `feed-load-${server.pid}.heapsnapshot`));
  const end = performance.now() - started;
  const lastMinute = samples.filter(([t]) => t >= end - MINUTE);
  await sleep(AFTER_LOAD_MS);
  const after = rssMbOf(server.pid);
  const breakdownAfter = await server.memory();
  return { idle, underLoad: samples.map(([, mb]) => mb), lastMinuteSlope: slopePerMinute(lastMinute), after, breakdown, breakdownAfter, requests: Math.round(run.reqPerS * minutes * 60) };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

export function breakdownText({ rss, heapTotal, heapUsed, heapPhysical, v8Malloced, external, arrayBuffers, spaces }: MemoryReport): string {
  const young = (spaces.new_space ?? 0) + (spaces.new_large_object_space ?? 0);
  return `rss ${mb(rss)}, heapTotal ${mb(heapTotal)} (young ${mb(young)}, physical ${mb(heapPhysical)}), heapUsed ${mb(heapUsed)}, V8's own malloc ${mb(v8Malloced)}, external ${mb(external)} (arrayBuffers ${mb(arrayBuffers)})`;
}

function describe(side: string, run: MemoryRun): string {
  return [
    `memory: ${side}: RSS idle ${run.idle.toFixed(0)} MB; under load min / median / max ${[0, 0.5, 1].map((q) => quantile(run.underLoad, q).toFixed(0)).join(' / ')} MB,`,
    `last minute's slope ${run.lastMinuteSlope.toFixed(1)} MB/min; a minute after ${run.after.toFixed(0)} MB; ${run.requests} requests.`,
    `At the load's end: ${breakdownText(run.breakdown)}; a minute after: ${breakdownText(run.breakdownAfter)}`,
  ].join(' ');
}

type Side = 'ours' | 'defaults' | 'bare';

/** Each side alone on the machine, one after another; the measured server's first request is under the load. */
async function measureSides(minutes: number): Promise<Record<Side, MemoryRun>> {
  const tenant = await benchTenant(EVENTS, SPAN_DAYS);
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-bare-memory-'));
  const runs: Partial<Record<Side, MemoryRun>> = {};
  try {
    const probe = await spawnAppServer(tenant.env);
    const body = await feedBody(probe, tenant.token).finally(() => probe.stop());
    const authorised = { path: FEED_PATH, headers: { ...BROWSER_ENCODINGS, authorization: `Bearer ${tenant.token}` } };
    const sides: [Side, string, () => Promise<ServerProcess>, FeedLoad][] = [
      ['ours', 'ours, as App Service starts it', () => spawnAppServer(tenant.env), authorised],
      ['defaults', "ours with Node's and glibc's defaults", () => spawnServer(SERVER_ENTRY, tenant.env), authorised],
      ['bare', 'bare Fastify server', () => bareFeedServer(body, dir), { path: FEED_PATH, headers: BROWSER_ENCODINGS }],
    ];
    for (const [side, name, start, load] of sides) {
      const server = await start();
      runs[side] = await measureMemory(server, load, minutes).finally(() => server.stop());
      console.log(describe(name, runs[side]));
    }
  } finally {
    tenant.remove();
    rmSync(dir, { recursive: true, force: true });
  }
  return runs as Record<Side, MemoryRun>;
}

/**
 * RSS of the real server (as App Service starts it) with 10k events in the tenant: idle, under FEED_CONNECTIONS
 * connections on the month window for MEMORY_LOAD_MINUTES, and a minute after; then the same server with Node's
 * and glibc's defaults, and the bare server, the same way.
 */
export async function benchMemory(): Promise<Comparison[]> {
  const minutes = Number(process.env.BENCH_MEMORY_MINUTES ?? MEMORY_LOAD_MINUTES);
  console.log(`memory: ${EVENTS} events, ${FEED_CONNECTIONS} connections on the month window for ${minutes} min each side, RSS every ${SAMPLE_EVERY_MS / 1000} s; bound ${FEED_LOAD_RSS_MAX_MB} MB`);
  const { ours, defaults, bare } = await measureSides(minutes);
  const limit = 'bare Fastify server sending the same bytes, same load';
  const bound = `the bound FEED_LOAD_RSS_MAX_MB = ${FEED_LOAD_RSS_MAX_MB}`;
  const figure = `server RSS, ${EVENTS / 1000}k events, ${FEED_CONNECTIONS} connections for ${minutes} min`;
  return [
    { figure: `${figure}: idle before`, limit, unit: 'MB', ours: [ours.idle], bare: [bare.idle] },
    { figure: `${figure}: under load`, limit, unit: 'MB', ours: ours.underLoad, bare: bare.underLoad },
    { figure: `${figure}: under load, max`, limit: bound, unit: 'MB', ours: [Math.max(...ours.underLoad)], bare: [FEED_LOAD_RSS_MAX_MB] },
    { figure: `${figure}: a minute after`, limit, unit: 'MB', ours: [ours.after], bare: [bare.after] },
    { figure: `${figure}: under load, Node's and glibc's defaults`, limit: bound, unit: 'MB', ours: defaults.underLoad, bare: [FEED_LOAD_RSS_MAX_MB] },
    { figure: `${figure}: a minute after, Node's and glibc's defaults`, limit: bound, unit: 'MB', ours: [defaults.after], bare: [FEED_LOAD_RSS_MAX_MB] },
  ];
}
