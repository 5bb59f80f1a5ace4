import type { Config } from '../config.ts';

/**
 * Whether the configured sign-in still admits people of a tenant: what a request that carries no token (a subscription
 * feed, acting for the person who made its link) checks in place of a token's issuer. Development sign-in admits any;
 * Entra ID the tenants of ENTRA_ALLOWED_TENANTS (any when it names none); an OpenID Connect provider its one tenant.
 * An organisation taken off the list loses its feeds with its sign-in.
 */
export function tenantAdmission(identity: Config['identity']): (tenantId: string) => boolean {
  if (identity.mode === 'development') return () => true;
  const { entra, oidc } = identity;
  const allowed = new Set(entra?.allowedTenants.map((tenant) => tenant.toLowerCase()));
  return (tenantId) => (entra !== undefined && (allowed.size === 0 || allowed.has(tenantId.toLowerCase()))) || oidc?.tenantId === tenantId;
}
