// The live stream's soak: LIVE_SOAK_STREAMS streams on one real server (its own child process, as App Service runs
// it), LIVE_SOAK_WRITES_PER_SECOND writes a second through the API for LIVE_SOAK_SECONDS: every notice counted, its
// delay from the write's request measured, and the server's RSS before, under and after the load next to a bound.
import { get as httpGet, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadDevSigningKey, signDevToken } from '../../src/api/auth/dev-identity.ts';
import type { ChangeNotice } from '../../src/shared/history-schema.ts';
import type { Comparison } from './measure.ts';
import { appEnv, rssMbOf, spawnAppServer, type ServerProcess } from './server-process.ts';

export const LIVE_SOAK_STREAMS = 200;
export const LIVE_SOAK_WRITES_PER_SECOND = 20;
/** How long the writes go on; BENCH_LIVE_SECONDS shortens it for a trial. */
const LIVE_SOAK_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
/**
 * How much the server's RSS may grow over the soak, and still be grown a minute after the streams close: 200 streams'
 * sockets and buffers, and the heap the writes leave, with room for the allocator's own keeping. A leak of a few kB per
 * notice (240,000 of them) would pass it many times over.
 */
export const LIVE_SOAK_RSS_GROWTH_MAX_MB = 40;

/** One stream's reader: counts the notices and when each arrived, by the event and version it is about. */
function openStream(url: string, token: string, onNotice: (notice: ChangeNotice, at: number) => void): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${url}/api/changes`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream: ${response.statusCode}`));
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const data = /^data: (.*)$/m.exec(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
          if (data) onNotice(JSON.parse(data[1]!) as ChangeNotice, at);
        }
      });
      resolve(response);
    });
    request.on('error', reject);
  });
}

interface Writer {
  /** When each write's request went out, by `eventId:version` (what its notice names). */
  sentAt: Map<string, number>;
  /** Each write's own round trip, ms. */
  roundTrips: number[];
  failures: number;
}

interface WriteTarget {
  url: string;
  token: string;
  calendarId: string;
}

type Written = { id: string; version: number } | null;
const noticeKey = (id: string | null, version: number) => `${id}:${version}`;

/** One write of a cycle on one event: create, rename, delete, each conditional on the last. */
async function writeOnce({ url, token, calendarId }: WriteTarget, writer: Writer, step: number, last: Written): Promise<Written> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, origin: url };
  if (last) headers['if-match'] = `"${last.version}"`;
  const method = last === null ? 'POST' : step === 1 ? 'PATCH' : 'DELETE';
  if (method !== 'DELETE') headers['content-type'] = 'application/json';
  const path = last === null ? `/api/calendars/${calendarId}/events` : `/api/calendars/${calendarId}/events/${last.id}`;
  const body = method === 'POST' ? { title: `Soak ${step}`, start: '2027-03-01T09:00:00Z', end: '2027-03-01T10:00:00Z' } : method === 'PATCH' ? { title: 'Soak, renamed' } : undefined;
  const started = performance.now();
  if (last) writer.sentAt.set(noticeKey(last.id, last.version + 1), started);
  const response = await fetch(url + path, { method, headers, body: body && JSON.stringify(body) });
  writer.roundTrips.push(performance.now() - started);
  if (!response.ok) {
    writer.failures++;
    return null;
  }
  if (method === 'DELETE') return null;
  const event = (await response.json()) as { id: string; extendedProps: { version: number } };
  if (method === 'POST') writer.sentAt.set(noticeKey(event.id, 1), started);
  return { id: event.id, version: event.extendedProps.version };
}

/** LIVE_SOAK_WRITES_PER_SECOND writes a second for `seconds`: cycles of three on one event, three cycles staggered at once. */
async function writeLoad(target: WriteTarget, seconds: number): Promise<Writer> {
  const writer: Writer = { sentAt: new Map(), roundTrips: [], failures: 0 };
  const cycles = Math.ceil((seconds * LIVE_SOAK_WRITES_PER_SECOND) / 3);
  const interval = 1_000 / LIVE_SOAK_WRITES_PER_SECOND;
  const started = performance.now();
  const lanes = 3;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let cycle = lane; cycle < cycles; cycle += lanes) {
        let last: Written = null;
        for (let step = 0; step < 3; step++) {
          await sleep(Math.max(0, started + (cycle * 3 + step) * interval - performance.now()));
          last = await writeOnce(target, writer, step, last);
          if (last === null && step < 2) break;
        }
      }
    }),
  );
  return writer;
}

