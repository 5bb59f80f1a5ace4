import { StoreUnavailableError } from '../repository.ts';

/** Retries after transient failures, with exponential backoff and jitter. */
export const TRANSIENT_RETRY_ATTEMPTS = 4;
export const TRANSIENT_RETRY_BASE_MS = 100;
/** What the API tells clients to wait when retries run out and the store named no time. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

// Throttled (429) and "retry with" (449) mean the write was not applied, so any operation may be repeated.
const NOT_APPLIED = new Set([429, 449]);
// Timeouts and server errors may have applied a write: only reads are repeated after them.
const MAYBE_APPLIED = new Set([408, 500, 502, 503, 504]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);

function statusOf(error: unknown): number | string | undefined {
  return (error as { code?: number | string }).code;
}

export function isTransient(error: unknown, idempotent: boolean): boolean {
  const code = statusOf(error);
  if (typeof code === 'number') return NOT_APPLIED.has(code) || (idempotent && MAYBE_APPLIED.has(code));
  return idempotent && typeof code === 'string' && NETWORK_CODES.has(code);
}

function retryAfterMs(error: unknown): number | undefined {
  const value = (error as { retryAfterInMs?: number }).retryAfterInMs;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

export interface RetryOptions {
  /** Reads and conditional writes may be repeated after any transient failure; other writes only when not applied. */
  idempotent: boolean;
  attempts?: number;
  baseMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a store operation, retrying transient failures. When retries run out the store is unavailable:
 * StoreUnavailableError carries how long the caller should wait (the API's 503 Retry-After).
 */
export async function withRetries<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const attempts = options.attempts ?? TRANSIENT_RETRY_ATTEMPTS;
  const baseMs = options.baseMs ?? TRANSIENT_RETRY_BASE_MS;
  const sleep = options.sleep ?? wait;
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isTransient(error, options.idempotent)) throw error;
      if (attempt >= attempts) {
        const after = retryAfterMs(error);
        throw new StoreUnavailableError(after ? Math.ceil(after / 1000) : DEFAULT_RETRY_AFTER_SECONDS, { cause: error });
      }
      const backoff = baseMs * 2 ** (attempt - 1);
      await sleep(retryAfterMs(error) ?? backoff / 2 + Math.random() * backoff);
    }
  }
}
