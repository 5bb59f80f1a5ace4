// What the production web build leaves where: read by vite.config.ts, which makes it, and by the tests that check it.
import { fileURLToPath } from 'node:url';

/** Text assets smaller than this are served as they are: a compressed copy would save less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Built text assets that get .br and .gz copies beside them, for the server to pick by Accept-Encoding. */
export const PRECOMPRESSED_FILES = /\.(html|js|mjs|css|json|svg|webmanifest|txt|xml)$/;
/** Source maps of the production build: kept for debugging, never in dist/web, so never served. */
export const SOURCE_MAP_DIR = fileURLToPath(new URL('../dist/web-sourcemaps', import.meta.url));
