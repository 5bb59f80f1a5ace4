import type { GraphConfig } from '../config.ts';
import { GraphError, GraphUnavailableError } from './graph-errors.ts';
import { createOboTokenSource, type GraphUser, type OboTokenSource } from './obo-token.ts';

/** Attempts per Graph request, the first included, while Graph answers 429, 503 or 504. */
export const GRAPH_ATTEMPTS_MAX = 4;
/** The most one request waits in all between its attempts; a Retry-After beyond what is left ends the retries. */
export const GRAPH_RETRY_WAIT_MAX_MS = 15_000;
/** The wait before a retry when Graph sends no Retry-After: doubled each time. */
export const GRAPH_RETRY_BASE_MS = 500;
/** How long one Graph request may take. */
export const GRAPH_REQUEST_TIMEOUT_MS = 15_000;

const RETRIED_STATUSES = new Set([429, 503, 504]);

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Under the Graph root, e.g. /me/events; or an @odata.nextLink Graph gave (it must be under the same root). */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Delegated scopes as full URIs, e.g. https://graph.microsoft.com/Calendars.ReadWrite. */
  scopes: readonly string[];
}

/**
 * Microsoft Graph on behalf of the signed-in user. Build on this for any Graph feature (Outlook, the directory,
 * group overage): request() exchanges the user's token (cached per user), sends the request, retries throttling,
 * and throws ConsentRequiredError (403, consent problem), GraphUnavailableError (503/502) or GraphError (Graph's
 * own error: check graphStatus, e.g. 404) — each an HttpProblem the error handler answers with as it is.
 */
export interface GraphClient {
  /** Graph's JSON answer; undefined for 204. */
  request<T>(user: GraphUser, request: GraphRequest): Promise<T>;
  /** A delegated permission's scope URI on this Graph, e.g. scope('Calendars.ReadWrite'). */
  scope(permission: string): string;
}

/** Graph's scopes are URIs on its own host (graph.microsoft.com, or a national cloud's). */
export function graphScope(baseUrl: string, permission: string): string {
  return `${new URL(baseUrl).origin}/${permission}`;
}

/** Seconds or an HTTP date, as Retry-After is sent; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function urlOf(baseUrl: string, request: GraphRequest): string {
  if (/^https?:/i.test(request.path)) {
    // Only links Graph itself gave: never send the user's Graph token anywhere else.
    if (!request.path.startsWith(`${baseUrl}/`)) throw new Error(`Not a Graph link: ${request.path}`);
    return request.path;
  }
  const url = new URL(`${baseUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

interface GraphErrorBody {
  error?: { code?: string; message?: string };
}

async function send(url: string, token: string, request: GraphRequest): Promise<Response> {
  try {
    return await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(GRAPH_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphUnavailableError('busy', { cause: `Graph unreachable: ${(error as Error).message}` });
  }
}

/** The wait before the next attempt, or null when retries are over (attempts or total wait used up). */
function nextWait(response: Response, attempt: number, waitedMs: number): number | null {
  if (attempt >= GRAPH_ATTEMPTS_MAX) return null;
  const wait = retryAfterMs(response.headers.get('retry-after')) ?? GRAPH_RETRY_BASE_MS * 2 ** (attempt - 1);
  return waitedMs + wait > GRAPH_RETRY_WAIT_MAX_MS ? null : wait;
}

async function readAnswer<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

async function failure(response: Response): Promise<never> {
  const body = (await response.json().catch(() => ({}))) as GraphErrorBody;
  throw new GraphError(response.status, body.error?.code ?? 'unknown', body.error?.message ?? '');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createGraphClient(config: GraphConfig, tokens: OboTokenSource = createOboTokenSource(config)): GraphClient {
  async function attempt(user: GraphUser, request: GraphRequest, url: string): Promise<Response> {
    let response = await send(url, await tokens.token(user, request.scopes), request);
    if (response.status === 401) {
      // A cached token Graph no longer takes (revoked, or the user's policy changed): exchange afresh, once.
      tokens.forget(user, request.scopes);
      response = await send(url, await tokens.token(user, request.scopes), request);
    }
    return response;
  }

  return {
    scope: (permission) => graphScope(config.baseUrl, permission),
    async request<T>(user: GraphUser, request: GraphRequest): Promise<T> {
      const url = urlOf(config.baseUrl, request);
      let waited = 0;
      for (let count = 1; ; count++) {
        const response = await attempt(user, request, url);
        if (response.ok) return readAnswer<T>(response);
        if (!RETRIED_STATUSES.has(response.status)) return failure(response);
        const wait = nextWait(response, count, waited);
        if (wait === null) {
          const retryAfter = retryAfterMs(response.headers.get('retry-after'));
          throw new GraphUnavailableError('busy', {
            cause: `Graph ${response.status} after ${count} attempts`,
            retryAfterSeconds: Math.max(1, Math.ceil((retryAfter ?? GRAPH_RETRY_BASE_MS) / 1000)),
          });
        }
        await response.body?.cancel();
        waited += wait;
        await sleep(wait);
      }
    },
  };
}
