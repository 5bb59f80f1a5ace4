import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import { ENTRA_V2_ISSUER } from '../../auth/trusted-issuers.ts';
import type { GraphConfig } from '../../config.ts';
import { HttpProblem } from '../../errors.ts';
import { createGraphClient, type GraphClient } from '../../graph/graph-client.ts';
import { GRAPH_UNAVAILABLE_TYPE } from '../../graph/graph-errors.ts';
import type { GraphUser } from '../../graph/obo-token.ts';
import { bearerTokenOf, principalOf } from './authentication.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Microsoft Graph on behalf of the caller; null while Graph is off (GRAPH_CREDENTIAL unset). */
    graph: GraphClient | null;
  }
}

/** Graph is reached on behalf of Entra ID users only: a token from another issuer cannot be exchanged. */
const notMicrosoft365 = () =>
  new HttpProblem(403, 'Forbidden', {
    type: GRAPH_UNAVAILABLE_TYPE,
    detail: 'This needs a Microsoft 365 (Entra ID) sign-in; you are signed in another way.',
  });

/** The caller as Graph's on-behalf-of exchange needs them: verified tenant and user, and the token they sent. */
export function graphUserOf(request: FastifyRequest): GraphUser {
  const principal = principalOf(request);
  const assertion = bearerTokenOf(request);
  // The token was verified already; this only tells Entra ID's tokens from the others.
  if (!ENTRA_V2_ISSUER.test(String(decodeJwt(assertion).iss))) throw notMicrosoft365();
  return { tenantId: principal.tenantId, userId: principal.id, assertion };
}

/** One Graph client (and so one token cache) for the process, when Graph is configured. */
export default fp(
  async function graphPlugin(app: FastifyInstance, opts: { graph: GraphConfig | null }) {
    app.decorate('graph', opts.graph ? createGraphClient(opts.graph) : null);
  },
  { name: 'graph' },
);
