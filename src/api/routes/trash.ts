import type { FastifyInstance } from 'fastify';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { idempotencyOf } from '../http/idempotency-key.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, eventParamsSchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/** A calendar's trash of events: editors list and restore, administrators purge. */
function eventTrashRoutes(app: FastifyInstance): void {
  const events = app.eventService;

  app.get('/calendars/:calendarId/trash', async (request) => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    return { entries: await events.listTrash(principalOf(request), calendarId) };
  });

  app.post('/calendars/:calendarId/trash/:eventId/restore', async (request, reply) => {
    const key = parseOrThrow(eventParamsSchema, request.params);
    const event = await events.restore(principalOf(request), { ...key, expected: requireIfMatch(request), idempotency: idempotencyOf(request) });
    return reply.header('etag', etagOf(event.extendedProps.version)).send(event);
  });

  app.delete('/calendars/:calendarId/trash/:eventId', async (request, reply) => {
    const key = parseOrThrow(eventParamsSchema, request.params);
    await events.purge(principalOf(request), key);
    return reply.code(204).send();
  });
}

/** The tenant's trash of calendars: administrators only. */
function calendarTrashRoutes(app: FastifyInstance): void {
  const calendars = app.calendarService;

  app.get('/calendar-trash', async (request) => ({ entries: await calendars.listTrash(calendars.asAdmin(principalOf(request))) }));

  app.post('/calendar-trash/:calendarId/restore', async (request, reply) => {
    const admin = calendars.asAdmin(principalOf(request));
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const calendar = await calendars.restore(admin, { calendarId, expected: requireIfMatch(request), idempotency: idempotencyOf(request) });
    return reply.header('etag', etagOf(calendar.version)).send(calendar);
  });

  app.delete('/calendar-trash/:calendarId', async (request, reply) => {
    const admin = calendars.asAdmin(principalOf(request));
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    await calendars.purge(admin, calendarId);
    return reply.code(204).send();
  });
}

/** HTTP in and out: the services check permissions and write through the one write path. */
export default async function trashRoutes(app: FastifyInstance) {
  eventTrashRoutes(app);
  calendarTrashRoutes(app);
}
