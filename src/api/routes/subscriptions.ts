import type { FastifyInstance } from 'fastify';
import { subscriptionCreateSchema, subscriptionListQuerySchema, type CreatedSubscription } from '../../shared/subscription-schema.ts';
import { requestOrigin } from '../http/request-origin.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, subscriptionParamsSchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';
import { feedPath } from '../subscriptions/subscription-secret.ts';

/** HTTP in and out for personal subscription links: the subscription service checks and writes. */
export default async function subscriptionRoutes(app: FastifyInstance) {
  const subscriptions = app.subscriptionService;

  app.post('/calendars/:calendarId/subscriptions', async (request, reply): Promise<CreatedSubscription> => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const input = parseOrThrow(subscriptionCreateSchema, request.body);
    const { subscription, secret } = await subscriptions.create(principalOf(request), calendarId, input);
    // The link carries its secret: no cache may keep this answer.
    reply.code(201).header('cache-control', 'no-store');
    // On the origin the app was reached at: where calendar apps will find the feed.
    return { ...subscription, url: new URL(feedPath(secret), requestOrigin(request)).href };
  });

  app.get('/subscriptions', async (request) => {
    const { all } = parseOrThrow(subscriptionListQuerySchema, request.query, 'query');
    return subscriptions.list(principalOf(request), { all: all === 'true' });
  });

  app.delete('/subscriptions/:subscriptionId', async (request, reply) => {
    const { subscriptionId } = parseOrThrow(subscriptionParamsSchema, request.params);
    await subscriptions.revoke(principalOf(request), subscriptionId);
    return reply.code(204).send();
  });
}
