import { FEED_EVENTS_MAX } from '../shared/limits.ts';
import { IDEMPOTENCY_KEY_IN_FLIGHT_TYPE, IDEMPOTENCY_KEY_REUSED_TYPE, WINDOW_TOO_FULL_TYPE, type FieldError, type Problem } from '../shared/problem.ts';

/** An error the API answers with as application/problem+json. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  readonly type: string;
  readonly limit?: number;
  readonly scopes?: string[];
  readonly calendarId?: string;

  constructor(
    status: number,
    title: string,
    options: { detail?: string; errors?: FieldError[]; headers?: Record<string, string>; type?: string; limit?: number; scopes?: string[]; calendarId?: string } = {},
  ) {
    super(options.detail ?? title);
    this.status = status;
    this.title = title;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.type = options.type ?? 'about:blank';
    this.limit = options.limit;
    this.scopes = options.scopes;
    this.calendarId = options.calendarId;
  }

  toProblem(instance?: string): Problem {
    return {
      type: this.type,
      title: this.title,
      status: this.status,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(instance === undefined ? {} : { instance }),
      ...(this.errors === undefined ? {} : { errors: this.errors }),
      ...(this.limit === undefined ? {} : { limit: this.limit }),
      ...(this.scopes === undefined ? {} : { scopes: this.scopes }),
      ...(this.calendarId === undefined ? {} : { calendarId: this.calendarId }),
    };
  }
}

export const notFound = (detail = 'Nothing exists here, or you cannot see it.') => new HttpProblem(404, 'Not Found', { detail });
export const forbidden = (detail: string) => new HttpProblem(403, 'Forbidden', { detail });
export const unauthorized = (detail: string) =>
  new HttpProblem(401, 'Unauthorized', { detail, headers: { 'www-authenticate': 'Bearer' } });
export const validationFailed = (errors: FieldError[]) =>
  new HttpProblem(400, 'Bad Request', { detail: 'The request has invalid fields.', errors });
/** A feed window holding more events than one answer carries. */
export const windowTooFull = (limit = FEED_EVENTS_MAX) =>
  new HttpProblem(422, 'Too many events in this window', {
    type: WINDOW_TOO_FULL_TYPE,
    detail: `This window holds more than ${limit.toLocaleString('en')} events, the most one answer carries: ask for a shorter window or fewer calendars.`,
    limit,
  });

/** A request with an Idempotency-Key first used for another request (the draft's 422). */
export const idempotencyKeyReused = () =>
  new HttpProblem(422, 'Idempotency-Key reused', {
    type: IDEMPOTENCY_KEY_REUSED_TYPE,
    detail: 'This Idempotency-Key was first sent with another request. Send a new key for a new request.',
  });
/** A request with an Idempotency-Key whose first request is still being processed (the draft's 409). */
export const idempotencyKeyInFlight = () =>
  new HttpProblem(409, 'Conflict', {
    type: IDEMPOTENCY_KEY_IN_FLIGHT_TYPE,
    detail: 'A request with this Idempotency-Key is still being processed. Send it again shortly, with the same key.',
    headers: { 'retry-after': '1' },
  });
