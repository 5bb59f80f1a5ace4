import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The server's TypeScript sources under `root`: src/api and src/shared, which src/api imports. */
export function serverSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) sources.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  for (const dir of ['src/api', 'src/shared']) walk(join(root, dir));
  return sources;
}

/** The source text of each `z.object({…})` literal in a source. */
function zodObjects(source: string): string[] {
  return Array.from(source.matchAll(/z\.object\(\{/g), (start) => {
    let depth = 0;
    for (let i = start.index + start[0].length - 1; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}' && --depth === 0) return source.slice(start.index, i + 1);
    }
    return source.slice(start.index);
  });
}

/**
 * The environment variables a source reads: the UPPER_CASE keys of a zod object schema (src/api/config.ts declares
 * the environment that way) and direct reads (`env.NAME`, `env['NAME']`, `process.env.NAME`).
 */
export function environmentVariablesRead(source: string): string[] {
  const schemaKeys = zodObjects(source).flatMap((schema) => Array.from(schema.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm), (match) => match[1]!));
  const reads = Array.from(source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g), (match) => (match[1] ?? match[2])!);
  return [...new Set([...schemaKeys, ...reads])];
}

/** The packages a source imports by name (not node: built-ins, not relative paths): `@scope/name` or `name`. */
export function packagesImported(source: string): string[] {
  const specifiers = Array.from(source.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*'([^'.][^']*)'/g), (match) => match[1]!);
  return [
    ...new Set(
      specifiers
        .filter((specifier) => !specifier.startsWith('node:'))
        .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')),
    ),
  ];
}
