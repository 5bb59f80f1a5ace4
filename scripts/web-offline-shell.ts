// The installable, offline-capable shell of the web build: its web app manifest and its service worker, made by
// vite-plugin-pwa with Workbox (injectManifest: our own src/web/service-worker.ts, given the list of files to precache).
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin, PluginOption, ResolvedConfig } from 'vite';

/** The built service worker, at the root of the build so that its scope is the whole site. */
const SERVICE_WORKER_FILE = 'service-worker.js';
/** What the service worker precaches: the HTML entry, every script and style, and the icons. Never maps or .br/.gz copies. */
export const PRECACHED_FILES = ['index.html', 'assets/**/*.{js,css}', '*.{svg,png}'];

export const APP_MANIFEST = {
  name: 'Company Calendar',
  short_name: 'Calendar',
  description: 'Company, department and team calendars.',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  theme_color: '#1b64b4',
  background_color: '#ffffff',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    // The artwork keeps inside the maskable safe zone, so launchers may crop it to their shape.
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
};

/**
 * The worker's .br and .gz copies, as the app's own files get them (vite.config.ts): made last, because Workbox writes
 * the precache list into the worker after its build, where a compression plugin would have copied it without.
 */
function precompressServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-service-worker',
    apply: 'build',
    configResolved: (config: ResolvedConfig) => void (outDir = resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const path = join(outDir, SERVICE_WORKER_FILE);
        const worker = await readFile(path);
        await writeFile(`${path}.br`, await promisify(brotliCompress)(worker, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
        await writeFile(`${path}.gz`, await promisify(gzip)(worker, { level: zlib.Z_BEST_COMPRESSION }));
      },
    },
  };
}

export function offlineShell(): PluginOption {
  return [
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: SERVICE_WORKER_FILE.replace(/\.js$/, '.ts'),
      // main.tsx registers it, only where it helps (lib/register-service-worker.ts).
      injectRegister: false,
      manifest: APP_MANIFEST,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: PRECACHED_FILES,
        // A classic script: every browser with service workers runs one.
        rollupFormat: 'iife',
        // Hashed names are their own revision: no cache-busting query on them.
        dontCacheBustURLsMatching: /^assets\//,
        // The app's maps go aside (SOURCE_MAP_DIR, out of the served folder); the worker is small enough to read without.
        sourcemap: false,
      },
    }),
    precompressServiceWorker(),
  ];
}
