import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { eventWindowQuerySchema } from './event-window.ts';
import { occurrenceScopeQuerySchema } from './http/route-params.ts';

/** The query parameters the API reads: their values are logged; another's value may be a secret a client sent. */
const LOGGED_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  ...Object.keys(eventWindowQuerySchema.shape),
  ...Object.keys(occurrenceScopeQuerySchema.shape),
]);
export const REDACTED = 'REDACTED';
/** The levels that write the access log's lines. */
const INFO_OR_FINER: ReadonlySet<string> = new Set(['trace', 'debug', 'info']);

/** Whether every parameter of the query is one the API reads, each name written plainly (no escapes). */
function onlyLoggedParameters(query: string): boolean {
  let at = 0;
  while (at < query.length) {
    const ampersand = query.indexOf('&', at);
    const end = ampersand === -1 ? query.length : ampersand;
    const equals = query.indexOf('=', at);
    const name = query.slice(at, equals === -1 || equals > end ? end : equals);
    if (!LOGGED_QUERY_PARAMETERS.has(name)) return false;
    at = end + 1;
  }
  return true;
}

/** The request's URL as logged: parameters other than the API's own keep their names, not their values. */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  // Nearly every request: nothing to redact, so the URL is logged as sent rather than parsed and written again.
  if (onlyLoggedParameters(url.slice(queryAt + 1))) return url;
  const logged = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    logged.append(name, LOGGED_QUERY_PARAMETERS.has(name) ? value : REDACTED);
  }
  return `${url.slice(0, queryAt)}?${logged}`;
}

/**
 * One line per request once it is answered, in place of Fastify's two (on arrival and on completion): what an
 * operator needs to follow it, with the request id the request's logger carries. Below info, nothing is built.
 */
export class AccessLogController extends LogController {
  private readonly enabled: boolean;

  constructor(level: string) {
    super();
    this.enabled = INFO_OR_FINER.has(level);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.enabled && !error) return;
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      tenant: request.principal?.tenantId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'answered');
  }
}
