import type { FastifyInstance } from 'fastify';
import type { AuthConfig, ClientConfig } from '../../shared/user.ts';
import { DEV_USERS } from '../auth/dev-identity.ts';
import { ENTRA_REQUIRED_SCOPE } from '../auth/trusted-issuers.ts';
import type { Config } from '../config.ts';
import { graphScope } from '../graph/graph-client.ts';
import { OUTLOOK_PERMISSION } from '../../shared/outlook-copy.ts';

/** How the web app signs people in. */
export function authConfigFor(identity: Config['identity']): AuthConfig {
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

export default async function clientConfigRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const body: ClientConfig = {
    auth: authConfigFor(config.identity),
    host: {
      validMessageOrigins: [...config.sharePointOrigins, ...config.trustedHostOrigins],
      teamsAppId: config.teamsAppId,
    },
    sharePointOrigins: [...config.sharePointOrigins],
    ...(config.graph ? { graph: { outlookScopes: [graphScope(config.graph.baseUrl, OUTLOOK_PERMISSION)] } } : {}),
  };
  app.get('/client-config', async () => body);
}
