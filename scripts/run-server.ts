// npm start's last step: the built server, with the malloc setting App Service gives it (src/api/process-settings.ts
// says why) and Node's compile cache. glibc reads MALLOC_MMAP_THRESHOLD_ once, as the process starts, and an npm
// script cannot set a variable the same way on every OS; so on Linux this process becomes the server (execve).
import { enableCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_MALLOC_ENV } from '../src/api/process-settings.ts';

/**
 * On Linux, replaces this process (same pid, Node flags) with `node <flags> <entry>` in an environment that adds the
 * malloc setting and a compile cache folder (where enableCompileCache() keeps it), keeping any value the caller set:
 * nothing of this script, nor Node's type stripping which it needed, stays in the server's memory. Elsewhere (macOS,
 * Windows: no glibc) it imports the entry here, after turning the compile cache on.
 */
export async function runServer(entry: string): Promise<void> {
  if (process.platform === 'linux' && typeof process.execve === 'function') {
    const env = { ...SERVER_MALLOC_ENV, NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache'), ...process.env };
    process.execve(process.execPath, [process.execPath, ...process.execArgv, entry], env);
  }
  enableCompileCache();
  await import(pathToFileURL(resolve(entry)).href);
}
