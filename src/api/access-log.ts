import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { eventWindowQuerySchema } from './event-window.ts';
import { activityQuerySchema, icsImportQuerySchema, occurrenceScopeQuerySchema } from './http/route-params.ts';
import { subscriptionListQuerySchema } from '../shared/subscription-schema.ts';
import { FEED_PATH_PREFIX, FEED_ROUTE } from './subscriptions/subscription-secret.ts';

/** The query parameters the API reads: their values are logged; another's value may be a secret a client sent. */
const LOGGED_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  ...Object.keys(eventWindowQuerySchema.shape),
  ...Object.keys(occurrenceScopeQuerySchema.shape),
  ...Object.keys(icsImportQuerySchema.shape),
  // A history page's and an activity list's (limit, before, by, from, to).
  ...Object.keys(activityQuerySchema.shape),
  ...Object.keys(subscriptionListQuerySchema.shape),
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

/** A subscription feed's URL holds its secret, which opens the feed to anyone: only the route's shape is logged. */
const LOGGED_FEED_URL = `${FEED_PATH_PREFIX}${REDACTED}.ics`;

const ESCAPE = /%([0-9a-f]{2})/gi;
/** Escapes decoded at most this many times over: /%2569cs/ is /%69cs/ once decoded, and /ics/ twice. */
const DECODE_ROUNDS = 3;

/**
 * Whether a request's path may name a subscription feed in any shape (/%69cs/…, //ics//…, /x/../ics/…, /ICS/…,
 * \\ics\\…), so that its secret is never logged, even when the router matched no feed and a 404 logs the URL as sent.
 * Any path with an ics segment counts: a few other URLs logged without their path cost nothing.
 */
function mayNameFeed(url: string): boolean {
  let path = url.split('?', 1)[0]!;
  // Each escape decoded on its own, as a byte: one malformed escape must not leave the rest unread.
  for (let round = 0; round < DECODE_ROUNDS && path.includes('%'); round++) {
    path = path.replace(ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return path.replaceAll('\\', '/').toLowerCase().includes(FEED_PATH_PREFIX);
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
      // By the route matched, and by the path however it is written: /%69cs/… and //ics//… are feeds too.
      url: request.routeOptions.url === FEED_ROUTE || mayNameFeed(request.url) ? LOGGED_FEED_URL : loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      tenant: request.principal?.tenantId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'answered');
  }
}
