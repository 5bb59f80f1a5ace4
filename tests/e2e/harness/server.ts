import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 60_000;

export interface AppServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now, e.g. to know a server's address before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));
}

/**
 * The real server, started the way `npm start` starts it (scripts/start.ts), on a free port over a fresh
 * SQLite folder, so every test file begins with the seeded demo tenant and nothing else. `env` adds to the
 * environment, e.g. an identity provider's settings for production mode.
 */
export async function startServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-e2e-'));
  // Not Vitest's NODE_ENV=test: should start.ts need to build the web app, it must be the production build.
  const { NODE_ENV: _testEnv, ...inherited } = process.env;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  await stop();
  throw new Error(`The server did not become healthy on ${baseUrl}.\n${output}`);
}
