// How the server's Node process is started where it runs for real (infra/azure.bicep's command line and app
// settings, which a unit test holds to these), by `npm start` (package.json's flags; scripts/server-malloc-env.ts
// gives it the malloc setting on Linux), and as the memory bench starts it. Both are read when the process starts, so
// neither can be set from inside the server.
//
// Measured with the memory bench (10k events, 10 connections on the feed; heap snapshots and process.memoryUsage()):
// what is live stays small (old space about 30 MB, the caches included), but with Node's defaults V8 lets its young
// generation grow to 128 MB under that allocation rate, lets old space grow to about four times what is live before
// collecting (its growth factor on a machine whose heap limit is past 1 GB), and glibc raises its mmap threshold
// after the first large free, so the feed's ~500 KB bodies come out of the arenas, which never shrink: 300–360 MB
// under load.

/** The resident memory the server may reach under sustained feed load, as the memory bench measures it. */
export const FEED_LOAD_RSS_MAX_MB = 250;

/**
 * V8's largest semi-space, in MB: a young generation of 8 MB at most instead of 128, for more scavenges (each cheap:
 * what survives is small). The flag is the process's, so it also sizes the .ics reading thread's young generation (a
 * Worker's resourceLimits do not override it): after a stream of small imports that thread's heap held about 80 MB at
 * 16 here, 55 at 8 and 40 at 4. The 3-minute mixed soak (bench `soak`, while other work loaded both cores): RSS
 * under load median / max 301 / 315 MB at 8 without memory relief, 264 / 298 with it, 238 / 270 at 4 with it.
 */
export const SERVER_SEMI_SPACE_MB = 4;

/**
 * V8's old-space limit, in MB: far above what is live (the caches are bounded well below it), and small enough that
 * V8 collects at about 1.6 times what is live rather than 4 times.
 */
export const SERVER_OLD_SPACE_MB = 512;

/**
 * Node's command-line flags for the server. --expose-gc gives the server gc(), with which it gives unused memory back
 * when quiet or past a threshold (health/memory-relief.ts): V8 alone keeps it.
 */
export const SERVER_NODE_FLAGS = [`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`, `--max-old-space-size=${SERVER_OLD_SPACE_MB}`, '--expose-gc'] as const;

/**
 * glibc's malloc settings. The mmap threshold fixed at its default: set, it never rises, so every large buffer is
 * mapped on its own and unmapped when freed, and RSS comes back after load. Two arenas at most instead of eight per
 * core: each thread that allocates (the .ics reading thread, libuv's pool compressing and hashing) otherwise gets an
 * arena of its own, which never shrinks (the reading thread's alone held 25–30 MB).
 */
export const SERVER_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024), MALLOC_ARENA_MAX: '2' } as const;
