import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

function chosenEncoding(request: FastifyRequest): BodyEncoding | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS) : null;
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
  if (ifNoneMatchAny(request, [cached.tag, ...ENCODINGS.map((one) => `${cached.tag}-${one}`)])) return reply.code(304).send();
  const body = await cached.body();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(body.json);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}
