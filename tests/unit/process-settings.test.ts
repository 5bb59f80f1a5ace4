import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS, SERVER_OLD_SPACE_MB, SERVER_SEMI_SPACE_MB } from '../../src/api/process-settings.ts';
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

/** What a child Node started with these flags and environment sees after restartWithServerMallocEnv(), and its pid. */
function afterRestart(env: NodeJS.ProcessEnv): { pid: number; childPid: number; env: Record<string, string | undefined>; execArgv: string[] } {
  const script = `import { restartWithServerMallocEnv } from ${JSON.stringify(join(ROOT, 'scripts/server-malloc-env.ts'))};
    restartWithServerMallocEnv();
    const env = Object.fromEntries(${JSON.stringify(Object.keys(SERVER_MALLOC_ENV))}.map((name) => [name, process.env[name]]));
    console.log(JSON.stringify({ pid: process.pid, env, execArgv: process.execArgv.filter((arg) => arg.startsWith('--max') || arg === '--expose-gc') }));`;
  const child = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '-e', script], { encoding: 'utf8', env });
  if (child.status !== 0) throw new Error(child.stderr);
  return { ...JSON.parse(child.stdout), childPid: child.pid };
}

const withoutMallocEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in SERVER_MALLOC_ENV)));

const heapLimitMb = (flags: readonly string[]) => printedBy(flags, `console.log(require('node:v8').getHeapStatistics().heap_size_limit / 2 ** 20)`);

describe('the server process settings', () => {
  it('are the ones App Service starts the server with', () => {
    const commandLine = valueAt(resourceNamed(TEMPLATE, 'webApp').body, 'properties.siteConfig.appCommandLine');
    expect(commandLine).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} src/api/server.ts`);
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
    const restarted = afterRestart(withoutMallocEnv());
    expect(restarted.env).toEqual(process.platform === 'linux' ? SERVER_MALLOC_ENV : Object.fromEntries(Object.keys(SERVER_MALLOC_ENV).map((name) => [name, undefined])));
    expect(restarted.pid).toBe(restarted.childPid);
    expect(restarted.execArgv).toEqual(SERVER_NODE_FLAGS);
  });

  it('leave a malloc setting the caller chose as it is', () => {
    const chosen = Object.fromEntries(Object.keys(SERVER_MALLOC_ENV).map((name) => [name, '65536']));
    expect(afterRestart({ ...withoutMallocEnv(), ...chosen }).env).toEqual(chosen);
  });
});
