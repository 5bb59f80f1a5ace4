import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS, SERVER_OLD_SPACE_MB, SERVER_SEMI_SPACE_MB } from '../../src/api/process-settings.ts';
import { SERVER_ENTRY } from '../../scripts/server-build.ts';
import { parseBicep, resourceNamed, valueAt } from './helpers/bicep.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TEMPLATE = parseBicep(readFileSync(join(ROOT, 'infra/azure.bicep'), 'utf8'));

/** Runs a script in a child Node with these flags and returns the number it prints. */
function printedBy(flags: readonly string[], script: string): number {
  const child = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return Number(child.stdout.trim());
}

/** A child Node that allocates far more than a young generation and prints its new space's committed MB. */
function youngGenerationMb(flags: readonly string[]): number {
  return printedBy(flags, `
    const keep = [];
    for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2e5) keep.splice(0, 1e5); }
    const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(space.space_size / 2 ** 20);`);
}

/**
 * What the server sees when a child Node started with these flags and environment, from a TypeScript file as npm start
 * is, runs it with runServer(): its pid beside the child's, its environment, flags and whether Node's type stripper is
 * loaded.
 */
function afterRunServer(env: NodeJS.ProcessEnv): { pid: number; childPid: number; env: Record<string, string | undefined>; execArgv: string[]; stripper: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-run-server-'));
  try {
    const entry = join(dir, 'server.mjs');
    writeFileSync(entry, `const env = Object.fromEntries(${JSON.stringify([...Object.keys(SERVER_MALLOC_ENV), 'NODE_COMPILE_CACHE'])}.map((name) => [name, process.env[name]]));
      const stripper = process.moduleLoadList.some((name) => name.includes('amaro'));
      console.log(JSON.stringify({ pid: process.pid, env, stripper, execArgv: process.execArgv.filter((arg) => arg.startsWith('--max') || arg === '--expose-gc') }));`);
    const launcher = join(dir, 'start.ts');
    writeFileSync(launcher, `import { runServer } from ${JSON.stringify(join(ROOT, 'scripts/run-server.ts'))};\nconst typed: string = ${JSON.stringify(entry)};\nawait runServer(typed);`);
    const child = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, launcher], { encoding: 'utf8', env: { ...env, TMPDIR: dir } });
    if (child.status !== 0) throw new Error(child.stderr);
    return { ...JSON.parse(child.stdout), childPid: child.pid };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const withoutMallocEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in SERVER_MALLOC_ENV)));

const heapLimitMb = (flags: readonly string[]) => printedBy(flags, `console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)`);

describe('the server process settings', () => {
  it('are the ones App Service starts the server with', () => {
    const commandLine = valueAt(resourceNamed(TEMPLATE, 'webApp').body, 'properties.siteConfig.appCommandLine');
    expect(commandLine).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_ENTRY}`);
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) {
      expect(valueAt(resourceNamed(TEMPLATE, 'webAppSettings').body, `properties.${name}`)).toBe(value);
    }
  });

  it('are the V8 flags npm start runs with', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.ts`);
  });

  it(`keep V8's young generation within two semi-spaces of ${SERVER_SEMI_SPACE_MB} MB under heavy allocation`, () => {
    expect(youngGenerationMb(SERVER_NODE_FLAGS)).toBeLessThanOrEqual(2 * SERVER_SEMI_SPACE_MB);
    // Without them V8 grows it further on this machine: the flag is what holds the bound.
    expect(youngGenerationMb([])).toBeGreaterThan(2 * SERVER_SEMI_SPACE_MB);
  });

  it(`cap V8's heap at ${SERVER_OLD_SPACE_MB} MB of old space and the young generation`, () => {
    expect(heapLimitMb(SERVER_NODE_FLAGS)).toBeLessThanOrEqual(SERVER_OLD_SPACE_MB + 3 * SERVER_SEMI_SPACE_MB);
    expect(heapLimitMb([])).toBeGreaterThan(SERVER_OLD_SPACE_MB + 3 * SERVER_SEMI_SPACE_MB);
  });

  // glibc reads its environment once, as the process starts: npm start replaces its own process to have it on Linux.
  it(`are the malloc environment npm start's server runs with on Linux, in the same process with the same flags`, () => {
    const server = afterRunServer(withoutMallocEnv());
    // Elsewhere (no glibc, no execve) the server is imported into the start script's process as it is.
    const linux = process.platform === 'linux';
    const unset = Object.fromEntries([...Object.keys(SERVER_MALLOC_ENV), 'NODE_COMPILE_CACHE'].map((name) => [name, undefined]));
    expect(server.env).toEqual(linux ? { ...SERVER_MALLOC_ENV, NODE_COMPILE_CACHE: expect.stringMatching(/company-calendar-run-server-.*\/node-compile-cache$/) } : unset);
    expect(server.pid).toBe(server.childPid);
    expect(server.execArgv).toEqual(SERVER_NODE_FLAGS);
    // The start script was TypeScript; the server it became carries nothing of Node's type stripper.
    expect(server.stripper).toBe(!linux);
  });

  it('leave a malloc setting and compile cache the caller chose as they are', () => {
    const chosen = { ...Object.fromEntries(Object.keys(SERVER_MALLOC_ENV).map((name) => [name, '65536'])), NODE_COMPILE_CACHE: '/somewhere/else' };
    expect(afterRunServer({ ...withoutMallocEnv(), ...chosen }).env).toEqual(chosen);
  });
});
