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

/** V8's largest semi-space, in MB: a young generation of 32 MB at most instead of 128, for a few more scavenges. */
export const SERVER_SEMI_SPACE_MB = 16;

/**
 * V8's old-space limit, in MB: far above what is live (the caches are bounded well below it), and small enough that
 * V8 collects at about 1.6 times what is live rather than 4 times.
 */
export const SERVER_OLD_SPACE_MB = 512;

/** Node's command-line flags for the server. */
export const SERVER_NODE_FLAGS = [`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`, `--max-old-space-size=${SERVER_OLD_SPACE_MB}`] as const;

/**
 * glibc's mmap threshold, in bytes, fixed at its default: set, it never rises, so every large buffer is mapped on its
 * own and unmapped when freed, and RSS comes back after load.
 */
export const SERVER_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) } as const;
