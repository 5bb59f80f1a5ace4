import { describe, expect, it } from 'vitest';
import { tenantAdmission } from '../../src/api/auth/tenant-admission.ts';
import type { Config, EntraConfig } from '../../src/api/config.ts';

const CONTOSO = '9b2e7c41-3f5a-4d8b-a1c6-0e7f2d4b5a99';
const FABRIKAM = '4f1d6d0a-7c4e-4a55-9d8e-0de5c0a1e001';
const entra = (allowedTenants: string[]): EntraConfig => ({ clientId: 'client', tenantId: 'organizations', allowedTenants, jwksUri: 'https://keys.example' });
const oidc = { issuer: 'https://id.example', clientId: 'c', audience: 'a', jwksUri: 'https://id.example/jwks', scopes: [], tenantId: 'standalone-org' };

describe('tenantAdmission', () => {
  it('admits any tenant under development sign-in', () => {
    expect(tenantAdmission({ mode: 'development', allowOnNetwork: false })(CONTOSO)).toBe(true);
  });

  it('admits Entra tenants as ENTRA_ALLOWED_TENANTS does, letter case aside, and any when it names none', () => {
    const listed = tenantAdmission({ mode: 'production', entra: entra([CONTOSO.toUpperCase()]) });
    expect([listed(CONTOSO), listed(FABRIKAM)]).toEqual([true, false]);
    expect(tenantAdmission({ mode: 'production', entra: entra([]) })(FABRIKAM)).toBe(true);
  });

  it('admits the OpenID Connect provider’s one organisation, beside Entra’s', () => {
    const identity: Config['identity'] = { mode: 'production', oidc };
    expect([tenantAdmission(identity)('standalone-org'), tenantAdmission(identity)(CONTOSO)]).toEqual([true, false]);
    const both = tenantAdmission({ mode: 'production', oidc, entra: entra([CONTOSO]) });
    expect([both('standalone-org'), both(CONTOSO), both(FABRIKAM)]).toEqual([true, true, false]);
  });
});
