import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { extname, join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings the build precompresses assets in (see vite.config.ts), in the server's order of preference. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const FILE_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };
/** Characters of a content hash (base64url) in an asset's ETag: 162 bits, far past any collision. */
const ETAG_LENGTH = 27;
const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface BuiltAsset {
  body: Buffer;
  /** Null when sent as it is. */
  encoding: Exclude<Encoding, 'identity'> | null;
  contentType: string;
  /** Of the file's content, the same for every encoding of it. */
  etag: string;
}

interface Variants {
  files: Partial<Record<Encoding, Buffer>>;
  contentType: string;
  /** The encodings the build wrote this file in, in the server's order of preference. */
  encodings: Encoding[];
  etag: string;
}

async function readVariants(path: string): Promise<Variants> {
  const bodies = await Promise.all(ENCODINGS.map((encoding) => readFile(path + FILE_SUFFIX[encoding]).catch(() => undefined)));
  const files: Variants['files'] = {};
  ENCODINGS.forEach((encoding, index) => {
    if (bodies[index]) files[encoding] = bodies[index];
  });
  const etag = `"${createHash('sha256').update(files.identity ?? '').digest('base64url').slice(0, ETAG_LENGTH)}"`;
  const contentType = CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
  return { files, contentType, encodings: ENCODINGS.filter((encoding) => files[encoding] !== undefined), etag };
}

/**
 * The build's hashed assets, answered from memory: a file there never changes while the server runs, and reading it
 * from disk for every request (a stat and a stream for each of a first visit's dozen files) cost more server time
 * than all of the visit's API calls. Only the files the build wrote are known, listed once; each is read when first
 * asked for and kept, so the memory held is at most the build's own assets. Source maps are never among them.
 */
export function builtAssets(assetsRoot: string) {
  const names = new Set((existsSync(assetsRoot) ? readdirSync(assetsRoot) : []).filter((name) => !/\.(br|gz|map)$/.test(name)));
  const read = new Map<string, Promise<Variants>>();
  const variants = (name: string) => {
    let pending = read.get(name);
    if (!pending) read.set(name, (pending = readVariants(join(assetsRoot, name))));
    return pending;
  };

  /** The asset in the best encoding the request accepts that the build wrote, or null for no such asset. */
  return async function find(name: string, acceptEncoding: string | undefined): Promise<BuiltAsset | null> {
    if (!names.has(name)) return null;
    const { files, contentType, encodings, etag } = await variants(name);
    // Identity is acceptable unless refused, and then there is nothing better to send.
    const encoding = negotiate(acceptEncoding ?? 'identity', encodings) ?? 'identity';
    return {
      body: files[encoding] ?? Buffer.alloc(0),
      encoding: encoding === 'identity' ? null : encoding,
      contentType,
      etag,
    };
  };
}
