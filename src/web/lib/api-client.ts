import { createIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { PROBLEM_CONTENT_TYPE, WINDOW_TOO_FULL_TYPE, type FieldError, type Problem } from '../../shared/problem.ts';
import { SOURCE_LANGUAGE } from '../i18n/locales.ts';
import { isNetworkFailure, reportReachable, reportUnreachable } from './offline-status.ts';
import { PROBLEM_MESSAGES } from './problem-messages.ts';

/** A failed API call, with the server's problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** From Retry-After on a 429. */
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
  const headers = new Headers({ Accept: `application/json, ${PROBLEM_CONTENT_TYPE}` });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  if (request.ifMatch !== undefined) headers.set('If-Match', versionEtag(request.ifMatch));
  const query = request.query?.toString();
  let response: Response;
  try {
    response = await fetch(`/api${path}${query ? `?${query}` : ''}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
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
  const data = (response.status === 204 ? undefined : await response.json()) as T;
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

// For callers outside React's tree, and those not yet passing theirs: the messages' English.
const ENGLISH = createIntl({ locale: SOURCE_LANGUAGE, defaultLocale: SOURCE_LANGUAGE });

// The statuses the API answers with, each in the user's words; others fall back to the server's detail.
const STATUS_MESSAGES: Partial<Record<number, MessageDescriptor>> = {
  400: PROBLEM_MESSAGES.invalid,
  401: PROBLEM_MESSAGES.signInExpired,
  403: PROBLEM_MESSAGES.forbidden,
  404: PROBLEM_MESSAGES.notFound,
  412: PROBLEM_MESSAGES.staleWrite,
  503: PROBLEM_MESSAGES.busy,
};

function apiErrorMessage(error: ApiError, intl: IntlShape): string {
  const { problem } = error;
  if (problem.type === WINDOW_TOO_FULL_TYPE && problem.limit !== undefined) {
    return intl.formatMessage(PROBLEM_MESSAGES.windowTooFull, { limit: problem.limit });
  }
  if (error.status === 429) {
    return error.retryAfterSeconds === null
      ? intl.formatMessage(PROBLEM_MESSAGES.rateLimitedMoment)
      : intl.formatMessage(PROBLEM_MESSAGES.rateLimited, { seconds: error.retryAfterSeconds });
  }
  const known = STATUS_MESSAGES[error.status];
  if (known) return intl.formatMessage(known);
  if (error.status >= 500) return intl.formatMessage(PROBLEM_MESSAGES.serverError);
  // A problem the app has no words for: the server's own, rather than nothing.
  return problem.detail ?? problem.title;
}

/** What went wrong, for the user, in the language of `intl`: API problems by type and status, network failures as such. */
export function errorMessage(error: unknown, intl: IntlShape = ENGLISH): string {
  if (error instanceof ApiError) return apiErrorMessage(error, intl);
  if (isNetworkFailure(error)) return intl.formatMessage(PROBLEM_MESSAGES.unreachable);
  // Sign-in libraries' own failures: their message is all there is.
  if (error instanceof Error && error.message) return error.message;
  return intl.formatMessage(PROBLEM_MESSAGES.unknown);
}
