// Untrusted .ics files are read (parsed, and their events grouped into candidates) in a small pool of worker threads,
// each with a heap limit and a deadline, so that no file can starve the thread that answers everyone else or exhaust
// the process's memory: a thread past either is ended, and the import is told the file needs more than an import may
// use.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Tinypool } from 'tinypool';
import { FILE_TOO_COMPLEX_TYPE } from '../../shared/problem.ts';
import { HttpProblem } from '../errors.ts';
import type { IcsCandidates, IcsReadOptions } from './ical-import-file.ts';
import type { IcsReadAnswer, IcsReadTask } from './ical-import-worker.ts';

/** The pool's bounds; a test may set its own to watch one at work. */
export interface IcsReaderLimits {
  /** Threads reading files at once. */
  threads: number;
  /** Files waiting for a thread; one more is a 503 with Retry-After. */
  queue: number;
  /** How long a file may wait for a thread to start on it; longer is a 503 with Retry-After. */
  waitMs: number;
  /** How long a thread may read one file, from when it starts on it. */
  deadlineMs: number;
  /** The most heap (V8's old generation) a reading thread may use, in MB. */
  heapMb: number;
  /** A thread with no file to read ends after this long, giving its memory back. */
  idleMs: number;
}

/**
 * The most threads reading .ics files at once: one, so that the other of the machines' two cores stays with the main
 * thread, and a thread's memory (up to ICS_IMPORT_HEAP_MB, and some 30 MB to start) is counted once in the
 * instance's resident memory. Imports are rare; the queue holds the others.
 */
export const ICS_IMPORT_THREADS_MAX = 1;
/** The most files waiting for a reading thread. */
export const ICS_IMPORT_QUEUE_MAX = 8;
/** How long a file may wait for a reading thread, in ms: a thread that cannot even start never takes it. */
export const ICS_IMPORT_WAIT_MS = 30_000;
/**
 * How long reading one file may take, in ms: a file at every cap (5 MB, ICS_IMPORT_COMPONENTS_MAX events) takes 0.4–2 s
 * on these machines, so this leaves room for a loaded one and still answers well before clients give up.
 */
export const ICS_IMPORT_DEADLINE_MS = 15_000;
/** The most heap one reading thread may use, in MB: a file at every cap reads within half of it. */
export const ICS_IMPORT_HEAP_MB = 64;
/**
 * How long an idle reading thread is kept, in ms, for the next import to skip starting one (about 0.1 s): a thread
 * holds some 50 MB, which V8 gives back only when the server relieves its memory (MEMORY_RELIEF_IDLE_MS, later), so
 * the thread ends first.
 */
export const ICS_IMPORT_IDLE_MS = 5_000;
/** What a 503 for a full queue asks the client to wait, in seconds. */
export const ICS_IMPORT_RETRY_AFTER_S = 5;

export const DEFAULT_ICS_READER_LIMITS: IcsReaderLimits = {
  threads: ICS_IMPORT_THREADS_MAX,
  queue: ICS_IMPORT_QUEUE_MAX,
  waitMs: ICS_IMPORT_WAIT_MS,
  deadlineMs: ICS_IMPORT_DEADLINE_MS,
  heapMb: ICS_IMPORT_HEAP_MB,
  idleMs: ICS_IMPORT_IDLE_MS,
};

export interface IcsReader {
  /** The file's candidates, read in a worker thread; its 4xx as the same HttpProblem; 422 past the deadline or heap. */
  read(body: Uint8Array, options: IcsReadOptions): Promise<IcsCandidates>;
  close(): Promise<void>;
}

const fileTooComplex = ({ deadlineMs, heapMb }: IcsReaderLimits) =>
  new HttpProblem(422, 'File too complex', {
    type: FILE_TOO_COMPLEX_TYPE,
    detail: `Reading this file needs more than an import may use (${deadlineMs / 1000} s, ${heapMb} MB). Nothing was imported: split it into smaller files.`,
  });

const busy = () =>
  new HttpProblem(503, 'Service Unavailable', {
    detail: 'Too many files are being imported right now. Nothing was imported: try again shortly.',
    headers: { 'retry-after': String(ICS_IMPORT_RETRY_AFTER_S) },
  });

/** The reading thread's module, beside this one: a .ts file run from source, a .js file in the server's bundle. */
const READER_FILE = new URL(`./ical-import-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

const isOutOfMemory = (error: unknown) => (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

/** A pool of reading threads within the limits; `onError` hears what a thread reports outside any task. */
export function createIcsReader(limits: IcsReaderLimits = DEFAULT_ICS_READER_LIMITS, onError: (error: Error) => void = () => {}): IcsReader {
  const pool = new Tinypool({
    filename: READER_FILE,
    minThreads: 0,
    maxThreads: limits.threads,
    maxQueue: limits.queue,
    idleTimeout: limits.idleMs,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
  });
  pool.on('error', onError);

  /** The task in a thread: ended past the deadline from when the thread starts on it, or past the wait before. */
  async function run(task: Omit<IcsReadTask, 'started'>): Promise<IcsReadAnswer> {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer = setTimeout(() => abort.abort(busy()), limits.waitMs);
    port1.once('message', () => {
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(fileTooComplex(limits)), limits.deadlineMs);
    });
    try {
      return (await pool.run({ ...task, started: port2 }, { signal: abort.signal, transferList: [port2] })) as IcsReadAnswer;
    } catch (error) {
      if (abort.signal.aborted) throw abort.signal.reason;
      if (isOutOfMemory(error)) throw fileTooComplex(limits);
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    async read(body, { timeZone, categories }) {
      if (pool.queueSize >= limits.queue) throw busy();
      const answer = await run({ body, timeZone, categories: categories.map(({ id, name }) => ({ id, name })) });
      if ('problem' in answer) throw new HttpProblem(answer.problem.status, answer.problem.title, answer.problem.options);
      return answer.read;
    },
    close: () => pool.destroy(),
  };
}
