import type { FastifyInstance } from 'fastify';
import { calendarCreateSchema, calendarPatchSchema } from '../../shared/calendar-schema.ts';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { idempotencyOf } from '../http/idempotency-key.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/** HTTP in and out: the calendar service checks and writes. */
export default async function calendarRoutes(app: FastifyInstance) {
  const calendars = app.calendarService;

  app.get('/calendars', async (request) => calendars.list(principalOf(request)));

  app.post('/calendars', async (request, reply) => {
    const admin = calendars.asAdmin(principalOf(request));
    const calendar = await calendars.create(admin, parseOrThrow(calendarCreateSchema, request.body), idempotencyOf(request));
    return reply
      .code(201)
      .header('location', `/api/calendars/${calendar.id}`)
      .header('etag', etagOf(calendar.version))
      .send(calendar);
  });

  app.patch('/calendars/:calendarId', async (request, reply) => {
    const admin = calendars.asAdmin(principalOf(request));
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const patch = parseOrThrow(calendarPatchSchema, request.body);
    const calendar = await calendars.update(admin, { calendarId, patch, expected: requireIfMatch(request) });
    return reply.header('etag', etagOf(calendar.version)).send(calendar);
  });

  app.delete('/calendars/:calendarId', async (request, reply) => {
    const admin = calendars.asAdmin(principalOf(request));
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    await calendars.delete(admin, { calendarId, expected: requireIfMatch(request) });
    return reply.code(204).send();
  });
}
