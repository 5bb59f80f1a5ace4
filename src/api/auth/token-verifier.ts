import { decodeJwt, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Principal } from './principal.ts';
import { createVerifiedTokenCache, type VerifiedToken, type VerifiedTokenCache } from './verified-token-cache.ts';

/** An issuer whose tokens the API accepts. Development, Entra ID and generic OIDC issuers are all described this way. */
export interface TrustedIssuer {
  /** Whether this entry covers a token's `iss`: Entra's issuer carries the tenant id, so it is a pattern. */
  matches(iss: string): boolean;
  audiences: string[];
  keys: JWTVerifyGetKey;
  algorithms: string[];
  /** A delegated scope the token's `scp` must contain, if any. */
  requiredScope?: string;
  /** Further checks on verified claims: the reason to refuse, or null. */
  checkClaims?: (payload: JWTPayload, iss: string) => string | null;
  /** The organisation of every user of this issuer, for issuers whose tokens carry no `tid`. */
  tenantId?: string;
}

export class TokenRejectedError extends Error {}

const CLOCK_TOLERANCE_SECONDS = 60;

/** A token verified before answers at once, without a promise: that is nearly every request. */
export type TokenVerifier = (token: string) => Principal | Promise<Principal>;

export interface TokenVerifierOptions {
  /** Defaults to a cache of its own. */
  cache?: VerifiedTokenCache;
  /** Called on every full verification (a cache miss), for tests to count them. */
  onVerify?: () => void;
}

/**
 * One module verifies every token: signature, issuer, audience, expiry, not-before and an algorithm allow-list.
 * A token that passed is remembered (by its hash) until it expires, at most a few minutes: what it proved depends
 * on the token and the configured issuers alone, never on the request.
 */
export function createTokenVerifier(issuers: readonly TrustedIssuer[], options: TokenVerifierOptions = {}): TokenVerifier {
  const cache = options.cache ?? createVerifiedTokenCache();
  const verifyAndRemember = async (token: string) => {
    options.onVerify?.();
    const verified = await verifyToken(issuers, token);
    cache.set(token, verified);
    return verified.principal;
  };
  return (token) => cache.get(token) ?? verifyAndRemember(token);
}

async function verifyToken(issuers: readonly TrustedIssuer[], token: string): Promise<VerifiedToken> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw new TokenRejectedError('The token is not a JWT');
  }
  const iss = unverified.iss;
  const trusted = typeof iss === 'string' ? issuers.find((issuer) => issuer.matches(iss)) : undefined;
  if (!trusted || typeof iss !== 'string') throw new TokenRejectedError('The token comes from an issuer this API does not trust');

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, trusted.keys, {
      issuer: iss,
      audience: trusted.audiences,
      algorithms: trusted.algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat'],
    }));
  } catch (error) {
    throw new TokenRejectedError(`The token failed verification: ${(error as Error).message}`);
  }
  if (trusted.requiredScope !== undefined) {
    const scopes = typeof payload.scp === 'string' ? payload.scp.split(' ') : [];
    if (!scopes.includes(trusted.requiredScope)) throw new TokenRejectedError(`The token lacks the ${trusted.requiredScope} scope`);
  }
  const refusal = trusted.checkClaims?.(payload, iss);
  if (refusal) throw new TokenRejectedError(refusal);
  // requiredClaims made exp a number.
  return { principal: toPrincipal(payload, trusted.tenantId), expiresAtMs: (payload.exp as number) * 1000 };
}

function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function stringArrayClaim(payload: JWTPayload, name: string): string[] {
  const value = payload[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Entra ID's group overage: no `groups`, and `_claim_names` pointing at where they are (`{"groups": "src1"}`). */
function hasGroupsOverage(payload: JWTPayload): boolean {
  const names = payload._claim_names;
  return payload.groups === undefined && typeof names === 'object' && names !== null && 'groups' in names;
}

function toPrincipal(payload: JWTPayload, fixedTenantId: string | undefined): Principal {
  const id = stringClaim(payload, 'oid') ?? stringClaim(payload, 'sub');
  const tenantId = fixedTenantId ?? stringClaim(payload, 'tid');
  if (!id || !tenantId) throw new TokenRejectedError('The token names no user (oid or sub) or no tenant (tid)');
  return {
    id,
    tenantId,
    name: stringClaim(payload, 'name') ?? stringClaim(payload, 'preferred_username') ?? id,
    appRoles: stringArrayClaim(payload, 'roles'),
    groups: stringArrayClaim(payload, 'groups'),
    ...(hasGroupsOverage(payload) ? { groupsOverage: true as const } : {}),
  };
}
