import type { FastifyInstance } from 'fastify';
import type { AuthConfig, ProductionAuthConfig } from '../../shared/user.ts';
import { DEV_USERS } from '../auth/dev-identity.ts';
import { ENTRA_REQUIRED_SCOPE } from '../auth/trusted-issuers.ts';
import type { Config } from '../config.ts';

/** What the web app needs to sign people in: public, since it comes before sign-in. */
export function authConfigFor(identity: Config['identity']): AuthConfig | ProductionAuthConfig {
  if (identity.mode === 'development') {
    return { mode: 'development', devUsers: DEV_USERS.map(({ id, name, description }) => ({ id, name, description })) };
  }
  const { entra, oidc } = identity;
  return {
    mode: 'production',
    ...(entra && {
      entra: {
        clientId: entra.clientId,
        authority: `https://login.microsoftonline.com/${entra.tenantId}`,
        apiScope: `${entra.appIdUri ?? `api://${entra.clientId}`}/${ENTRA_REQUIRED_SCOPE}`,
      },
    }),
    ...(oidc && { oidc: { authority: oidc.issuer, clientId: oidc.clientId, scopes: oidc.scopes } }),
  };
}

export default async function authConfigRoutes(app: FastifyInstance, opts: { identity: Config['identity'] }) {
  const body = authConfigFor(opts.identity);
  app.get('/auth/config', async () => body);
}
