// The mixed soak: the real server started as `npm start` starts it, a seeded tenant, and for SOAK_MINUTES several
// clients at once reading feed windows (many windows and zones, so the feed cache churns), writing events, searching,
// importing small .ics files (some as previews) and exporting, while a few live streams are held open and reconnected.
// Its RSS idle, under the load and a minute after, beside FEED_LOAD_RSS_MAX_MB, and the server's own breakdown.
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadDevSigningKey, signDevToken } from '../../src/api/auth/dev-identity.ts';
import { FEED_LOAD_RSS_MAX_MB } from '../../src/api/process-settings.ts';
import { SPAN_DAYS } from './bench-data.ts';
import { quantile, type Comparison } from './measure.ts';
import { breakdownText, slopePerMinute } from './memory-bench.ts';
import { benchTenant, rssMbOf, spawnNpmStartServer, type ServerProcess } from './server-process.ts';

/** How long the load lasts, as the issue measured it. BENCH_SOAK_MINUTES shortens it. */
export const SOAK_MINUTES = 10;
const EVENTS = 10_000;
/** Clients sending requests one after another, all at once. */
const SOAK_CLIENTS = 8;
/** Live streams held open through the load, each closed and opened again after a while. */
const SOAK_STREAMS = 4;
const STREAM_HOLD_MS = { min: 15_000, max: 60_000 };
/** Distinct people reading: each with their own token, rate-limit key and caches, as a company's staff are. */
const SOAK_READERS = 200;
/** Every client stops after this many requests, if the time has not stopped it first. */
const REQUESTS_PER_CLIENT_MAX = 2_000_000;
/** How many UIDs each client's imports use: importing them again updates the same events, so the store stays its size. */
const IMPORT_UIDS_PER_CLIENT = 25;
const SAMPLE_EVERY_MS = 5_000;
const AFTER_LOAD_MS = 60_000;
const IDLE_SETTLE_MS = 5_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ZONES = ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'America/Sao_Paulo', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Singapore', 'Australia/Sydney', 'Pacific/Auckland', 'Africa/Johannesburg'];
/** Day, week, month and the month view's six weeks. */
const WINDOW_DAYS = [1, 7, 31, 42];
const SEARCH_WORDS = ['event', 'series', 'town hall', 'offsite', 'all-hands', 'review', 'soak', 'imported', 'planning', 'ev', 'party', 'engineering'];

type Kind = 'feed' | 'search' | 'write' | 'import' | 'preview' | 'export';
/** Each kind's share of a client's requests: a calendar export (a whole calendar, built again after any write) now and then. */
const FULL_MIX: readonly (readonly [Kind, number])[] = [['feed', 60], ['search', 15], ['write', 14], ['preview', 6], ['import', 4], ['export', 1]];
/** BENCH_SOAK_KINDS (e.g. "feed,export") keeps only those kinds, to find which one memory grows with. */
const MIX = FULL_MIX.filter(([kind]) => !process.env.BENCH_SOAK_KINDS || process.env.BENCH_SOAK_KINDS.split(',').includes(kind));

interface Soak {
  url: string;
  readers: readonly string[];
  /** Ada's token: she may write to, import into and export every calendar. */
  editor: string;
  calendarIds: readonly string[];
  deadline: number;
}

