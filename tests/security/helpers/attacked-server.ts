// The resource-exhaustion suite's rig: the real server in a process of its own, started as App Service starts it
// (`node <flags> src/api/server.ts`), so that a request that blocks or exhausts it cannot block the test that watches
// it, and a watch on /api/health from outside that tells how long the server kept everyone else waiting.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../../src/api/process-settings.ts';
import { freePort } from '../../e2e/harness/server.ts';
import { storeEnv } from '../../api/helpers/test-server.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 60_000;
/** How long /api/health may take to answer while any attack runs: the bound. */
export const HEALTH_ANSWER_MAX_MS = 1_000;

export interface AttackedServer {
  url: string;
  /** The server's DATA_DIR (its SQLite file under the api project). */
  dataDir: string;
  /** A demo user's token from the development sign-in. */
  tokenFor(userId: 'ada' | 'eddie' | 'riley'): Promise<string>;
  /** True while the process runs: an attack that killed it leaves false. */
  alive(): boolean;
  /** What the process wrote to stdout and stderr, for a failure's message. */
  output(): string;
  /** Sends SIGTERM, as a platform stops the server, and says how the process ended. The data stays until stop(). */
  terminate(): Promise<ProcessEnd>;
  stop(): Promise<void>;
}

export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function exited(child: ChildProcess): Promise<ProcessEnd> {
  const end = (): ProcessEnd => ({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(end()) : child.once('exit', () => done(end()))));
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet: ask again once the connection is refused.
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`The server did not become healthy on ${url}.\n${output()}`);
}

export interface AttackedServerOptions {
  /** Fills the fresh DATA_DIR before the server starts on it. */
  prepare?: (dataDir: string) => Promise<void>;
}

/** The real server over a fresh store (SQLite, or the Cosmos protocol server under api-cosmos), in its own process. */
export async function startAttackedServer(env: Record<string, string> = {}, options: AttackedServerOptions = {}): Promise<AttackedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-attack-'));
  await options.prepare?.(dataDir);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...SERVER_MALLOC_ENV,
      ...storeEnv(dataDir),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: join(dataDir, 'no-web-app'),
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    dataDir,
    async tokenFor(userId) {
      const response = await fetch(`${url}/api/dev/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
      if (response.status !== 200) throw new Error(`dev token: ${response.status}`);
      return ((await response.json()) as { accessToken: string }).accessToken;
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    terminate: () => {
      child.kill('SIGTERM');
      return exited(child);
    },
    stop,
  };
}

export interface HealthWatch {
  /** How many health checks were answered while the attack ran (at least one). */
  answered: number;
  /** The slowest of them, in ms, from sending to the whole answer. */
  slowestMs: number;
  /**
   * Any answer that was neither 200 nor health's own 503 saying the store did not answer its check in time, or a
   * connection that failed: the server itself did not answer as it should.
   */
  failures: string[];
  /**
   * Answers that the store did not answer health's check in time (503, store unavailable): the server answered, about
   * the store behind it. Under api-cosmos that store is the protocol server inside the test runner, which an attack's
   * load on the machine's two cores can slow past the check's 500 ms.
   */
  storeUnavailable: number;
}

/** Whether the store may be slow for reasons outside the server: a store in its process (SQLite) never is. */
const STORE_OUTSIDE_THE_SERVER = process.env.TEST_STORE === 'cosmos';

/**
 * The server answered health within HEALTH_ANSWER_MAX_MS every time, as it should; over SQLite, in its own process,
 * the store answered health's check every time too.
 */
export function expectHealthAnswered(health: HealthWatch, context = ''): void {
  expect(health.answered, context).toBeGreaterThan(0);
  expect(health.failures, context).toEqual([]);
  if (!STORE_OUTSIDE_THE_SERVER) expect(health.storeUnavailable, context).toBe(0);
  expect(health.slowestMs, `the slowest health check while the attack ran ${context}`).toBeLessThan(HEALTH_ANSWER_MAX_MS);
}

/**
 * Runs `attack` while asking /api/health again and again, each as soon as the one before is answered, and says how
 * long the slowest took. The watch stops once the attack has settled and one last check has been answered after it.
 */
export async function whileWatchingHealth<T>(url: string, attack: () => Promise<T>): Promise<{ result: T; health: HealthWatch }> {
  const health: HealthWatch = { answered: 0, slowestMs: 0, failures: [], storeUnavailable: 0 };
  let settled = false;
  const checkOnce = async () => {
    const sent = performance.now();
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
      const body = (await response.json()) as { store?: string };
      if (response.status === 503 && body.store === 'unavailable') health.storeUnavailable++;
      else if (response.status !== 200) health.failures.push(`status ${response.status}`);
    } catch (error) {
      health.failures.push((error as Error).message);
    }
    health.answered++;
    health.slowestMs = Math.max(health.slowestMs, performance.now() - sent);
  };
  const watching = (async () => {
    do await checkOnce();
    while (!settled);
    await checkOnce();
  })();
  try {
    const result = await attack();
    return { result, health };
  } finally {
    settled = true;
    await watching;
  }
}
