import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OUTCOME_UNKNOWN_TYPE, PROBLEM_CONTENT_TYPE, STORAGE_FULL_TYPE } from '../../shared/problem.ts';
import { HttpProblem, idempotencyKeyInFlight, notFound } from '../errors.ts';
import { IdempotencyConflictError, NotFoundError, OutcomeUnknownError, PreconditionFailedError, StoreFullError, StoreUnavailableError } from '../stores/repository.ts';
import { preconditionFailed } from './conditional-requests.ts';

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: HttpProblem): FastifyReply {
  return reply
    .code(problem.status)
    .headers(problem.headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problem.toProblem(request.url));
}

/**
 * Any thrown error as a problem: client errors keep their message, server errors say nothing of their cause.
 * The store's errors are mapped here and nowhere else, so no route or service need catch them.
 */
export function toHttpProblem(error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof NotFoundError) return notFound();
  if (error instanceof PreconditionFailedError) return preconditionFailed();
  // Another request with the key took it over (or freed it) before this one's write: this one wrote nothing.
  if (error instanceof IdempotencyConflictError) return idempotencyKeyInFlight();
  if (error instanceof StoreUnavailableError) {
    return new HttpProblem(503, 'Service Unavailable', {
      detail: 'The calendar store is busy. Try again shortly.',
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    });
  }
  if (error instanceof StoreFullError) {
    return new HttpProblem(507, 'Insufficient Storage', {
      type: STORAGE_FULL_TYPE,
      detail: 'The calendar’s storage is full, so nothing was saved. Reading still works; try again once an administrator has freed space.',
    });
  }
  if (error instanceof OutcomeUnknownError) {
    return new HttpProblem(503, 'Outcome Unknown', {
      type: OUTCOME_UNKNOWN_TYPE,
      detail: 'The calendar store did not answer in time: the change may or may not have been saved. Send the same request again with the same Idempotency-Key.',
      headers: { 'retry-after': String(error.retryAfterSeconds) },
    });
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpProblem(status, STATUS_CODES[status] ?? 'Client Error', { detail: (error as Error).message });
  }
  return new HttpProblem(500, 'Internal Server Error', { detail: 'Something went wrong on our side. Try again later.' });
}
