import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { openChangeStream } from '../live/change-stream.ts';
import { bearerTokenOf, principalOf } from '../plugins/app/authentication.ts';

/**
 * GET /api/changes: the live stream of change notices (text/event-stream), read by the web app with fetch and its
 * token, like every route: EventSource, which cannot send the token, is not supported. Not compressed: a compressor
 * holds bytes back until it has enough, and the notices must go out as they come.
 */
export default async function liveChangeRoutes(app: FastifyInstance) {
  // No HEAD twin: it would open a stream that sends nothing, held against the caller's limit.
  app.get('/changes', { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    // The token was verified by the authenticate hook: only its expiry is read here.
    const { exp } = decodeJwt(bearerTokenOf(request));
    const caller = { principal: principalOf(request), tokenExpiresAtMs: typeof exp === 'number' ? exp * 1000 : Date.now() };
    await openChangeStream(app.changeHub, app.store, request, reply, caller);
  });
}
