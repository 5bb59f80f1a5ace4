// npm start: the server's malloc setting, then build the web app when its sources are newer than the build, then run
// the server.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { restartWithServerMallocEnv } from './server-malloc-env.ts';
import { VITE_CLI } from './vite-cli.ts';

restartWithServerMallocEnv();

// Before the server's modules load: Node keeps their compiled, type-stripped code on disk (NODE_COMPILE_CACHE, else
// a folder in the system's temporary directory), which takes about a third off start-up to healthy.
enableCompileCache();

const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/web-build-output.ts', 'package-lock.json'];
const BUILT = join(process.env.WEB_ROOT ?? 'dist/web', 'index.html');

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const builtAt = statSync(BUILT, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (Math.max(...INPUTS.map(newestMtime)) > builtAt) {
  console.log('Building the web app…');
  // A production build whatever the caller's NODE_ENV: under test runners it is "test", which changes Griffel's output.
  const result = spawnSync(process.execPath, [VITE_CLI, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../src/api/server.ts');
