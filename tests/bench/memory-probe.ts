// Loaded with --import into the benches' server processes only: answers the bench with the process's memory breakdown,
// or writes a heap snapshot. The app itself carries no such hook. Questions come as files in BENCH_PROBE_DIR and a
// signal, not over an IPC channel: `npm start` may replace its process (execve) to set glibc's environment, which
// keeps the pid and the --import but closes the channel.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';

export type MemoryReport = ReturnType<typeof process.memoryUsage> & {
  /** Each V8 heap space's committed size (bytes), by name: which generation holds the heap's growth. */
  spaces: Record<string, number>;
  /** What V8 holds in physical pages for its heap, and what it has malloc'ed for itself (compilers' zones, tables). */
  heapPhysical: number;
  v8Malloced: number;
};

export type ProbeQuestion = { type: 'memory' } | { type: 'heap-snapshot'; file: string };

/** The signal that tells the probe a question is waiting: one the server does not close on (close-with-grace takes SIGUSR2), ignored where no probe listens. */
export const PROBE_SIGNAL = 'SIGWINCH';
export const questionFile = (dir: string, id: number) => join(dir, `question-${id}.json`);
export const answerFile = (dir: string, id: number) => join(dir, `answer-${id}.json`);

function memoryReport(): MemoryReport {
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  const { total_physical_size: heapPhysical, malloced_memory: v8Malloced } = getHeapStatistics();
  return { ...process.memoryUsage(), spaces, heapPhysical, v8Malloced };
}

function answer(dir: string): void {
  for (const name of readdirSync(dir)) {
    const id = /^question-(\d+)\.json$/.exec(name)?.[1];
    if (id === undefined) continue;
    const question = JSON.parse(readFileSync(join(dir, name), 'utf8')) as ProbeQuestion;
    rmSync(join(dir, name));
    const value = question.type === 'memory' ? memoryReport() : writeHeapSnapshot(question.file);
    // Written whole, then renamed: the bench never reads half an answer.
    const file = answerFile(dir, Number(id));
    writeFileSync(`${file}.partial`, JSON.stringify(value));
    renameSync(`${file}.partial`, file);
  }
}

const dir = process.env.BENCH_PROBE_DIR;
if (dir) process.on(PROBE_SIGNAL, () => answer(dir));
