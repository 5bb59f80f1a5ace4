import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../src/api/errors.ts';
import { toHttpProblem } from '../../src/api/http/problem-reply.ts';
import { NotFoundError, OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS, OutcomeUnknownError, PreconditionFailedError, StoreFullError, StoreUnavailableError } from '../../src/api/stores/repository.ts';
import { OUTCOME_UNKNOWN_TYPE, STORAGE_FULL_TYPE } from '../../src/shared/problem.ts';

describe('store errors as problems, mapped in one place', () => {
  it('answers a missing record with 404, a stale version with 412 and a busy store with 503 and Retry-After', () => {
    expect(toHttpProblem(new NotFoundError()).toProblem()).toMatchObject({ status: 404, title: 'Not Found' });
    expect(toHttpProblem(new PreconditionFailedError()).toProblem()).toMatchObject({ status: 412, title: 'Precondition Failed' });
    const busy = toHttpProblem(new StoreUnavailableError(7));
    expect(busy.status).toBe(503);
    expect(busy.headers).toEqual({ 'retry-after': '7' });
    expect(busy.type).not.toBe(OUTCOME_UNKNOWN_TYPE);
  });

  it('answers a write that may or may not have been stored with its own type, to be retried with the same key', () => {
    const unknown = toHttpProblem(new OutcomeUnknownError());
    expect(unknown.toProblem()).toMatchObject({ status: 503, type: OUTCOME_UNKNOWN_TYPE });
    expect(unknown.detail).toMatch(/may or may not have been saved.*same Idempotency-Key/);
    expect(unknown.headers).toEqual({ 'retry-after': String(OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS) });
  });

  it('answers a store with no room for the write with 507, its own type, and a detail that says nothing was saved', () => {
    const full = toHttpProblem(new StoreFullError({ cause: new Error('SQLITE_FULL: database or disk is full') })).toProblem();
    expect(full).toMatchObject({ status: 507, title: 'Insufficient Storage', type: STORAGE_FULL_TYPE });
    expect(full.detail).toMatch(/storage is full, so nothing was saved/);
    expect(JSON.stringify(full)).not.toMatch(/SQLITE/);
  });

  it('keeps a problem as it is, and says nothing of an unexpected error’s cause', () => {
    const problem = new HttpProblem(409, 'Conflict', { detail: 'Taken' });
    expect(toHttpProblem(problem)).toBe(problem);
    const hidden = toHttpProblem(new Error('connect ECONNREFUSED 10.1.2.3:5432'));
    expect(hidden.status).toBe(500);
    expect(JSON.stringify(hidden.toProblem())).not.toContain('ECONNREFUSED');
  });
});
