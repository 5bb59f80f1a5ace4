import type { FastifyInstance } from 'fastify';
import type { AuthConfig, ClientConfig } from '../../shared/user.ts';
import { DEV_USERS } from '../auth/dev-identity.ts';
import { ENTRA_REQUIRED_SCOPE } from '../auth/trusted-issuers.ts';
import type { Config, GraphConfig } from '../config.ts';
import { DIRECTORY_RESOLVE_PERMISSIONS, DIRECTORY_SEARCH_PERMISSIONS } from '../directory/graph-directory.ts';
import { graphScope } from '../graph/graph-client.ts';
import { OUTLOOK_PERMISSION } from '../../shared/outlook-copy.ts';

/** The Graph scopes the web app may ask consent for: "Add to my Outlook calendar", and the editors' people picker. */
function graphClientConfig(graph: GraphConfig): NonNullable<ClientConfig['graph']> {
  const scopesOf = (permissions: readonly string[]) => permissions.map((permission) => graphScope(graph.baseUrl, permission));
  const outlookScopes = scopesOf([OUTLOOK_PERMISSION]);
  return { outlookScopes, consentScopes: [...outlookScopes, ...scopesOf([...DIRECTORY_SEARCH_PERMISSIONS, ...DIRECTORY_RESOLVE_PERMISSIONS])] };
}

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
    ...(config.graph ? { graph: graphClientConfig(config.graph) } : {}),
  };
  app.get('/client-config', async () => body);
}