async function readerTokens(dataDir: string, count: number): Promise<string[]> {
  const key = await loadDevSigningKey(dataDir);
  const reader = (i: number) => ({ id: `soak-reader-${i}`, name: `Reader ${i}`, description: '', mail: '', appRoles: [] });
  return Promise.all(Array.from({ length: count }, async (_, i) => (await signDevToken(key, reader(i))).accessToken));
}

async function writeTarget(url: string): Promise<WriteTarget> {
  const headers = { 'content-type': 'application/json', origin: url };
  const { accessToken: token } = (await (await fetch(`${url}/api/dev/token`, { method: 'POST', headers, body: JSON.stringify({ userId: 'eddie' }) })).json()) as { accessToken: string };
  const calendars = (await (await fetch(`${url}/api/calendars`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; name: string }[];
  return { url, token, calendarId: calendars.find((calendar) => calendar.name === 'Company')!.id };
}

/** The delays of the notices that name a write: matched after the load, as a create's id is known only from its answer. */
function deliveryDelays(arrivals: readonly { key: string; at: number }[], sentAt: ReadonlyMap<string, number>): number[] {
  return arrivals.flatMap(({ key, at }) => {
    const sent = sentAt.get(key);
    return sent === undefined ? [] : [at - sent];
  });
}

async function soak(server: ServerProcess, dataDir: string): Promise<Comparison[]> {
  const target = await writeTarget(server.url);
  // Warm-up: the routes and the write path run before the first reading.
  await writeLoad(target, 1);
  await sleep(2_000);
  const before = rssMbOf(server.pid);
  const arrivals: { key: string; at: number }[] = [];
  const tokens = await readerTokens(dataDir, LIVE_SOAK_STREAMS);
  const streams = await Promise.all(tokens.map((token) => openStream(server.url, token, (notice, at) => arrivals.push({ key: noticeKey(notice.eventId, notice.version), at }))));
  const opened = rssMbOf(server.pid);
  const load = await writeLoad(target, LIVE_SOAK_SECONDS);
  await sleep(1_000);
  const after = rssMbOf(server.pid);
  for (const stream of streams) stream.destroy();
  await sleep(60_000);
  const settled = rssMbOf(server.pid);

  const expected = (load.roundTrips.length - load.failures) * LIVE_SOAK_STREAMS;
  const delays = deliveryDelays(arrivals, load.sentAt);
  console.log(
    `live: ${LIVE_SOAK_STREAMS} streams, ${load.roundTrips.length} writes (${load.failures} refused) in ${LIVE_SOAK_SECONDS} s; ${arrivals.length} notices of ${expected} expected, ${delays.length} matched to their write; ` +
      `RSS ${before.toFixed(0)} MB before, ${opened.toFixed(0)} with the streams open, ${after.toFixed(0)} after the load, ${settled.toFixed(0)} a minute after they closed`,
  );
  const bound = `the bound LIVE_SOAK_RSS_GROWTH_MAX_MB = ${LIVE_SOAK_RSS_GROWTH_MAX_MB}`;
  return [
    { figure: `live: notices delivered, of writes × ${LIVE_SOAK_STREAMS} streams`, limit: 'every one', unit: '%', ours: [(100 * delays.length) / expected], bare: [100] },
    { figure: 'live: delivery, write sent → notice read', limit: 'the write’s own round trip', unit: 'ms', ours: delays, bare: load.roundTrips },
    { figure: 'live: RSS growth, streams open, after the load', limit: bound, unit: 'MB', ours: [after - before], bare: [LIVE_SOAK_RSS_GROWTH_MAX_MB] },
    { figure: 'live: RSS growth, a minute after the streams closed', limit: bound, unit: 'MB', ours: [settled - before], bare: [LIVE_SOAK_RSS_GROWTH_MAX_MB] },
  ];
}

export async function benchLive(): Promise<Comparison[]> {
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-live-'));
  const env = appEnv(dir);
  const server = await spawnAppServer(env);
  try {
    return await soak(server, env.DATA_DIR!);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
