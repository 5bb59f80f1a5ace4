// Loaded with --import into the benches' server processes only: answers the bench over the IPC channel with the
// process's memory breakdown, or writes a heap snapshot. The app itself carries no such hook.
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';

export type MemoryReport = ReturnType<typeof process.memoryUsage> & {
  /** Each V8 heap space's committed size (bytes), by name: which generation holds the heap's growth. */
  spaces: Record<string, number>;
};

type ProbeMessage = { id: number } & ({ type: 'memory' } | { type: 'heap-snapshot'; file: string });

function memoryReport(): MemoryReport {
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  return { ...process.memoryUsage(), spaces };
}

if (process.send) {
  process.on('message', (message: ProbeMessage) => {
    const value = message.type === 'memory' ? memoryReport() : writeHeapSnapshot(message.file);
    process.send!({ id: message.id, value });
  });
  // Listening refs the channel: it must not keep a server alive that is shutting down.
  process.channel?.unref();
}
