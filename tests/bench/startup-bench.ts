// Start-up to healthy: a fresh server process, spawned as `npm start` runs it (scripts/start.ts, past its build
// check) and as App Service runs it (`node dist/server/server.js`, the bundle), polled on /api/health until it answers 200.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../e2e/harness/server.ts';
import { SERVER_NODE_FLAGS } from '../../src/api/process-settings.ts';
import { interleave, type Comparison, type Sampler } from './measure.ts';
import { SERVER_ENTRY } from '../../scripts/server-build.ts';

/** The target for start-up to healthy. */
export const STARTUP_TO_HEALTHY_TARGET_MS = 800;
const POLL_INTERVAL_MS = 5;
const GIVE_UP_MS = 30_000;
const ROOT = join(import.meta.dirname, '..', '..');
const BARE_LIMIT = `bare Fastify server, one health route, same compile cache; target < ${STARTUP_TO_HEALTHY_TARGET_MS} ms`;

/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time (user + system, ms) a process has used so far, from /proc: the machine is shared, so wall time is noisy. */
function cpuMsOf(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A subject's start-ups: the wall time of each as a sampler, the CPU time of each collected beside it. */
interface StartUps {
  wall: Sampler;
  cpu: number[];
}

const BARE_SERVER = 'tests/bench/bare-health-server.ts';

/** Spawns `node <script>` and times it to its first 200 on /api/health; then stops it. Our server gets its V8 flags. */
function startUp(script: string, env: Record<string, string>): StartUps {
  const flags = script === BARE_SERVER ? [] : SERVER_NODE_FLAGS;
  const cpu: number[] = [];
  const wall: Sampler = async () => {
    const port = await freePort();
    const started = performance.now();
    const child = spawn(process.execPath, [...flags, script], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
    try {
      while (performance.now() - started < GIVE_UP_MS) {
        if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
        const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
        if (healthy) {
          const elapsed = performance.now() - started;
          cpu.push(cpuMsOf(child.pid!));
          return elapsed;
        }
        await sleep(POLL_INTERVAL_MS);
      }
      throw new Error(`${script} was not healthy within ${GIVE_UP_MS} ms`);
    } finally {
      child.kill();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    }
  };
  return { wall, cpu };
}

/** Wall time to healthy of ours against the limit, interleaved, and the CPU time of the same start-ups. */
async function compare(figure: string, limit: string, rounds: number, ours: StartUps, bare: StartUps): Promise<Comparison[]> {
  const [oursCpu, bareCpu] = [ours.cpu.length, bare.cpu.length];
  const wall = await interleave({ figure, limit, rounds, warmup: 1, ours: ours.wall, bare: bare.wall });
  // The warm-up round's start-ups are dropped here too.
  const cpu = { ours: ours.cpu.slice(oursCpu + 1), bare: bare.cpu.slice(bareCpu + 1) };
  return [wall, { figure: `${figure}, CPU`, limit, unit: 'ms CPU', ...cpu }];
}

export async function benchStartup(rounds: number): Promise<Comparison[]> {
  console.log(`startup: fresh processes to their first 200 on /api/health, SQLite with the demo seed; target ${STARTUP_TO_HEALTHY_TARGET_MS} ms`);
  const dir = mkdtempSync(join(tmpdir(), 'company-calendar-startup-'));
  // A web root built "now", so that start.ts finds the build fresh and never builds: its check is still timed.
  const webRoot = join(dir, 'web');
  mkdirSync(webRoot);
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>bench</title>');
  const compileCache = join(dir, 'compile-cache');
  const app = { DATA_DIR: join(dir, 'data'), WEB_ROOT: webRoot, HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  const cached = { NODE_COMPILE_CACHE: compileCache };
  const bare = startUp(BARE_SERVER, cached);
  const comparisons = [
    ...(await compare('start-up to healthy, npm start (scripts/start.ts)', BARE_LIMIT, rounds, startUp('scripts/start.ts', app), bare)),
    ...(await compare(`start-up to healthy, App Service (node ${SERVER_ENTRY})`, BARE_LIMIT, rounds, startUp(SERVER_ENTRY, { ...app, ...cached }), bare)),
    ...(await compare(
      'start-up to healthy, node src/api/server.ts without a compile cache',
      'the same with NODE_COMPILE_CACHE',
      rounds,
      startUp('src/api/server.ts', { ...app, NODE_DISABLE_COMPILE_CACHE: '1' }),
      startUp('src/api/server.ts', { ...app, ...cached }),
    )),
  ];
  rmSync(dir, { recursive: true, force: true });
  return comparisons;
}
