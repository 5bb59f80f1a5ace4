import type { FastifyInstance } from 'fastify';
import { openChangeStream } from '../live/change-stream.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/**
 * GET /api/changes: the live stream of change notices (text/event-stream), read by the web app with fetch and its
 * token, like every route: EventSource, which cannot send the token, is not supported. Not compressed: a compressor
 * holds bytes back until it has enough, and the notices must go out as they come.
 */
export default async function liveChangeRoutes(app: FastifyInstance) {
  app.get('/changes', { compress: false }, async (request, reply) => {
    await openChangeStream(app.changeHub, app.store, request, reply, principalOf(request));
  });
}