interface Tally {
  sent: Record<Kind, number>;
  /** Answers that were not what the request should get, by kind and status. */
  failed: Record<string, number>;
  streamsOpened: number;
  framesRead: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const localDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function pickKind(): Kind {
  let roll = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
  return 'feed';
}

/** A window somewhere in the two years around the tenant's events, of a view's length, in one of the zones. */
function feedPath(calendarIds: readonly string[]): string {
  const from = Date.UTC(2025, 6, 1) + Math.floor(Math.random() * 730) * DAY;
  const query = new URLSearchParams({ start: `${localDate(from)}T00:00:00`, end: `${localDate(from + pick(WINDOW_DAYS) * DAY)}T00:00:00`, timeZone: pick(ZONES) });
  if (Math.random() < 0.3) query.append('calendarId', pick(calendarIds));
  return `/api/events?${query}`;
}

function searchPath(): string {
  const q = Math.random() < 0.5 ? pick(SEARCH_WORDS) : `${pick(['Event', 'Series', 'Soak'])} ${Math.floor(Math.random() * 10_000)}`;
  const query = new URLSearchParams({ q });
  if (Math.random() < 0.3) {
    const from = Date.UTC(2025, 0, 1) + Math.floor(Math.random() * 700) * DAY;
    query.set('from', localDate(from));
    query.set('to', localDate(from + 90 * DAY));
  }
  return `/api/search?${query}`;
}

/** A small .ics as calendar apps write them: a few events, some in a zone with its VTIMEZONE, some weekly. */
function icsFile(client: number): string {
  const events = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => {
    const start = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 500) * DAY + 9 * 3_600_000).toISOString().replace(/[-:]|\.\d+/g, '');
    const uid = `soak-${client}-${Math.floor(Math.random() * IMPORT_UIDS_PER_CLIENT)}@bench.example`;
    const zoned = Math.random() < 0.5;
    return [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20260101T000000Z',
      zoned ? `DTSTART;TZID=Europe/Berlin:${start.slice(0, -1)}` : `DTSTART:${start}`,
      'DURATION:PT1H',
      `SUMMARY:Imported planning ${Math.floor(Math.random() * 1_000)}`,
      `DESCRIPTION:Agenda:\\n- item one\\n- item two ${'and more words '.repeat(Math.floor(Math.random() * 20))}`,
      ...(Math.random() < 0.3 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
      'END:VEVENT',
    ].join('\r\n');
  });
  const vtimezone = ['BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD', 'BEGIN:DAYLIGHT', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT', 'END:VTIMEZONE'];
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//Soak//EN', ...vtimezone, ...events, 'END:VCALENDAR', ''].join('\r\n');
}

type Written = { path: string; version: number } | null;

/** The next write of a client's cycle on one event of its own: create, rename, describe, delete. */
function nextWrite(soak: Soak, last: Written, step: number): { method: string; path: string; body?: string; ifMatch?: number } {
  if (last === null) {
    const start = Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 500) * DAY + 10 * 3_600_000;
    const body = { title: `Soak ${Math.floor(Math.random() * 10_000)}`, start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString(), extendedProps: { timeZone: pick(ZONES) } };
    return { method: 'POST', path: `/api/calendars/${pick(soak.calendarIds)}/events`, body: JSON.stringify(body) };
  }
  if (step % 4 === 3) return { method: 'DELETE', path: last.path, ifMatch: last.version };
  const description = `<p>Agenda for <b>the review</b>:</p><ul>${'<li>an <i>item</i> with a <a href="https://example.com/x">link</a></li>'.repeat(1 + step * 3)}</ul>`;
  const patch = step % 4 === 1 ? { title: `Soak renamed ${step}` } : { extendedProps: { description } };
  return { method: 'PATCH', path: last.path, body: JSON.stringify(patch), ifMatch: last.version };
}

async function send(soak: Soak, token: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Response> {
  const all: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd', ...headers };
  if (method !== 'GET') all.origin = soak.url;
  if (body !== undefined && !all['content-type']) all['content-type'] = 'application/json';
  return fetch(soak.url + path, { method, headers: all, body });
}

/** One request of the kind; the answer's status, and the client's event as the write left it. */
interface Answered {
  status: number;
  expected: number;
  written: Written;
}

async function requestOnce(soak: Soak, client: number, kind: Kind, written: Written, step: number): Promise<Answered> {
  if (kind === 'feed') return { status: await statusOf(send(soak, pick(soak.readers), 'GET', feedPath(soak.calendarIds))), expected: 200, written };
  if (kind === 'search') return { status: await statusOf(send(soak, pick(soak.readers), 'GET', searchPath())), expected: 200, written };
  if (kind === 'export') return { status: await statusOf(send(soak, soak.editor, 'GET', `/api/calendars/${pick(soak.calendarIds)}/calendar.ics`)), expected: 200, written };
  if (kind === 'import' || kind === 'preview') {
    const path = `/api/calendars/${pick(soak.calendarIds)}/import${kind === 'preview' ? '?preview=true' : ''}`;
    return { status: await statusOf(send(soak, soak.editor, 'POST', path, icsFile(client), { 'content-type': 'text/calendar' })), expected: 200, written };
  }
  const write = nextWrite(soak, written, step);
  const response = await send(soak, soak.editor, write.method, write.path, write.body, write.ifMatch === undefined ? {} : { 'if-match': `"${write.ifMatch}"` });
  const expected = write.method === 'POST' ? 201 : write.method === 'DELETE' ? 204 : 200;
  if (response.status !== expected || write.method === 'DELETE') {
    await response.arrayBuffer();
    return { status: response.status, expected, written: null };
  }
  const event = (await response.json()) as { id: string; extendedProps: { version: number } };
  const path = write.method === 'POST' ? `${write.path}/${event.id}` : write.path;
  return { status: response.status, expected, written: { path, version: event.extendedProps.version } };
}

async function statusOf(answer: Promise<Response>): Promise<number> {
  const response = await answer;
  await response.arrayBuffer();
  return response.status;
}

/** One client: requests of the mix one after another until the deadline or its count. */
async function client(soak: Soak, index: number, tally: Tally): Promise<void> {
  let written: Written = null;
  let step = 0;
  for (let sent = 0; sent < REQUESTS_PER_CLIENT_MAX && Date.now() < soak.deadline; sent++) {
    const kind = pickKind();
    tally.sent[kind]++;
    const answer: Answered = await requestOnce(soak, index, kind, written, step).catch(() => ({ status: 0, expected: -1, written: null }));
    if (kind === 'write') [written, step] = [answer.written, answer.written === null ? 0 : step + 1];
    if (answer.status !== answer.expected) tally.failed[`${kind} ${answer.status}`] = (tally.failed[`${kind} ${answer.status}`] ?? 0) + 1;
  }
}

/** Holds a live stream open for a while, counting its frames, then closes it; resolves when it has closed. */
function holdStream(soak: Soak, token: string, tally: Tally): Promise<void> {
  const holdMs = STREAM_HOLD_MS.min + Math.random() * (STREAM_HOLD_MS.max - STREAM_HOLD_MS.min);
  return new Promise((resolve) => {
    const request = httpGet(`${soak.url}/api/changes`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      if (response.statusCode === 200) tally.streamsOpened++;
      else tally.failed[`stream ${response.statusCode}`] = (tally.failed[`stream ${response.statusCode}`] ?? 0) + 1;
      response.on('data', (chunk: Buffer) => (tally.framesRead += chunk.toString('utf8').split('\n\n').length - 1));
      response.on('close', () => resolve());
    });
    request.on('error', () => resolve());
    setTimeout(() => request.destroy(), Math.min(holdMs, Math.max(0, soak.deadline - Date.now()))).unref();
  });
}

