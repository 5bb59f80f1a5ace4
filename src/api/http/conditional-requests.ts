import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../errors.ts';
import type { ExpectedVersion } from '../stores/repository.ts';

export function etagOf(version: number): string {
  return `"${version}"`;
}

const STRONG_ETAG = /^"(\d{1,15})"$/;

/**
 * The version a write expects, from If-Match. Missing: 428. A weak or unknown tag can never match a
 * strong version, so it gets 412, as a stale one does.
 */
export function requireIfMatch(request: FastifyRequest): ExpectedVersion {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '') {
    throw new HttpProblem(428, 'Precondition Required', {
      detail: 'Send If-Match with the ETag you last read, so that nobody else’s change is overwritten.',
    });
  }
  const value = header.trim();
  if (value === '*') return null;
  const match = STRONG_ETAG.exec(value);
  if (!match) throw preconditionFailed();
  return Number(match[1]);
}

export function preconditionFailed(): HttpProblem {
  return new HttpProblem(412, 'Precondition Failed', {
    detail: 'This was changed by someone else since you read it. Read it again, then retry.',
  });
}

/**
 * Whether If-None-Match names one of these tags (unquoted), or is "*": GET compares weakly, so W/"x" matches "x".
 * Any of a body's tags counts, whichever encoding it went out in: they name the same content.
 */
export function ifNoneMatchAny(request: FastifyRequest, tags: readonly string[]): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((listed) => {
    const value = listed.trim().replace(/^W\//, '');
    return value === '*' || (value.startsWith('"') && value.endsWith('"') && tags.includes(value.slice(1, -1)));
  });
}

/**
 * Whether a GET may be answered 304 for a body with these tags (unquoted) and this time of last change: If-None-Match
 * decides when sent (RFC 9110 §13.2.2), else If-Modified-Since, compared to the second (an HTTP date's precision).
 */
export function notModified(request: FastifyRequest, tags: readonly string[], lastModified: Date): boolean {
  if (request.headers['if-none-match'] !== undefined) return ifNoneMatchAny(request, tags);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
