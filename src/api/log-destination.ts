import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * The log's lines are written in batches of about this many bytes, on the main thread: one write per access-log
 * line (an fs.write through libuv's thread pool, and its callback) was about a tenth of a cached feed request's CPU.
 */
export const LOG_BUFFER_BYTES = 4096;
/** A batch not yet full is written after at most this long, so that a quiet server's lines are not held back. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * The server's log destination (stdout unless `dest` names a file or descriptor), written in batches, and what is
 * held written out when the process exits, however it ends but by SIGKILL.
 */
export function bufferedLogDestination(dest: string | number = 1): LogDestination {
  const destination = pino.destination({ dest, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_INTERVAL_MS, sync: true });
  const flushOnExit = () => destination.flushSync();
  process.once('exit', flushOnExit);
  destination.once('close', () => process.off('exit', flushOnExit));
  return destination;
}
