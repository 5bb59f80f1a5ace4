// npm run dev: the API restarts on change (port 3001), Vite serves the web app with hot reload on 3000.
import { spawn } from 'node:child_process';
import { VITE_CLI } from './vite-cli.ts';

const API_DEV_PORT = process.env.API_DEV_PORT ?? '3001';

const children = [
  spawn(process.execPath, ['--watch-path=src/api', '--watch-path=src/shared', 'src/api/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: API_DEV_PORT, HOST: '127.0.0.1' },
  }),
  spawn(process.execPath, [VITE_CLI], { stdio: 'inherit', env: { ...process.env, API_DEV_PORT } }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode ??= code ?? 0; });
