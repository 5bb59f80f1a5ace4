import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Principal } from './principal.ts';

/** At most this many verified tokens are remembered; the least recently used go first. */
export const VERIFIED_TOKENS_MAX = 10_000;
/**
 * However long a token still runs, it is verified again after this: a signing key withdrawn by its issuer stops
 * being honoured within minutes rather than at the token's expiry.
 */
export const VERIFIED_TOKEN_MAX_AGE_MS = 5 * 60_000;

/** What a full verification established: the caller, and until when the token is valid (its `exp`). */
export interface VerifiedToken {
  principal: Principal;
  expiresAtMs: number;
}

interface Entry {
  principal: Principal;
  /** The earlier of the token's expiry and the maximum age, by `now`. */
  until: number;
}

export interface VerifiedTokenCache {
  get(token: string): Principal | undefined;
  set(token: string, verified: VerifiedToken): void;
}

/**
 * Tokens that passed verification, keyed by their SHA-256 (the token itself is never kept), so that a client's
 * every request does not pay for a signature check. Only successes are stored; an entry ends at the token's `exp`
 * (without the clock tolerance verification allows, so a hit is never more lenient than a check).
 */
export function createVerifiedTokenCache(options: { max?: number; now?: () => number } = {}): VerifiedTokenCache {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({ max: options.max ?? VERIFIED_TOKENS_MAX });
  const keyOf = (token: string) => hash('sha256', token, 'base64url');
  return {
    get(token) {
      const key = keyOf(token);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() < entry.until) return entry.principal;
      entries.delete(key);
      return undefined;
    },
    set(token, { principal, expiresAtMs }) {
      const until = Math.min(expiresAtMs, now() + VERIFIED_TOKEN_MAX_AGE_MS);
      if (until > now()) entries.set(keyOf(token), { principal: freezePrincipal(principal), until });
    },
  };
}

/** One principal object is shared by every request bearing its token: none may change it for the others. */
function freezePrincipal(principal: Principal): Principal {
  Object.freeze(principal.appRoles);
  Object.freeze(principal.groups);
  return Object.freeze(principal);
}