async function streamer(soak: Soak, token: string, tally: Tally): Promise<void> {
  while (Date.now() < soak.deadline) await holdStream(soak, token, tally);
}

async function readerTokens(dataDir: string): Promise<string[]> {
  const key = await loadDevSigningKey(dataDir);
  const reader = (i: number) => ({ id: `soak-reader-${i}`, name: `Reader ${i}`, description: '', mail: '', appRoles: [] });
  return Promise.all(Array.from({ length: SOAK_READERS }, async (_, i) => (await signDevToken(key, reader(i))).accessToken));
}

async function soakTargets(url: string, dataDir: string, deadline: number): Promise<Soak> {
  const headers = { 'content-type': 'application/json', origin: url };
  const { accessToken: editor } = (await (await fetch(`${url}/api/dev/token`, { method: 'POST', headers, body: JSON.stringify({ userId: 'ada' }) })).json()) as { accessToken: string };
  const calendars = (await (await fetch(`${url}/api/calendars`, { headers: { authorization: `Bearer ${editor}` } })).json()) as { id: string }[];
  return { url, readers: await readerTokens(dataDir), editor, calendarIds: calendars.map((calendar) => calendar.id), deadline };
}

interface SoakRun {
  idle: number;
  underLoad: number[];
  lastMinuteSlope: number;
  after: number;
  breakdowns: { idle: string; end: string; after: string };
  tally: Tally;
}

async function runLoad(server: ServerProcess, dataDir: string, minutes: number): Promise<Omit<SoakRun, 'after' | 'breakdowns' | 'idle'> & { ended: number }> {
  const soak = await soakTargets(server.url, dataDir, Date.now() + minutes * MINUTE);
  const tally: Tally = { sent: { feed: 0, search: 0, write: 0, import: 0, preview: 0, export: 0 }, failed: {}, streamsOpened: 0, framesRead: 0 };
  const samples: [number, number][] = [];
  const started = performance.now();
  const sampler = setInterval(() => samples.push([performance.now() - started, rssMbOf(server.pid)]), SAMPLE_EVERY_MS);
  await Promise.all([
    ...Array.from({ length: SOAK_CLIENTS }, (_, i) => client(soak, i, tally)),
    ...soak.readers.slice(0, SOAK_STREAMS).map((token) => streamer(soak, token, tally)),
  ]).finally(() => clearInterval(sampler));
  const ended = performance.now() - started;
  return { underLoad: samples.map(([, mb]) => mb), lastMinuteSlope: slopePerMinute(samples.filter(([t]) => t >= ended - MINUTE)), tally, ended };
}

