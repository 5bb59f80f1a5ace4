// Idempotency-Key records on Cosmos (data-design.md, Idempotency keys): one document per key, in the tenant's partition
// of the container the keyed write writes to, so that the write completes the record in its own transactional batch.
import type { Container, OperationInput } from '@azure/cosmos';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_LEASE_MS,
  IdempotencyConflictError,
  type IdempotencyClaim,
  type IdempotencyLease,
  type IdempotencyRef,
  type IdempotencyRepository,
  type IdempotentCompletion,
} from '../repository.ts';
import { codeOf, ifMatch, readDoc } from './cosmos-documents.ts';
import { replaceOp } from './cosmos-history.ts';
import { withRetries } from './cosmos-retry.ts';

/** What tells a record from the container's other documents: no query for calendars, events or entries matches it. */
export const IDEMPOTENCY_DOC_TYPE = 'idempotency-record';
/** The record's time to live, in seconds: the account deletes it itself (the local protocol server leaves it to purgeExpired). */
export const IDEMPOTENCY_TTL_SECONDS = IDEMPOTENCY_KEY_TTL_MS / 1000;

interface RecordDoc {
  id: string;
  tenantId: string;
  docType: typeof IDEMPOTENCY_DOC_TYPE;
  fingerprint: string;
  claimedAtMs: number;
  expiresAtMs: number;
  /** Set once the write answered: its answer, stored in its batch. */
  answered?: true;
  answer?: unknown;
  ttl: number;
  _etag?: string;
}

const docIdOf = (recordId: string) => `idempotency-${recordId}`;

/** A record's document as its key is claimed now. */
function claimedDoc({ tenantId, recordId }: IdempotencyRef, fingerprint: string, nowMs: number): RecordDoc {
  return { id: docIdOf(recordId), tenantId, docType: IDEMPOTENCY_DOC_TYPE, fingerprint, claimedAtMs: nowMs, expiresAtMs: nowMs + IDEMPOTENCY_KEY_TTL_MS, ttl: IDEMPOTENCY_TTL_SECONDS };
}

/**
 * The operation a keyed write adds to its transactional batch: the record answered, with If-Match on the claim's ETag.
 * A claim taken over or released since fails it (412 or 404), and with it the whole batch: at most one write per key.
 */
export function completionOp<T>(completion: IdempotentCompletion<T>, written: T): OperationInput {
  const { lease } = completion;
  return { ...replaceOp({ ...answeredDoc(lease, completion.answer(written)), _etag: lease.token }), partitionKey: lease.tenantId };
}

/** The record answered: kept IDEMPOTENCY_KEY_TTL_MS from now. */
function answeredDoc(lease: IdempotencyLease, answer: unknown): RecordDoc {
  return { ...claimedDoc(lease, lease.fingerprint, Date.now()), answered: true, answer: answer ?? null };
}

/** Whether a failed batch failed on its completion (the operation at this index): the claim is no longer this write's. */
export function lostClaim(completionIndex: number, failed: number, status: number): boolean {
  return failed === completionIndex && (status === 412 || status === 404);
}

export class CosmosIdempotencyRepository implements IdempotencyRepository {
  private readonly containers: Record<IdempotencyRef['resource'], Container>;

  constructor(containers: Record<IdempotencyRef['resource'], Container>) {
    this.containers = containers;
  }

  async claim(params: IdempotencyRef & { fingerprint: string; nowMs: number }): Promise<IdempotencyClaim> {
    const { tenantId, recordId, resource, fingerprint, nowMs } = params;
    const container = this.containers[resource];
    // A lost race for the document (another claim created or replaced it first) reads it again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await readDoc<RecordDoc>(container.item(docIdOf(recordId), tenantId));
      if (doc && doc.expiresAtMs > nowMs) {
        if (doc.fingerprint !== fingerprint) return { state: 'mismatch' };
        if (doc.answered) return { state: 'answered', answer: doc.answer };
        if (doc.claimedAtMs + IDEMPOTENCY_LEASE_MS > nowMs) return { state: 'in-flight' };
      }
      const next = claimedDoc(params, fingerprint, nowMs);
      try {
        const written = doc
          ? await withRetries(() => container.item(next.id, tenantId).replace(next, ifMatch(doc._etag)), { idempotent: false })
          : await withRetries(() => container.items.create(next), { idempotent: false });
        return { state: 'claimed', lease: { tenantId, recordId, resource, fingerprint, token: written.resource!._etag! } };
      } catch (error) {
        if (codeOf(error) !== 409 && codeOf(error) !== 412) throw error;
      }
    }
    return { state: 'in-flight' };
  }

  async complete(lease: IdempotencyLease, answer: unknown): Promise<void> {
    const doc = answeredDoc(lease, answer);
    const container = this.containers[lease.resource];
    try {
      await withRetries(() => container.item(doc.id, lease.tenantId).replace(doc, ifMatch(lease.token)), { idempotent: false });
    } catch (error) {
      if (codeOf(error) === 412 || codeOf(error) === 404) throw new IdempotencyConflictError();
      throw error;
    }
  }

  /** Deleted with If-Match on the claim: an answered record (its ETag moved on) stays. */
  async release(lease: IdempotencyLease): Promise<void> {
    const item = this.containers[lease.resource].item(docIdOf(lease.recordId), lease.tenantId);
    try {
      await withRetries(() => item.delete(ifMatch(lease.token)), { idempotent: false });
    } catch (error) {
      if (codeOf(error) !== 412 && codeOf(error) !== 404) throw error;
    }
  }
}
