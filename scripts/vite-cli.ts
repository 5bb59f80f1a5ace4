import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Vite's CLI entry: its package exports no bin path, so find it beside package.json. */
export const VITE_CLI = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
