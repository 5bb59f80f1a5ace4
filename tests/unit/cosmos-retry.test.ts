import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_AFTER_SECONDS, TRANSIENT_RETRY_ATTEMPTS, withRetries } from '../../src/api/stores/cosmos/cosmos-retry.ts';
import { StoreUnavailableError } from '../../src/api/stores/repository.ts';

const failure = (code: number | string, retryAfterInMs?: number) => Object.assign(new Error(`failed with ${code}`), { code, retryAfterInMs });

function failingThen<T>(errors: Error[], value: T) {
  let calls = 0;
  const operation = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return value;
  };
  return { operation, calls: () => calls };
}

describe('withRetries', () => {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  it('retries throttling, waiting what the store asks, then succeeds', async () => {
    sleeps.length = 0;
    const { operation, calls } = failingThen([failure(429, 250), failure(429, 500)], 'ok');
    expect(await withRetries(operation, { idempotent: false, sleep })).toBe('ok');
    expect(calls()).toBe(3);
    expect(sleeps).toEqual([250, 500]);
  });

  it('backs off exponentially when the store names no wait', async () => {
    sleeps.length = 0;
    const { operation } = failingThen([failure(503), failure(503), failure(503)], 'ok');
    await withRetries(operation, { idempotent: true, sleep, baseMs: 100 });
    expect(sleeps).toHaveLength(3);
    expect(sleeps[0]).toBeGreaterThanOrEqual(50);
    expect(sleeps[0]).toBeLessThan(150);
    expect(sleeps[2]).toBeGreaterThanOrEqual(200);
    expect(sleeps[2]).toBeLessThan(600);
  });

  it('gives up after the last attempt with StoreUnavailableError carrying the wait', async () => {
    const { operation, calls } = failingThen(Array.from({ length: 10 }, () => failure(429, 3_200)), 'never');
    const error = await withRetries(operation, { idempotent: true, sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).retryAfterSeconds).toBe(4);
    expect(calls()).toBe(TRANSIENT_RETRY_ATTEMPTS);
    const noHint = await withRetries(failingThen(Array.from({ length: 10 }, () => failure('ECONNRESET')), 0).operation, { idempotent: true, sleep }).catch((e: unknown) => e);
    expect((noHint as StoreUnavailableError).retryAfterSeconds).toBe(DEFAULT_RETRY_AFTER_SECONDS);
  });

  it('does not repeat a write after a failure that may have applied it', async () => {
    const { operation, calls } = failingThen([failure(503)], 'ok');
    await expect(withRetries(operation, { idempotent: false, sleep })).rejects.toMatchObject({ code: 503 });
    expect(calls()).toBe(1);
  });

  it('passes other errors straight through', async () => {
    for (const code of [400, 404, 409, 412]) {
      const { operation, calls } = failingThen([failure(code)], 'ok');
      await expect(withRetries(operation, { idempotent: true, sleep })).rejects.toMatchObject({ code });
      expect(calls()).toBe(1);
    }
  });
});
