import type { FastifyInstance } from 'fastify';
import { parseOrThrow } from '../http/request-validation.ts';
import { activityQuerySchema, calendarParamsSchema, eventParamsSchema, historyPageQuerySchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/** HTTP in and out: the history service reads what the stores wrote with each change. */
export default async function historyRoutes(app: FastifyInstance) {
  const history = app.historyService;

  app.get('/calendars/:calendarId/events/:eventId/history', async (request) => {
    const { calendarId, eventId } = parseOrThrow(eventParamsSchema, request.params);
    const page = parseOrThrow(historyPageQuerySchema, request.query, 'query');
    return history.forEvent(principalOf(request), { calendarId, eventId, ...page });
  });

  app.get('/calendars/:calendarId/activity', async (request) => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const { by, from, to, ...page } = parseOrThrow(activityQuerySchema, request.query, 'query');
    return history.activity(principalOf(request), { calendarId, ...page, byUserId: by, fromMs: from, toMs: to });
  });
}
