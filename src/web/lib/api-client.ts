import { PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from '../../shared/problem.ts';
import { isNetworkFailure, reportReachable, reportUnreachable } from './offline-status.ts';

/** A failed API call, with the server's problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** From Retry-After (a 429's, a 503's). */
  readonly retryAfterSeconds: number | null;

  constructor(problem: Problem, retryAfterSeconds: number | null = null) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }
}

export interface ApiResponse<T> {
  data: T;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: URLSearchParams;
  body?: unknown;
  /** The version the write is based on; sent as If-Match so a stale write fails with 412. */
  ifMatch?: number;
  /** A media type other than JSON to ask for (text/calendar): the answer's body then comes back as a Blob. */
  accept?: string;
  /** A file sent as the body as it is, with its media type (an .ics import), in place of a JSON body. */
  file?: { body: Blob; contentType: string };
  /** Sent as Idempotency-Key: the same for every send of one submission (idempotent-request.ts). */
  idempotencyKey?: string;
  /** Aborts the request (a search's suggestions, when the words typed change). */
  signal?: AbortSignal;
}

export type GetAccessToken = (options?: { forceRefresh?: boolean }) => Promise<string>;

export interface ApiClient {
  request<T>(path: string, request?: ApiRequest): Promise<ApiResponse<T>>;
}

function versionEtag(version: number): string {
  return `"${version}"`;
}

async function readProblem(response: Response): Promise<Problem> {
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith(PROBLEM_CONTENT_TYPE) || contentType.startsWith('application/json')) {
    try {
      const body = (await response.json()) as Partial<Problem>;
      if (typeof body.title === 'string') return { type: 'about:blank', ...body, title: body.title, status: response.status };
    } catch {
      // Not JSON after all: fall through to a problem made from the status line.
    }
  }
  return { type: 'about:blank', title: response.statusText || `Request failed (${response.status})`, status: response.status };
}

/** One call to the same-origin API. Without an access token the call is anonymous. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}, accessToken?: string): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: `${request.accept ?? 'application/json'}, ${PROBLEM_CONTENT_TYPE}` });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  if (request.file) headers.set('Content-Type', request.file.contentType);
  if (request.ifMatch !== undefined) headers.set('If-Match', versionEtag(request.ifMatch));
  // A Structured Field string, as the header's draft defines it.
  if (request.idempotencyKey !== undefined) headers.set('Idempotency-Key', `"${request.idempotencyKey}"`);
  const query = request.query?.toString();
  let response: Response;
  try {
    response = await fetch(`/api${path}${query ? `?${query}` : ''}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.file?.body ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      signal: request.signal,
    });
  } catch (error) {
    if (isNetworkFailure(error)) reportUnreachable();
    throw error;
  }
  reportReachable();
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(await readProblem(response), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  const data = (response.status === 204 ? undefined : request.accept ? await response.blob() : await response.json()) as T;
  return { data };
}

/** An API client that asks the signed-in session for its bearer token. */
export function createApiClient(getAccessToken: GetAccessToken): ApiClient {
  return {
    async request<T>(path: string, request: ApiRequest = {}) {
      try {
        return await apiFetch<T>(path, request, await getAccessToken());
      } catch (error) {
        // A token the server no longer accepts (e.g. it restarted with new keys): retry once with a fresh one.
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        return apiFetch<T>(path, request, await getAccessToken({ forceRefresh: true }));
      }
    },
  };
}

/** Whether a call failed with one of these HTTP statuses. */
export function isApiStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && statuses.includes(error.status);
}
