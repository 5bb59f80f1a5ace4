// npm start's server gets the malloc setting App Service gives it (src/api/process-settings.ts says why): glibc reads
// MALLOC_MMAP_THRESHOLD_ once, as the process starts, and an npm script cannot set a variable the same way on every OS.
import { SERVER_MALLOC_ENV } from '../src/api/process-settings.ts';

/**
 * On Linux, when the environment lacks the setting, replaces this process with the same command (same pid, flags and
 * arguments) in an environment that has it; a value the caller set is kept. Elsewhere (macOS, Windows: no glibc) it
 * does nothing. Call it first: everything done before it is done again.
 */
export function restartWithServerMallocEnv(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  if (Object.keys(SERVER_MALLOC_ENV).every((name) => process.env[name] !== undefined)) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...SERVER_MALLOC_ENV, ...process.env });
}
