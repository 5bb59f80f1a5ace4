import { createRemoteJWKSet } from 'jose';
import type { EntraConfig, OidcConfig } from '../config.ts';
import type { TrustedIssuer } from './token-verifier.ts';

export const ENTRA_REQUIRED_SCOPE = 'access_as_user';
export const ENTRA_V2_ISSUER = /^https:\/\/login\.microsoftonline\.com\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/v2\.0$/;
// Signing keys rotate rarely; refetch at most every ten minutes, and at once for an unknown kid after a cool-down.
const JWKS_OPTIONS = { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000, timeoutDuration: 5_000 };
const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];

/** Entra ID v2 access tokens for this API, from any tenant (or those allowed): the issuer names the tenant. */
/** Tenants in allowedTenants only, when it names any. */
export function entraTrustedIssuer(options: EntraConfig): TrustedIssuer {
  const allowed = new Set(options.allowedTenants.map((tenant) => tenant.toLowerCase()));
  return {
    matches: (iss) => {
      const tenant = ENTRA_V2_ISSUER.exec(iss)?.[1];
      return tenant !== undefined && (allowed.size === 0 || allowed.has(tenant));
    },
    audiences: [options.clientId, ...(options.appIdUri ? [options.appIdUri] : [])],
    keys: createRemoteJWKSet(new URL(options.jwksUri), JWKS_OPTIONS),
    algorithms: ['RS256'],
    requiredScope: ENTRA_REQUIRED_SCOPE,
    // A token from one tenant must not claim another: the issuer and tid agree.
    checkClaims: (payload, iss) => (payload.tid === ENTRA_V2_ISSUER.exec(iss)?.[1] ? null : 'The token’s tid does not match its issuer'),
  };
}

/** Any OpenID Connect provider's access tokens (JWT), for the standalone site; all its users are one organisation. */
export function oidcTrustedIssuer(options: OidcConfig): TrustedIssuer {
  return {
    matches: (iss) => iss === options.issuer,
    audiences: [options.audience],
    keys: createRemoteJWKSet(new URL(options.jwksUri), JWKS_OPTIONS),
    algorithms: ASYMMETRIC_ALGORITHMS,
    tenantId: options.tenantId,
  };
}
