import { createHash } from 'node:crypto';
import type { Principal } from '../auth/principal.ts';
import { idempotencyKeyInFlight, idempotencyKeyReused } from '../errors.ts';
import type { IdempotencyRequest } from '../http/idempotency-key.ts';
import type { IdempotencyRef, IdempotentCompletion, Store } from '../stores/repository.ts';

/** The key's record id: the same key from another user or to another route is another key. The tenant is its partition. */
function recordIdOf(principal: Principal, { route, key }: IdempotencyRequest): string {
  return createHash('sha256').update(`${principal.id}\n${route}\n${key}`).digest('base64url');
}

/**
 * A keyed write, done at most once per key: the key is claimed first; a key answered before gets that answer again
 * (what `answerOf` made of the first write, stored with it in its transaction or batch), one used for another request a
 * 422, one whose first request is still in flight a 409. A write that fails frees its claim, so that sending the request
 * again goes ahead; its claim is in the write's batch, so a write that lands after the claim is freed (or taken over)
 * fails whole. Without a key, the write as it is.
 */
export async function idempotently<T, A>(
  store: Store,
  principal: Principal,
  keyed: { request: IdempotencyRequest | undefined; resource: IdempotencyRef['resource'] },
  write: (completion: IdempotentCompletion<T> | undefined) => Promise<T>,
  answerOf: (written: T) => A,
): Promise<A> {
  if (!keyed.request) return answerOf(await write(undefined));
  const ref = { tenantId: principal.tenantId, recordId: recordIdOf(principal, keyed.request), resource: keyed.resource };
  const claim = await store.idempotency.claim({ ...ref, fingerprint: keyed.request.fingerprint, nowMs: Date.now() });
  if (claim.state === 'answered') return claim.answer as A;
  if (claim.state === 'mismatch') throw idempotencyKeyReused();
  if (claim.state === 'in-flight') throw idempotencyKeyInFlight();
  try {
    return answerOf(await write({ lease: claim.lease, answer: answerOf }));
  } catch (error) {
    // Best effort: a claim left behind is free again after IDEMPOTENCY_LEASE_MS.
    await store.idempotency.release(claim.lease).catch(() => undefined);
    throw error;
  }
}
