// What the production web build leaves where: read by vite.config.ts, which makes it, and by the tests that check it.
import { fileURLToPath } from 'node:url';

/** Text assets smaller than this are served as they are: a compressed copy would save less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Built text assets that get .br and .gz copies beside them, for the server to pick by Accept-Encoding. */
export const PRECOMPRESSED_FILES = /\.(html|js|mjs|css|json|svg|webmanifest|txt|xml)$/;
/** Source maps of the production build: kept for debugging, never in dist/web, so never served. */
export const SOURCE_MAP_DIR = fileURLToPath(new URL('../dist/web-sourcemaps', import.meta.url));
/**
 * The most the first screen's code may weigh on the wire, brotli-compressed: index.html's entry script, every chunk
 * it modulepreloads and its stylesheets (issue 9's target, 260 kB). Whatever the first screen does not show loads
 * lazily instead.
 */
export const EAGER_ASSETS_MAX_BYTES = 260_000;

/** What index.html loads before the app runs: its module script, the chunks it modulepreloads and its stylesheets. */
export function eagerAssetPaths(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const eager = tags.filter((tag) => /^<script\b[^>]*type="module"/.test(tag) || /\brel="(?:modulepreload|stylesheet)"/.test(tag));
  return eager.map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]).filter((path): path is string => path !== undefined);
}

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of a file that carries it is
 * compiled at once, on a background thread while the file loads, instead of on the main thread when first called.
 */
export const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad';
/**
 * The first screen's big chunks, nearly all of whose code runs before the first events: they carry the hint. Not the
 * boot chunk: it runs first, on the critical path, and most of its time zone maths is not called then (measured: with
 * it, the first events came about 20 ms later; with these four, about 8 ms sooner than with none).
 */
export const COMPILE_ALL_CHUNKS: readonly string[] = ['react', 'fullcalendar', 'fluent', 'app'];
