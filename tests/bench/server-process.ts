// The feed and memory benches' servers: the real one as App Service runs it (`node dist/server/server.js`) and a bare
// Fastify server answering the same body, each its own child process, so that /proc tells each one's CPU and RSS
// apart from the load generator's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../e2e/harness/server.ts';
import { DEMO_TENANT, fillEvents, HOUR } from './bench-data.ts';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../src/api/process-settings.ts';
import { SERVER_ENTRY } from '../../scripts/server-build.ts';
import { answerFile, PROBE_SIGNAL, questionFile, type MemoryReport, type ProbeQuestion } from './memory-probe.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const GIVE_UP_MS = 30_000;
const POLL_INTERVAL_MS = 20;
/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;
/** Weekly and daily series beside the singles, as a team's calendars have: the feed expands them per window. */
const SERIES = 40;
const SERIES_RULES = ['FREQ=WEEKLY;BYDAY=MO', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH', 'FREQ=MONTHLY;BYDAY=1FR'];

/** The CPU time (user + system, ms) a process has used so far. */
export function cpuMsOf(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A process's resident set, in MB, as the OS (and App Service's memory figure) counts it. */
export function rssMbOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((row) => row.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** The real server as App Service starts it (infra/azure.bicep): its Node flags and malloc setting. */
export function spawnAppServer(env: Record<string, string>): Promise<ServerProcess> {
  return spawnServer(SERVER_ENTRY, { ...env, ...SERVER_MALLOC_ENV }, SERVER_NODE_FLAGS);
}

/**
 * The real server as `npm start` starts it: package.json's start script's Node flags and script (scripts/start.ts, past
 * its build check when the web root is newer than the sources), with whatever environment that script gives itself.
 */
export function spawnNpmStartServer(env: Record<string, string>): Promise<ServerProcess> {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node: the bench cannot start it as npm does`);
  return spawnServer(args.at(-1)!, env, args.slice(0, -1));
}

/** The bench's own environment without glibc's setting: each server gets it only where its side says so. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of Object.keys(SERVER_MALLOC_ENV)) delete inherited[name];
  return inherited;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** process.memoryUsage() inside the server, through the bench's probe (see memory-probe.ts). */
  memory(): Promise<MemoryReport>;
  /** Writes a V8 heap snapshot inside the server to this file. */
  heapSnapshot(file: string): Promise<void>;
  stop(): Promise<void>;
}

let asked = 0;

/** Leaves the probe a question, signals it and waits for the answer: the probe answers every question it finds. */
async function ask<T>(pid: number, dir: string, question: ProbeQuestion): Promise<T> {
  const id = ++asked;
  writeFileSync(questionFile(dir, id), JSON.stringify(question));
  process.kill(pid, PROBE_SIGNAL);
  const file = answerFile(dir, id);
  const started = performance.now();
  while (!existsSync(file)) {
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`the probe in ${pid} did not answer within ${GIVE_UP_MS} ms`);
    await sleep(POLL_INTERVAL_MS);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Spawns `node <flags> <script>` with the bench's probe loaded first, and waits for its first 200 on /api/health. */
export async function spawnServer(script: string, env: Record<string, string>, nodeFlags: readonly string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const probeDir = mkdtempSync(join(tmpdir(), 'company-calendar-probe-'));
  // The probe as plain JavaScript: a .ts file would have Node load its type stripper, which the bundled server never does.
  const probe = join(probeDir, 'memory-probe.mjs');
  writeFileSync(probe, stripTypeScriptTypes(readFileSync(join(import.meta.dirname, 'memory-probe.ts'), 'utf8')));
  const child = spawn(process.execPath, [...nodeFlags, '--import', probe, script], {
    cwd: ROOT,
    env: { ...inheritedEnv(), NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1', BENCH_PROBE_DIR: probeDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', () => rmSync(probeDir, { recursive: true, force: true }));
  // A bench that fails leaves no server behind.
  const killOnExit = () => child.kill();
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  while (!(await fetch(`${url}/api/health`).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`${script} was not healthy within ${GIVE_UP_MS} ms`);
    await sleep(POLL_INTERVAL_MS);
  }
  return {
    url,
    pid: child.pid!,
    memory: () => ask<MemoryReport>(child.pid!, probeDir, { type: 'memory' }),
    heapSnapshot: async (file) => void (await ask(child.pid!, probeDir, { type: 'heap-snapshot', file })),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** A tenant on disk for the real server: the demo seed, `events` singles over `spanDays` days and SERIES series. */
export interface BenchTenant {
  env: Record<string, string>;
  /** Riley's token: good for an hour, longer than any bench run. */
  token: string;
  remove(): void;
}

/** The real server's settings: a fresh data directory, a web root that needs no build, no rate limit in the way. */
export function appEnv(dir: string): Record<string, string> {
  const webRoot = join(dir, 'web');
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
  return { DATA_DIR: join(dir, 'data'), WEB_ROOT: webRoot, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000' };
}

async function postJson(url: string, body: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: new URL(url).origin };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Series through the API, as users make them: the write path fills in everything the feed reads. */
async function createSeries(url: string, token: string, calendarIds: readonly string[]): Promise<void> {
  for (let i = 0; i < SERIES; i++) {
    const start = Date.UTC(2026, 0, 5) + (i % 5) * 24 * HOUR + (8 + (i % 9)) * HOUR;
    const rrule = SERIES_RULES[i % SERIES_RULES.length]!;
    const body = { title: `Series ${i}`, start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), rrule, extendedProps: { timeZone: 'Europe/London' } };
    await postJson(`${url}/api/calendars/${calendarIds[i % calendarIds.length]}/events`, body, token);
  }
}

/**
 * Seeds a tenant with the server itself (the demo seed, riley's token, the series), then stops it and bulk-loads the
 * singles into its file, so that the measured server starts on a tenant it has never served.
 */
export async function benchTenant(events: number, spanDays: number): Promise<BenchTenant> {
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-feed-'));
  const env = appEnv(dir);
  const seeding = await spawnServer('src/api/server.ts', env);
  try {
    const tokenOf = async (userId: string) => ((await postJson(`${seeding.url}/api/dev/token`, { userId })) as { accessToken: string }).accessToken;
    const token = await tokenOf('riley');
    const calendars = (await (await fetch(`${seeding.url}/api/calendars`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }[];
    // Ada may write to every calendar.
    await createSeries(seeding.url, await tokenOf('ada'), calendars.map((calendar) => calendar.id));
    await seeding.stop();
    fillEvents(env.DATA_DIR!, DEMO_TENANT, calendars.map((calendar) => calendar.id), events, spanDays);
    return { env, token, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await seeding.stop();
  }
}
