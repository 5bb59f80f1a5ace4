import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** JSON bodies smaller than this go out as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli's quality for bodies made per request. 11 (zlib's default) takes ~120 ms of CPU for a 370 kB feed;
 * 4 takes ~1.8 ms and still beats gzip's default level on both size and CPU.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

// JSON and problem+json, and iCalendar (mime-db does not list text/calendar as compressible; a feed of 1,000 events is
// about 500 kB, and calendar apps poll it for hours on end).
const COMPRESSED_TYPES = /^(?:application\/(?:problem\+)?json|text\/calendar)(?:;|$)/;

/**
 * Compresses the API's JSON, problem+json and iCalendar answers (br, else gzip) for the routes registered after it in the
 * same scope. Request bodies are not decompressed: the API takes plain JSON only, as before.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_MIN_BYTES,
      customTypes: COMPRESSED_TYPES,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
