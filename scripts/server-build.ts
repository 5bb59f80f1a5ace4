// The server as it runs for real (npm start, App Service): its TypeScript bundled into plain JavaScript in dist/server,
// its dependencies left in node_modules. From source, Node strips types with a WebAssembly compiler that every thread
// loads and keeps (about 14 MB each: the main thread and the .ics reading thread), so the bundle is what keeps the
// server within FEED_LOAD_RSS_MAX_MB. Tests run the sources, and e2e tests and benches the bundle, through npm start.
import { renameSync, rmSync } from 'node:fs';
import { build } from 'vite';

export const SERVER_BUILD_DIR = 'dist/server';
/** The server's start file in the bundle; the .ics reading thread's is beside it (ical-import-pool.ts finds it there). */
export const SERVER_ENTRY = `${SERVER_BUILD_DIR}/server.js`;
/** What the bundle is built from: npm start builds it again when one of these is newer. */
export const SERVER_INPUTS = ['src/api', 'src/shared', 'scripts/server-build.ts', 'package-lock.json'];

/** Builds the bundle beside the old one, then puts it in place, so that a server starting meanwhile reads either whole. */
export async function buildServer(): Promise<void> {
  const partial = `${SERVER_BUILD_DIR}.partial-${process.pid}`;
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: partial,
      emptyOutDir: true,
      target: 'node24',
      // Readable stack traces in production logs, without source maps for Node to load.
      minify: false,
      copyPublicDir: false,
      rollupOptions: {
        input: { server: 'src/api/server.ts', 'ical-import-worker': 'src/api/ical/ical-import-worker.ts' },
        // One flat folder: modules find each other (and the reading thread's file) beside themselves.
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  renameSync(partial, SERVER_BUILD_DIR);
}

if (import.meta.main) await buildServer();
