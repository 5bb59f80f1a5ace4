// npm start: build the web app and the server when their sources are newer than their builds, then run the server.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runServer } from './run-server.ts';
import { SERVER_ENTRY, SERVER_INPUTS } from './server-build.ts';
import { VITE_CLI } from './vite-cli.ts';

const WEB_INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/web-build-output.ts', 'package-lock.json'];
const WEB_BUILT = join(process.env.WEB_ROOT ?? 'dist/web', 'index.html');

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** Runs `node <args>` when an input is newer than what it builds; exits with its status if it fails. */
function buildWhenStale(what: string, inputs: readonly string[], built: string, args: readonly string[]): void {
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (Math.max(...inputs.map(newestMtime)) <= builtAt) return;
  console.log(`Building the ${what}…`);
  // A production build whatever the caller's NODE_ENV: under test runners it is "test", which changes Griffel's output.
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildWhenStale('web app', WEB_INPUTS, WEB_BUILT, [VITE_CLI, 'build', '--logLevel', 'warn']);
buildWhenStale('server', SERVER_INPUTS, SERVER_ENTRY, ['scripts/server-build.ts']);
await runServer(SERVER_ENTRY);
