import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm start`'s script until its server answers /api/health, then stops it as a platform would (SIGTERM). */
async function startAndStop(env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, ['scripts/start.ts'], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let port: string | undefined;
  while (!port && child.exitCode === null) {
    port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    await sleep(20);
  }
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  child.kill('SIGTERM');
  return exited;
}

describe('npm start', () => {
  // Without NODE_COMPILE_CACHE, which would turn the cache on by itself: the folder start.ts gives the server is tested.
  it('keeps the server\'s compiled modules in Node\'s compile cache, in the temporary directory by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'company-calendar-compile-cache-'));
    dirs.push(dir);
    // A build newer than every source, so that start.ts serves it rather than building.
    const webRoot = join(dir, 'web');
    mkdirSync(webRoot);
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>test</title>');
    const status = await startAndStop({ DATA_DIR: join(dir, 'data'), WEB_ROOT: webRoot, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', TMPDIR: dir });
    expect(status).toBe(0);
    const cached = readdirSync(join(dir, 'node-compile-cache'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    // The server's own modules and its dependencies': far more than start.ts alone.
    expect(cached.length).toBeGreaterThan(100);
  });
});
