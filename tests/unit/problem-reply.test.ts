import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../src/api/errors.ts';
import { toHttpProblem } from '../../src/api/http/problem-reply.ts';
import { NotFoundError, PreconditionFailedError, StoreFullError, StoreUnavailableError } from '../../src/api/stores/repository.ts';
import { STORAGE_FULL_TYPE } from '../../src/shared/problem.ts';

describe('store errors as problems, mapped in one place', () => {
  it('answers a missing record with 404, a stale version with 412 and a busy store with 503 and Retry-After', () => {
    expect(toHttpProblem(new NotFoundError()).toProblem()).toMatchObject({ status: 404, title: 'Not Found' });
    expect(toHttpProblem(new PreconditionFailedError()).toProblem()).toMatchObject({ status: 412, title: 'Precondition Failed' });
    const busy = toHttpProblem(new StoreUnavailableError(7));
    expect(busy.status).toBe(503);
    expect(busy.headers).toEqual({ 'retry-after': '7' });
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
