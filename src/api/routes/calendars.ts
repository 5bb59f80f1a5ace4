import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarCreateSchema, calendarPatchSchema, type Calendar } from '../../shared/calendar-schema.ts';
import { canEditCalendar, isAdmin, type Principal } from '../auth/principal.ts';
import { forbidden } from '../errors.ts';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';
import type { StoredCalendar } from '../stores/repository.ts';

export function toCalendarResponse(calendar: StoredCalendar, principal: Principal): Calendar {
  return { ...calendar, canEdit: canEditCalendar(principal, calendar) };
}

function requireAdmin(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (!isAdmin(principal)) throw forbidden('Only administrators manage calendars.');
  return principal;
}

export default async function calendarRoutes(app: FastifyInstance) {
  app.get('/calendars', async (request) => {
    const principal = principalOf(request);
    const calendars = await app.store.calendars.list(principal.tenantId);
    return calendars.map((calendar) => toCalendarResponse(calendar, principal));
  });

  app.post('/calendars', async (request, reply) => {
    const principal = requireAdmin(request);
    const input = parseOrThrow(calendarCreateSchema, request.body);
    const calendar = await app.store.calendars.create(principal.tenantId, input);
    return reply
      .code(201)
      .header('location', `/api/calendars/${calendar.id}`)
      .header('etag', etagOf(calendar.version))
      .send(toCalendarResponse(calendar, principal));
  });

  app.patch('/calendars/:calendarId', async (request, reply) => {
    const principal = requireAdmin(request);
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const patch = parseOrThrow(calendarPatchSchema, request.body);
    const expected = requireIfMatch(request);
    const calendar = await app.store.calendars.update(principal.tenantId, calendarId, patch, expected);
    return reply.header('etag', etagOf(calendar.version)).send(toCalendarResponse(calendar, principal));
  });

  app.delete('/calendars/:calendarId', async (request, reply) => {
    const principal = requireAdmin(request);
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const expected = requireIfMatch(request);
    await app.store.calendars.delete(principal.tenantId, calendarId, expected);
    return reply.code(204).send();
  });
}
