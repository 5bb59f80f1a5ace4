import { IDEMPOTENT_RETRY_ATTEMPTS, IDEMPOTENT_RETRY_BASE_MS } from '../../shared/limits.ts';
import { IDEMPOTENCY_KEY_IN_FLIGHT_TYPE, OUTCOME_UNKNOWN_TYPE } from '../../shared/problem.ts';
import { ApiError } from './api-client.ts';
import { isNetworkFailure } from './offline-status.ts';

/**
 * Whether a keyed write's fate is still open: the server did not say whether it was saved (outcome unknown), its first
 * send is still being processed (409 in flight), or no answer came at all. Sending it again with its key settles it.
 */
export function isUnsettled(error: unknown): boolean {
  if (error instanceof ApiError) return error.problem.type === OUTCOME_UNKNOWN_TYPE || error.problem.type === IDEMPOTENCY_KEY_IN_FLIGHT_TYPE;
  return isNetworkFailure(error);
}

export interface IdempotentOptions {
  attempts?: number;
  baseMs?: number;
  sleep?: (ms: number) => Promise<void>;
  newKey?: () => string;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One submission of a create, an import or a restore: one Idempotency-Key for it, and while its fate is open the same
 * request sent again with that key, up to IDEMPOTENT_RETRY_ATTEMPTS sends, waiting IDEMPOTENT_RETRY_BASE_MS and twice as
 * long each time after (or the server's Retry-After, when longer). The server answers a key it has seen with its first
 * answer, so a write that was saved is never saved twice. What still fails reaches the caller, and its toast.
 */
export async function sendIdempotently<T>(send: (key: string) => Promise<T>, options: IdempotentOptions = {}): Promise<T> {
  const { attempts = IDEMPOTENT_RETRY_ATTEMPTS, baseMs = IDEMPOTENT_RETRY_BASE_MS, sleep = wait, newKey = () => crypto.randomUUID() } = options;
  const key = newKey();
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(key);
    } catch (error) {
      if (!isUnsettled(error) || attempt >= attempts) throw error;
      const told = error instanceof ApiError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : 0;
      await sleep(Math.max(told, baseMs * 2 ** (attempt - 1)));
    }
  }
}
