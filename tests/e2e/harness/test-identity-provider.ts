import { createServer, type Server } from 'node:https';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { localhostCertificate } from '../../support/localhost-certificate.ts';

export interface TestIdentityProvider {
  /** The issuer, e.g. https://localhost:40123 */
  issuer: string;
  jwksUri: string;
  clientId: string;
  audience: string;
  /** The PEM file to trust: NODE_EXTRA_CA_CERTS for Node, --ignore-certificate-errors for Chromium. */
  certificateFile: string;
  close(): Promise<void>;
}

export interface TestIdentityProviderOptions {
  /** Where to write the certificate. */
  dir: string;
  /** Redirect URIs the web app uses with MSAL. */
  redirectUris: string[];
  /** Where the provider may send people back to after signing out. */
  postLogoutRedirectUris?: string[];
  audience?: string;
  clientId?: string;
}

const DISPLAY_NAMES: Record<string, string> = { eddie: 'Eddie Editor', ada: 'Ada Admin', riley: 'Riley Reader' };

/**
 * A real OpenID Connect provider (oidc-provider) over HTTPS on loopback, with a certificate made now.
 * Any login name signs in as that user (development interactions); access tokens are JWTs for `audience`.
 */
export async function startTestIdentityProvider(options: TestIdentityProviderOptions): Promise<TestIdentityProvider> {
  const clientId = options.clientId ?? 'company-calendar-web';
  const audience = options.audience ?? 'api://company-calendar-e2e';
  const pems = await localhostCertificate();
  const certificateFile = join(options.dir, 'test-identity-provider.pem');
  writeFileSync(certificateFile, pems.cert);

  const server: Server = createServer({ key: pems.key, cert: pems.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `https://localhost:${typeof address === 'object' && address ? address.port : 0}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-idp-key', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'profile', 'offline_access', 'access_as_user'],
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ audience, scope: 'access_as_user', accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
      },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Entra-style claims, so the API reads these tokens as it reads Entra's.
    extraTokenClaims: async (_ctx, token) => {
      const accountId = (token as { accountId?: string }).accountId ?? '';
      return { oid: accountId, name: DISPLAY_NAMES[accountId] ?? accountId, scp: 'access_as_user', ver: '2.0' };
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, name: DISPLAY_NAMES[id] ?? id, preferred_username: `${id}@contoso.test` }),
    }),
    // The consent screen asks nothing of test users beyond a click.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile offline_access');
      grant.addResourceScope(audience, 'access_as_user');
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 600, IdToken: 600, RefreshToken: 3600, Grant: 3600, Session: 3600, Interaction: 600 },
  });
  // CORS for the token endpoint: MSAL in the browser calls it cross-origin.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.get('origin')) {
      ctx.set('access-control-allow-origin', ctx.get('origin'));
      ctx.set('access-control-allow-headers', 'content-type');
    }
  });
  server.on('request', provider.callback());

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    clientId,
    audience,
    certificateFile,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser keeps connections alive; close waits for them unless they are cut.
        server.closeAllConnections();
      }),
  };
}