async function measureSoak(server: ServerProcess, dataDir: string, minutes: number): Promise<SoakRun> {
  await sleep(IDLE_SETTLE_MS);
  const idle = rssMbOf(server.pid);
  const idleBreakdown = breakdownText(await server.memory());
  const load = await runLoad(server, dataDir, minutes);
  const end = breakdownText(await server.memory());
  // A snapshot's own allocations show in the figure a minute after: take them only when looking for what grows.
  const snapshots = process.env.BENCH_HEAP_SNAPSHOT_DIR;
  if (snapshots) await server.heapSnapshot(join(snapshots, `soak-load-${server.pid}.heapsnapshot`));
  await sleep(AFTER_LOAD_MS);
  const after = rssMbOf(server.pid);
  const afterBreakdown = breakdownText(await server.memory());
  if (snapshots) await server.heapSnapshot(join(snapshots, `soak-after-${server.pid}.heapsnapshot`));
  return { idle, ...load, after, breakdowns: { idle: idleBreakdown, end, after: afterBreakdown } };
}

function describeRun(run: SoakRun, minutes: number): string {
  const { sent, failed, streamsOpened, framesRead } = run.tally;
  const total = Object.values(sent).reduce((sum, count) => sum + count, 0);
  const failures = Object.entries(failed).map(([what, count]) => `${what}: ${count}`).join(', ') || 'none';
  return [
    `soak: npm start: RSS idle ${run.idle.toFixed(0)} MB; under load min / median / max ${[0, 0.5, 1].map((q) => quantile(run.underLoad, q).toFixed(0)).join(' / ')} MB (bound ${FEED_LOAD_RSS_MAX_MB}, max ${(Math.max(...run.underLoad) / FEED_LOAD_RSS_MAX_MB).toFixed(2)}×),`,
    `last minute's slope ${run.lastMinuteSlope.toFixed(1)} MB/min; a minute after ${run.after.toFixed(0)} MB (${(run.after - run.idle).toFixed(0)} MB above idle).`,
    `${total} requests in ${minutes} min (${Object.entries(sent).map(([kind, count]) => `${kind} ${count}`).join(', ')}), ${streamsOpened} live streams opened, ${framesRead} frames read; unexpected answers: ${failures}.`,
    `\nsoak: idle: ${run.breakdowns.idle}\nsoak: at the load's end: ${run.breakdowns.end}\nsoak: a minute after: ${run.breakdowns.after}`,
  ].join(' ');
}

/**
 * RSS of the real server as `npm start` starts it, 10k events and series in the tenant: idle, under SOAK_CLIENTS
 * clients' mixed requests and SOAK_STREAMS live streams for SOAK_MINUTES, and a minute after.
 */
export async function benchSoak(): Promise<Comparison[]> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? SOAK_MINUTES);
  console.log(`soak: ${EVENTS} events, ${SOAK_CLIENTS} clients (${MIX.map(([kind, weight]) => `${kind} ${weight}%`).join(', ')}) as ${SOAK_READERS} readers and an editor, ${SOAK_STREAMS} live streams, for ${minutes} min; RSS every ${SAMPLE_EVERY_MS / 1000} s; bound ${FEED_LOAD_RSS_MAX_MB} MB`);
  const tenant = await benchTenant(EVENTS, SPAN_DAYS);
  try {
    const server = await spawnNpmStartServer(tenant.env);
    const run = await measureSoak(server, tenant.env.DATA_DIR!, minutes).finally(() => server.stop());
    console.log(describeRun(run, minutes));
    const bound = `the bound FEED_LOAD_RSS_MAX_MB = ${FEED_LOAD_RSS_MAX_MB}`;
    const figure = `soak, npm start, ${SOAK_CLIENTS} clients mixed + ${SOAK_STREAMS} streams for ${minutes} min: server RSS`;
    return [
      { figure: `${figure} idle before`, limit: bound, unit: 'MB', ours: [run.idle], bare: [FEED_LOAD_RSS_MAX_MB] },
      { figure: `${figure} under load`, limit: bound, unit: 'MB', ours: run.underLoad, bare: [FEED_LOAD_RSS_MAX_MB] },
      { figure: `${figure} under load, max`, limit: bound, unit: 'MB', ours: [Math.max(...run.underLoad)], bare: [FEED_LOAD_RSS_MAX_MB] },
      { figure: `${figure} a minute after`, limit: 'its RSS idle before the load', unit: 'MB', ours: [run.after], bare: [run.idle] },
    ];
  } finally {
    tenant.remove();
  }
}
