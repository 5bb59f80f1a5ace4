// The Idempotency-Key request header (IETF httpapi draft-ietf-httpapi-idempotency-key-header): its value is a
// Structured Field string ("…"). Parsed here, with what identifies the request it came with; the services do the rest.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../shared/limits.ts';
import { validationFailed } from '../errors.ts';

/** A keyed request: its key, the route it was sent to (the key's scope) and a digest of the request (its fingerprint). */
export interface IdempotencyRequest {
  key: string;
  route: string;
  fingerprint: string;
}

const KEY_FIELD = 'Idempotency-Key';
// An sf-string's characters (RFC 8941): visible ASCII and space, with `"` and `\` escaped.
const SF_STRING = /^"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/;
// Many clients send the bare value: taken when it is plainly a token (a UUID, a ULID, base64url).
const BARE_KEY = /^[A-Za-z0-9._~:+/=-]+$/;

/** The key, unquoted; null when the value is no valid key. */
export function parseIdempotencyKey(value: string): string | null {
  const trimmed = value.trim();
  const quoted = SF_STRING.exec(trimmed);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : BARE_KEY.test(trimmed) ? trimmed : null;
  return key !== null && key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH ? key : null;
}

/** What the request sends that a repeat must send the same: method, address (its query too), If-Match and body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body;
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body === undefined ? '' : JSON.stringify(body));
  const ifMatch = request.headers['if-match'] ?? '';
  return createHash('sha256').update(`${request.method}\n${request.url}\n${String(ifMatch)}\n`).update(bytes).digest('base64url');
}

/** The request's Idempotency-Key, if it sent one; a 400 when it is not a valid one. */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = typeof value === 'string' ? parseIdempotencyKey(value) : null;
  if (key === null) {
    throw validationFailed([{ field: KEY_FIELD, message: `Send one key of 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, as a quoted string` }]);
  }
  const route = `${request.method} ${request.url.split('?')[0]}`;
  return { key, route, fingerprint: fingerprintOf(request) };
}
