import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { icsFileName } from '../../shared/ics-file-name.ts';
import { CATEGORIES_PER_CALENDAR_MAX, ID_MAX } from '../../shared/limits.ts';
import { eventTimeMs } from '../../shared/time.ts';
import { sendCachedText } from '../http/cached-body-reply.ts';
import { requestOrigin } from '../http/request-origin.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, eventParamsSchema } from '../http/route-params.ts';
import type { IcsExport } from '../ical/ical-export-service.ts';
import { ICS_CONTENT_TYPE } from '../ical/ical-export.ts';
import { principalOf } from '../plugins/app/authentication.ts';

const rangeBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset, e.g. 2026-11-21T09:00:00Z',
});

const categoryIdSchema = z.string().min(1).max(ID_MAX);

const calendarExportQuerySchema = z.strictObject({
  // Repeated for several categories; `none` for the events without one.
  categoryId: z.union([categoryIdSchema, z.array(categoryIdSchema).max(CATEGORIES_PER_CALENDAR_MAX + 1)]).optional(),
  from: rangeBound.optional(),
  to: rangeBound.optional(),
});

/** RFC 6266: an ASCII name for old clients, and the UTF-8 one (filename*) for the rest. */
function contentDisposition(title: string): string {
  const name = icsFileName(title);
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/ +/g, ' ').trim();
  return `attachment; filename="${ascii.length > '.ics'.length ? ascii : 'calendar.ics'}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendIcs(request: FastifyRequest, reply: FastifyReply, ics: IcsExport): Promise<FastifyReply> {
  reply.header('cache-control', 'private, no-cache').header('content-disposition', contentDisposition(ics.name));
  return sendCachedText(request, reply, ics, ICS_CONTENT_TYPE);
}

/** The range's bounds on the stores' line (a date is its UTC midnight); the service checks their order. */
function rangeOf({ from, to }: z.output<typeof calendarExportQuerySchema>): { fromMs?: number; toMs?: number } {
  return { ...(from === undefined ? {} : { fromMs: eventTimeMs(from) }), ...(to === undefined ? {} : { toMs: eventTimeMs(to) }) };
}

/** iCalendar downloads for readers: a calendar (a category of it, a range of it) and one event. */
export default async function icalExportRoutes(app: FastifyInstance) {
  const exports = app.icsExportService;

  app.get('/calendars/:calendarId/calendar.ics', async (request, reply) => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const query = parseOrThrow(calendarExportQuerySchema, request.query, 'query');
    const ics = await exports.exportCalendarIcs(principalOf(request), calendarId, {
      ...(query.categoryId === undefined ? {} : { categoryId: query.categoryId }),
      ...rangeOf(query),
      origin: requestOrigin(request),
    });
    return sendIcs(request, reply, ics);
  });

  app.get('/calendars/:calendarId/events/:eventId/event.ics', async (request, reply) => {
    const key = parseOrThrow(eventParamsSchema, request.params);
    const ics = await exports.exportEventIcs(principalOf(request), key, { origin: requestOrigin(request) });
    return sendIcs(request, reply, ics);
  });
}
