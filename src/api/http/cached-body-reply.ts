import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ifNoneMatchAny } from './conditional-requests.ts';

export type BodyEncoding = 'br' | 'gzip';
const ENCODINGS: BodyEncoding[] = ['br', 'gzip'];

/** A JSON body kept serialised, with its compressed copies made on demand (and kept by whoever keeps the body). */
export interface CachedJson {
  /** Unquoted, without an encoding: each encoding's ETag is this with `-br` or `-gzip`. */
  tag: string;
  body(): Promise<{ json: Buffer; encoded(encoding: BodyEncoding): Promise<Buffer> }>;
}

// As @fastify/compress reads Accept-Encoding: "*" and x-gzip mean gzip.
const GZIP_ALIAS = /\*|x-gzip/gu;

/**
 * At most this many Accept-Encoding values are remembered with the encoding each chose: browsers send a few. Each is
 * at most Node's header size (16 KB), so what they hold is bounded.
 */
export const NEGOTIATED_ENCODINGS_MAX = 100;
const negotiated = new LRUCache<string, BodyEncoding | 'none'>({ max: NEGOTIATED_ENCODINGS_MAX });

function chosenEncoding(request: FastifyRequest): BodyEncoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  let chosen = negotiated.get(header);
  if (chosen === undefined) {
    chosen = negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS) ?? 'none';
    negotiated.set(header, chosen);
  }
  return chosen === 'none' ? null : chosen;
}

/**
 * Sends a cached JSON body with a strong ETag per encoding: 304 without a body when If-None-Match names any of them,
 * else the bytes already encoded as Accept-Encoding asks (so @fastify/compress, which leaves an encoded reply alone,
 * compresses nothing again). `private, no-cache` and `Vary: Authorization`: a browser revalidates every time, and no
 * cache hands one user's answer to another.
 */
export async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson): Promise<FastifyReply> {
  const encoding = chosenEncoding(request);
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, authorization')
    .header('etag', `"${encoding ? `${cached.tag}-${encoding}` : cached.tag}"`);
  const conditional = request.headers['if-none-match'] !== undefined;
  if (conditional && ifNoneMatchAny(request, [cached.tag, ...ENCODINGS.map((one) => `${cached.tag}-${one}`)])) return reply.code(304).send();
  const body = await cached.body();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(body.json);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
