import type { FastifyInstance } from 'fastify';
import { eventPatchSchema, eventWriteSchema } from '../../shared/event-schema.ts';
import { parseEventWindowQuery } from '../event-window.ts';
import { sendCachedJson } from '../http/cached-body-reply.ts';
import { etagOf, requireIfMatch } from '../http/conditional-requests.ts';
import { idempotencyOf } from '../http/idempotency-key.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, eventIdParamsSchema, eventParamsSchema, occurrenceParamsSchema, occurrenceScopeQuerySchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';

function eventLocation(calendarId: string, eventId: string): string {
  return `/api/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;
}

/** The feed and single events: nothing here changes. */
function readingRoutes(app: FastifyInstance): void {
  const events = app.eventService;

  // The body is cached per tenant's change version: a request whose ETag still matches costs one version read. It is
  // cached in br and gzip too, so @fastify/compress's hooks would only look and pass on every request.
  app.get('/events', { compress: false }, async (request, reply) => {
    const feed = await events.feed(principalOf(request), parseEventWindowQuery(request.url, request.query));
    return sendCachedJson(request, reply, feed);
  });

  // For deep links, which carry only the event's id (or an occurrence's id from the feed).
  app.get('/events/:eventId', async (request, reply) => {
    const { eventId } = parseOrThrow(eventIdParamsSchema, request.params);
    const event = await events.findById(principalOf(request), eventId);
    const { calendarId, seriesId, recurrenceId } = event.extendedProps;
    // An occurrence's ETag is its series'; its own address is under the series.
    const location = seriesId && recurrenceId
      ? `${eventLocation(calendarId, seriesId)}/occurrences/${encodeURIComponent(recurrenceId)}`
      : eventLocation(calendarId, event.id);
    return reply.header('etag', etagOf(event.extendedProps.version)).header('content-location', location).send(event);
  });

  app.get('/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const key = parseOrThrow(eventParamsSchema, request.params);
    const event = await events.get(principalOf(request), key);
    return reply.header('etag', etagOf(event.extendedProps.version)).send(event);
  });
}

/** Creating, changing and deleting an event, each with the right to change its calendar. */
function writingRoutes(app: FastifyInstance): void {
  const events = app.eventService;

  app.post('/calendars/:calendarId/events', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const calendar = await events.editableCalendar(principal, calendarId);
    const event = await events.create(principal, { calendar, input: parseOrThrow(eventWriteSchema, request.body), idempotency: idempotencyOf(request) });
    return reply
      .code(201)
      .header('location', eventLocation(calendarId, event.id))
      .header('etag', etagOf(event.extendedProps.version))
      .send(event);
  });

  app.patch('/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId } = parseOrThrow(eventParamsSchema, request.params);
    const calendar = await events.editableCalendar(principal, calendarId);
    const patch = parseOrThrow(eventPatchSchema, request.body);
    const event = await events.update(principal, { calendar, eventId, patch, expected: requireIfMatch(request) });
    if (event.extendedProps.calendarId !== calendarId) reply.header('content-location', eventLocation(event.extendedProps.calendarId, event.id));
    return reply.header('etag', etagOf(event.extendedProps.version)).send(event);
  });

  app.delete('/calendars/:calendarId/events/:eventId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId } = parseOrThrow(eventParamsSchema, request.params);
    const calendar = await events.editableCalendar(principal, calendarId);
    await events.delete(principal, { calendar, eventId, expected: requireIfMatch(request) });
    return reply.code(204).send();
  });
}

/** One occurrence of a series: read, changed or deleted, for this event or this and following. */
function occurrenceRoutes(app: FastifyInstance): void {
  const events = app.eventService;

  app.get('/calendars/:calendarId/events/:eventId/occurrences/:recurrenceId', async (request, reply) => {
    const key = parseOrThrow(occurrenceParamsSchema, request.params);
    const { occurrence, series } = await events.getOccurrence(principalOf(request), key);
    return reply.header('etag', etagOf(series.extendedProps.version)).send(occurrence);
  });

  // For the event form's "this and following": the series a split there would start, with the rule it would have.
  app.get('/calendars/:calendarId/events/:eventId/occurrences/:recurrenceId/following', async (request, reply) => {
    const key = parseOrThrow(occurrenceParamsSchema, request.params);
    const { following, series } = await events.followingSeries(principalOf(request), key);
    return reply.header('etag', etagOf(series.extendedProps.version)).send(following);
  });

  // The ETag of an occurrence is its series': If-Match names the series' version, whichever occurrence changes.
  app.patch('/calendars/:calendarId/events/:eventId/occurrences/:recurrenceId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId, recurrenceId } = parseOrThrow(occurrenceParamsSchema, request.params);
    const { scope } = parseOrThrow(occurrenceScopeQuerySchema, request.query, 'query');
    const calendar = await events.editableCalendar(principal, calendarId);
    const patch = parseOrThrow(eventPatchSchema, request.body);
    const result = await events.updateOccurrence(principal, { calendar, eventId, recurrenceId, scope, patch, expected: requireIfMatch(request) });
    if (result.scope === 'this') return reply.header('etag', etagOf(result.series.extendedProps.version)).send(result.occurrence);
    // "This and following" answers with the series that now runs from the occurrence: a new one, unless it was the first.
    return reply
      .header('location', eventLocation(calendarId, result.series.id))
      .header('etag', etagOf(result.series.extendedProps.version))
      .send(result.series);
  });

  app.delete('/calendars/:calendarId/events/:eventId/occurrences/:recurrenceId', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId, recurrenceId } = parseOrThrow(occurrenceParamsSchema, request.params);
    const { scope } = parseOrThrow(occurrenceScopeQuerySchema, request.query, 'query');
    const calendar = await events.editableCalendar(principal, calendarId);
    await events.deleteOccurrence(principal, { calendar, eventId, recurrenceId, scope, expected: requireIfMatch(request) });
    return reply.code(204).send();
  });

  // Undo of that delete: If-Match names the version the delete made; the series comes back as it was before it.
  app.post('/calendars/:calendarId/events/:eventId/occurrences/:recurrenceId/restore', async (request, reply) => {
    const principal = principalOf(request);
    const { calendarId, eventId, recurrenceId } = parseOrThrow(occurrenceParamsSchema, request.params);
    const { scope } = parseOrThrow(occurrenceScopeQuerySchema, request.query, 'query');
    const calendar = await events.editableCalendar(principal, calendarId);
    const series = await events.undoDeleteOccurrence(principal, { calendar, eventId, recurrenceId, scope, expected: requireIfMatch(request) });
    return reply.header('etag', etagOf(series.extendedProps.version)).send(series);
  });
}

/** HTTP in and out: the event service checks, merges and writes. */
export default async function eventRoutes(app: FastifyInstance) {
  readingRoutes(app);
  writingRoutes(app);
  occurrenceRoutes(app);
}
