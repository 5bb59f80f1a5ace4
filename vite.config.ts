import griffelPlugin from '@griffel/vite-plugin';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { COMPILE_ALL_CHUNKS, COMPILE_ALL_HINT, PRECOMPRESS_MIN_BYTES, PRECOMPRESSED_FILES, SOURCE_MAP_DIR } from './scripts/web-build-output.ts';
import { offlineShell } from './scripts/web-offline-shell.ts';
import { precompiledMessages } from './scripts/precompiled-messages.ts';

// @griffel/vite-plugin re-exports @wyw-in-js/vite, whose types describe its CommonJS build (the plugin as `default` of the
// module); Vite loads its ES build, whose default export is the plugin itself.
const griffel = griffelPlugin as unknown as () => Plugin;
const API_DEV_PORT = Number(process.env.API_DEV_PORT ?? 3001);

const page = (name: string) => fileURLToPath(new URL(`./src/web/${name}.html`, import.meta.url));

// MSAL's redirect page is its own entry; the server answers /auth-end with it, and so do Vite's dev and preview servers.
const serveAuthEnd: Connect.NextHandleFunction = (request, _response, next) => {
  if (request.url?.split(/[?#]/)[0] === '/auth-end') request.url = request.url.replace('/auth-end', '/auth-end.html');
  next();
};
const authEndRoute: Plugin = {
  name: 'auth-end-route',
  configureServer: (server) => void server.middlewares.use(serveAuthEnd),
  configurePreviewServer: (server) => void server.middlewares.use(serveAuthEnd),
};

// Built once, so the best ratio is worth its time: brotli at quality 11 and gzip at level 9.
const precompress = compression({
  include: PRECOMPRESSED_FILES,
  threshold: PRECOMPRESS_MIN_BYTES,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
  ],
  logLevel: 'silent',
});

// With hidden source maps the bundles name no map; this takes the maps out of the bundle and writes them aside.
const sourceMapsAside: Plugin = {
  name: 'source-maps-aside',
  apply: 'build',
  generateBundle(_options, bundle) {
    rmSync(SOURCE_MAP_DIR, { recursive: true, force: true });
    for (const [fileName, output] of Object.entries(bundle)) {
      if (!fileName.endsWith('.map') || output.type !== 'asset') continue;
      const target = join(SOURCE_MAP_DIR, fileName);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, output.source);
      delete bundle[fileName];
    }
  },
};

// What the first requests need (boot.ts and what it imports statically), as the build found it: its own chunk, so
// that it evaluates before the big libraries' chunks and its requests leave while they evaluate.
const BOOT_MODULE = fileURLToPath(new URL('./src/web/boot.ts', import.meta.url));
const bootModules = new Set<string>();
const bootGraph: Plugin = {
  name: 'boot-graph',
  apply: 'build',
  buildEnd() {
    bootModules.clear();
    const pending = [BOOT_MODULE];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (bootModules.has(id)) continue;
      bootModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

const START_APP_ENTRY = 'start-app';
const START_APP_MODULE = fileURLToPath(new URL('./src/web/start-app.tsx', import.meta.url));

// index.html's entry imports the app's entry dynamically, after boot.ts: this makes index.html preload the app's
// chunks and stylesheets too, so that they download beside the entry rather than after it has run.
const firstScreenPreloads: Plugin = {
  name: 'first-screen-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle, filename }) {
      if (!bundle || !filename.endsWith('index.html')) return html;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const start = chunks.find((chunk) => chunk.isEntry && chunk.name === START_APP_ENTRY);
      if (!start) throw new Error(`No ${START_APP_ENTRY} chunk in the build`);
      const files = new Set<string>();
      const css = new Set<string>();
      const pending = [start.fileName];
      while (pending.length > 0) {
        const fileName = pending.pop()!;
        if (files.has(fileName)) continue;
        files.add(fileName);
        const chunk = chunks.find((candidate) => candidate.fileName === fileName);
        pending.push(...(chunk?.imports ?? []));
        for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
      }
      const links = [...files]
        .filter((fileName) => !html.includes(`/${fileName}"`))
        .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`);
      const sheets = [...css].filter((fileName) => !html.includes(`/${fileName}"`)).map((fileName) => `<link rel="stylesheet" crossorigin href="/${fileName}">`);
      return html.replace('</head>', `${[...links, ...sheets].join('\n')}\n</head>`);
    },
  },
};

export default defineConfig({
  root: 'src/web',
  // Griffel's build-time transform turns each makeStyles into its finished CSS rules, so the browser no longer
  // resolves style objects (and no longer loads the resolver) while it draws the first screen. Build only: the dev
  // server resolves them at run time, as Griffel itself recommends.
  plugins: [precompiledMessages(), react(), { ...griffel(), apply: 'build' }, authEndRoute, sourceMapsAside, precompress, offlineShell(), bootGraph, firstScreenPreloads],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Vite's dev server (npm run dev) makes its own maps whatever this says.
    sourcemap: 'hidden',
    // Every browser the app supports preloads modules itself (Chromium, and Safari from 17); elsewhere the links are
    // ignored and the modules load as they are imported. The polyfill would be one more request before boot runs.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app is an entry of its own, which the page's entry imports once boot.ts has run (see firstScreenPreloads).
      input: { main: page('index'), 'auth-end': page('auth-end'), [START_APP_ENTRY]: START_APP_MODULE },
      output: {
        // After minification, which would drop the comment.
        postBanner: (chunk) => (COMPILE_ALL_CHUNKS.includes(chunk.name) ? COMPILE_ALL_HINT : ''),
        // Long-lived vendor chunks, so an app release does not invalidate the cached libraries: of the code the first
        // screen loads ($initial) only. What only lazy parts use (dialogs, forms) goes with them, not into eager chunks.
        codeSplitting: {
          // Taken in this order, each group with what its modules import that no group before took: the libraries
          // the others build on come first, so that no chunk imports one it does not need.
          groups: [
            { name: 'react', tags: ['$initial'], priority: 4, test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
            // Boot and all it imports, the time zone maths included, in one chunk before the calendar's takes them: the
            // first requests wait for nothing else, and the calendar's code imports its time zone maths from here.
            { name: 'boot', tags: ['$initial'], priority: 4, test: (id) => bootModules.has(id) },
            { name: 'fullcalendar', tags: ['$initial'], priority: 3, test: /node_modules[\\/](?!@fullcalendar[\\/]react[\\/]locales)(@fullcalendar|@full-ui)/ },
            { name: 'fluent', tags: ['$initial'], priority: 3, test: /node_modules[\\/](@fluentui|@griffel|tabster|@floating-ui)/ },
            // The rest of the first screen in one chunk, not in a dozen small ones that its lazy parts happen to share.
            { name: 'app', tags: ['$initial'], priority: 1, test: /src[\\/](web|shared)[\\/](?!main\.tsx$)(?!start-app\.tsx$)(?!.*auth-end).*\.tsx?$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${API_DEV_PORT}` },
  },
});
