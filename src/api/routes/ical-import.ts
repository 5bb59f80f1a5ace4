import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ICS_IMPORT_MAX_BYTES } from '../../shared/limits.ts';
import { HttpProblem } from '../errors.ts';
import { sendProblem } from '../http/problem-reply.ts';
import { idempotencyOf } from '../http/idempotency-key.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { calendarParamsSchema, icsImportQuerySchema } from '../http/route-params.ts';
import { principalOf } from '../plugins/app/authentication.ts';

const megabytes = ICS_IMPORT_MAX_BYTES / (1024 * 1024);

/** An oversized file is told its limit; anything else goes to the app's error handler. */
function tooLarge(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
  return sendProblem(request, reply, new HttpProblem(413, 'Content Too Large', { detail: `An .ics file for import has at most ${megabytes} MB; this one is larger. Nothing was imported.` }));
}

/** POST /api/calendars/{calendarId}/import[?preview=true][&timeZone=…]: the .ics file is the body, as text/calendar. */
export default async function icalImportRoutes(app: FastifyInstance) {
  // Bytes, not text: the import decodes them (UTF-8, else windows-1252). Only in this plugin's routes.
  app.addContentTypeParser('text/calendar', { parseAs: 'buffer', bodyLimit: ICS_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post('/calendars/:calendarId/import', { bodyLimit: ICS_IMPORT_MAX_BYTES, errorHandler: tooLarge }, async (request, reply) => {
    const { calendarId } = parseOrThrow(calendarParamsSchema, request.params);
    const query = parseOrThrow(icsImportQuerySchema, request.query, 'query');
    if (!Buffer.isBuffer(request.body)) {
      throw new HttpProblem(415, 'Unsupported Media Type', { detail: 'Send the .ics file as the body, with Content-Type: text/calendar.' });
    }
    const preview = query.preview === 'true';
    const result = await app.icalImportService.importIcs(principalOf(request), {
      calendarId,
      body: request.body,
      preview,
      timeZone: query.timeZone ?? 'UTC',
      // A preview writes nothing: its key, if any, has nothing to keep.
      idempotency: preview ? undefined : idempotencyOf(request),
    });
    return reply.send(result);
  });
}
