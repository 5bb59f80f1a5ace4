import type { FastifyInstance } from 'fastify';
import { eventAppLink, requestOrigin } from '../http/request-origin.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { eventParamsSchema } from '../http/route-params.ts';
import { outlookAddSchema } from '../../shared/outlook-copy.ts';
import { createOutlookService } from '../outlook/outlook-service.ts';
import { principalOf } from '../plugins/app/authentication.ts';
import { graphUserOf } from '../plugins/app/graph.ts';

/** "Add to my Outlook calendar": registered only while Graph is configured (GRAPH_CREDENTIAL). */
export default async function outlookRoutes(app: FastifyInstance) {
  if (!app.graph) return;
  const outlook = createOutlookService(app.eventService, app.graph);
  const path = '/calendars/:calendarId/events/:eventId/outlook';

  app.get(path, async (request, reply) => {
    const key = parseOrThrow(eventParamsSchema, request.params);
    // Per user, and it changes in Outlook: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return outlook.state({ principal: principalOf(request), user: graphUserOf(request), key });
  });

  app.post(path, async (request, reply) => {
    const key = parseOrThrow(eventParamsSchema, request.params);
    const labels = parseOrThrow(outlookAddSchema, request.body);
    const links = { link: eventAppLink(requestOrigin(request), key.eventId), labels };
    const added = await outlook.add({ principal: principalOf(request), user: graphUserOf(request), key, links });
    return reply.code(added.created ? 201 : 200).header('cache-control', 'no-store').send(added);
  });
}
