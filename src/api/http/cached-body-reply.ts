import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ifNoneMatchAny, notModified } from './conditional-requests.ts';

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
 * The encoding a cached body goes out in, as Accept-Encoding asks (null: as it is), with its strong ETag (the body's
 * tag, `-br` or `-gzip` added) and every tag of the body, which If-None-Match may name whatever it was sent in.
 */
export function negotiatedTag(request: FastifyRequest, tag: string): { encoding: BodyEncoding | null; etag: string; tags: string[] } {
  const encoding = chosenEncoding(request);
  return { encoding, etag: `"${encoding ? `${tag}-${encoding}` : tag}"`, tags: [tag, ...ENCODINGS.map((one) => `${tag}-${one}`)] };
}

/**
 * Sends a cached JSON body with a strong ETag per encoding: 304 without a body when If-None-Match names any of them,
 * else the bytes already encoded as Accept-Encoding asks (so @fastify/compress, which leaves an encoded reply alone,
 * compresses nothing again). `private, no-cache` and `Vary: Authorization`: a browser revalidates every time, and no
 * cache hands one user's answer to another.
 */
export async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson): Promise<FastifyReply> {
  const { encoding, etag, tags } = negotiatedTag(request, cached.tag);
  reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, authorization').header('etag', etag);
  const conditional = request.headers['if-none-match'] !== undefined;
  if (conditional && ifNoneMatchAny(request, tags)) return reply.code(304).send();
  const body = await cached.body();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(body.json);
  return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
}

/** An iCalendar answer as a cache keeps it: its text, its strong ETag (quoted), its time, and its bytes in each encoding. */
export interface CachedText {
  body: string;
  etag: string;
  lastModified: Date;
  /** The body compressed for this encoding, made once for as long as the cache keeps the answer. */
  encoded(encoding: BodyEncoding): Promise<Buffer>;
}

/**
 * Sends cached text with a strong ETag per encoding and Last-Modified: 304 when If-None-Match names any of its tags
 * (else when If-Modified-Since is not older), else the bytes already encoded as Accept-Encoding asks, so a poll of an
 * unchanged calendar compresses nothing. The caller sets Cache-Control and whatever else the answer carries.
 */
export async function sendCachedText(request: FastifyRequest, reply: FastifyReply, cached: CachedText, contentType: string): Promise<FastifyReply> {
  const { encoding, etag, tags } = negotiatedTag(request, cached.etag.slice(1, -1));
  reply.header('vary', 'accept-encoding, authorization').header('etag', etag).header('last-modified', cached.lastModified.toUTCString());
  if (notModified(request, tags, cached.lastModified)) return reply.code(304).send();
  reply.type(contentType);
  if (!encoding) return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(await cached.encoded(encoding));
}
