import { describe, expect, it } from 'vitest';
import { idempotencyKeyInFlight, idempotencyKeyReused, HttpProblem } from '../../src/api/errors.ts';
import { toHttpProblem } from '../../src/api/http/problem-reply.ts';
import { OutcomeUnknownError, StoreUnavailableError } from '../../src/api/stores/repository.ts';
import { IDEMPOTENT_RETRY_ATTEMPTS, IDEMPOTENT_RETRY_BASE_MS } from '../../src/shared/limits.ts';
import { ApiError } from '../../src/web/lib/api-client.ts';
import { sendIdempotently } from '../../src/web/lib/idempotent-request.ts';

/** A problem as the web app receives it, with the Retry-After it came with. */
const received = (problem: HttpProblem) => new ApiError(problem.toProblem('/api/x'), Number(problem.headers['retry-after']) || null);
const outcomeUnknown = () => received(toHttpProblem(new OutcomeUnknownError()));

/** A send that fails with these errors in turn, then answers; and what it was sent with. */
function scripted(failures: unknown[]) {
  const keys: string[] = [];
  const waits: number[] = [];
  const send = async (key: string) => {
    keys.push(key);
    const failure = failures.shift();
    if (failure) throw failure;
    return 'saved';
  };
  let made = 0;
  const options = { sleep: async (ms: number) => void waits.push(ms), newKey: () => `key-${(made += 1)}` };
  return { send, keys, waits, options };
}

describe('a keyed write sent until it settles', () => {
  it('sends one key per submission, and the same key again after an unknown outcome, a key in flight or no answer', async () => {
    const { send, keys, waits, options } = scripted([outcomeUnknown(), received(idempotencyKeyInFlight()), new TypeError('Failed to fetch')]);
    await expect(sendIdempotently(send, options)).resolves.toBe('saved');
    expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    // Backing off from IDEMPOTENT_RETRY_BASE_MS, doubled each time.
    expect(waits).toEqual([IDEMPOTENT_RETRY_BASE_MS, 2 * IDEMPOTENT_RETRY_BASE_MS, 4 * IDEMPOTENT_RETRY_BASE_MS]);
  });

  it('waits the server’s Retry-After when it is the longer', async () => {
    const slow = received(new HttpProblem(409, 'Conflict', { type: idempotencyKeyInFlight().type, headers: { 'retry-after': '9' } }));
    const { send, waits, options } = scripted([slow]);
    await sendIdempotently(send, options);
    expect(waits).toEqual([9_000]);
  });

  it(`gives up after IDEMPOTENT_RETRY_ATTEMPTS (${IDEMPOTENT_RETRY_ATTEMPTS}) sends, with the last error for the toast`, async () => {
    const failures = Array.from({ length: IDEMPOTENT_RETRY_ATTEMPTS + 1 }, outcomeUnknown);
    const last = failures[IDEMPOTENT_RETRY_ATTEMPTS - 1];
    const { send, keys, options } = scripted(failures);
    await expect(sendIdempotently(send, options)).rejects.toBe(last);
    expect(keys).toHaveLength(IDEMPOTENT_RETRY_ATTEMPTS);
  });

  it('sends no second time when the answer is settled: refused, "try again" (nothing was saved), or the key reused', async () => {
    for (const failure of [received(toHttpProblem(new StoreUnavailableError(5))), received(idempotencyKeyReused()), new ApiError({ type: 'about:blank', title: 'Bad Request', status: 400 })]) {
      const { send, keys, options } = scripted([failure]);
      await expect(sendIdempotently(send, options)).rejects.toBe(failure);
      expect(keys).toEqual(['key-1']);
    }
  });

  it('makes a new key for each submission', async () => {
    const first = scripted([]);
    await sendIdempotently(first.send);
    await sendIdempotently(first.send);
    expect(first.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.keys[1]).not.toBe(first.keys[0]);
  });
});
