import type { FastifyInstance } from 'fastify';
import {
  eventPatchSchema,
  eventToWrite,
  eventWriteSchema,
  normaliseEvent,
  type EventDraft,
} from '../../shared/event-schema.ts';
import type { z } from 'zod';
import { canEditCalendar, type Principal } from '../auth/principal.ts';
import { forbidden, notFound, validationFailed } from '../errors.ts';
import { eventWindowQuerySchema, resolveEventWindow } from '../event-window.ts';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, eventIdParamsSchema, eventParamsSchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';
import type { StoredCalendar } from '../stores/repository.ts';

function eventLocation(calendarId: string, eventId: string): string {
  return `/api/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;
}

/** Checks the cross-field rules; a 400 names the fields at fault. */
function toDraft(input: z.output<typeof eventWriteSchema>): EventDraft {
  const result = normaliseEvent(input);
  if (!result.ok) throw validationFailed(result.issues.map(({ path, message }) => ({ field: path.join('.'), message })));
  return result.draft;
}

export default async function eventRoutes(app: FastifyInstance) {
  /** The calendar, if the caller's tenant has it: another tenant's calendar is as good as missing. */
  async function calendarOrNotFound(principal: Principal, calendarId: string): Promise<StoredCalendar> {
    const calendar = await app.store.calendars.get(principal.tenantId, calendarId);
    if (!calendar) throw notFound();
    return calendar;
  }

  async function editableCalendar(principal: Principal, calendarId: string): Promise<StoredCalendar> {
    const calendar = await calendarOrNotFound(principal, calendarId);
    if (!canEditCalendar(principal, calendar)) throw forbidden(`You may not change events in "${calendar.name}".`);
    return calendar;
  }

  /** A move needs the right to edit the calendar the event goes to. */
  async function checkMoveTarget(principal: Principal, draft: EventDraft, from: string): Promise<void> {
    if (draft.calendarId === undefined || draft.calendarId === from) return;
    const target = await app.store.calendars.get(principal.tenantId, draft.calendarId);
    if (!target) throw validationFailed([{ field: 'extendedProps.calendarId', message: 'No such calendar' }]);
    if (!canEditCalendar(principal, target)) throw forbidden(`You may not add events to "${target.name}".`);
  }

  app.get('/events', async (request) => {
    const principal = principalOf(request);
    const query = parseOrThrow(eventWindowQuerySchema, request.query, 'query');
    const window = resolveEventWindow(query.start, query.end, query.timeZone);
    if ('field' in window) throw validationFailed([window]);
    const calendars = await app.store.calendars.list(principal.tenantId);
    const wanted = query.calendarId ? new Set(query.calendarId) : null;
    const calendarIds = calendars.map((calendar) => calendar.id).filter((id) => !wanted || wanted.has(id));
    return app.store.events.listInWindow(principal.tenantId, calendarIds, window);
  });

  // For deep links, which carry only the event's id.
  app.get('/events/:eventId', async (request, reply) => {
    const principal = principalOf(request);
    const { eventId } = parseOrThrow(eventIdParamsSchema, request.params);
    const event = await app.store.events.findById(principal.tenantId, eventId);
    if (!event) throw notFound();
    return reply
      .header('etag', etagOf(event.extendedProps.version))
      .header('content-location', eventLocation(event.extendedProps.calendarId, event.id))
      .send(event);
  });

  app.post('/calendars/:calendarId/events', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    await editableCalendar(principal, calendarId);
    const draft = toDraft(parseOrThrow(eventWriteSchema, request.body));
    // The path names the calendar of a new event.
    delete draft.calendarId;
    const event = await app.store.events.create(principal.tenantId, calendarId, draft, principal);
    return reply
      .code(201)
      .header('location', eventLocation(calendarId, event.id))
      .header('etag', etagOf(event.extendedProps.version))
      .send(event);
  });

  app.get('/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId } = parseOrThrow(eventParamsSchema, request.params);
    await calendarOrNotFound(principal, calendarId);
    const event = await app.store.events.get(principal.tenantId, calendarId, eventId);
    if (!event) throw notFound();
    return reply.header('etag', etagOf(event.extendedProps.version)).send(event);
  });

  app.patch('/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId } = parseOrThrow(eventParamsSchema, request.params);
    await editableCalendar(principal, calendarId);
    const patch = parseOrThrow(eventPatchSchema, request.body);
    const expected = requireIfMatch(request);
    const current = await app.store.events.get(principal.tenantId, calendarId, eventId);
    if (!current) throw notFound();
    const base = eventToWrite(current);
    const merged = {
      ...base,
      ...Object.fromEntries(Object.entries(patch).filter(([key, value]) => key !== 'extendedProps' && key !== 'id' && value !== undefined)),
      extendedProps: { ...base.extendedProps, ...patch.extendedProps },
    };
    // Dragging a timed event into the all-day row changes allDay but sends no end: the old end no longer fits.
    if (patch.allDay !== undefined && patch.allDay !== current.allDay && patch.end === undefined) merged.end = null;
    const draft = toDraft(parseOrThrow(eventWriteSchema, merged));
    await checkMoveTarget(principal, draft, calendarId);
    const event = await app.store.events.update(principal.tenantId, calendarId, eventId, draft, principal, expected);
    const moved = event.extendedProps.calendarId !== calendarId;
    if (moved) reply.header('content-location', eventLocation(event.extendedProps.calendarId, event.id));
    return reply.header('etag', etagOf(event.extendedProps.version)).send(event);
  });

  app.delete('/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId } = parseOrThrow(eventParamsSchema, request.params);
    await editableCalendar(principal, calendarId);
    const expected = requireIfMatch(request);
    await app.store.events.delete(principal.tenantId, calendarId, eventId, expected);
    return reply.code(204).send();
  });
}
