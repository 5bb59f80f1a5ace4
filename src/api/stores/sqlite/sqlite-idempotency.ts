import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
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

interface RecordRow {
  fingerprint: string;
  token: string | null;
  claimed_at_ms: number;
  expires_at_ms: number;
  answer: string | null;
}

/**
 * Idempotency-Key records in their own table. A claim is a row with a random token; the keyed write completes it in its
 * own transaction (completeIn), so the write and its answer commit together or not at all.
 */
export class SqliteIdempotency implements IdempotencyRepository {
  private readonly db: Database.Database;
  private readonly read: Database.Statement<[string, string], RecordRow>;
  private readonly put: Database.Statement<{ tenant: string; id: string; fingerprint: string; token: string; now: number; expires: number }>;
  private readonly answer: Database.Statement<{ tenant: string; id: string; token: string; answer: string; expires: number }>;
  private readonly remove: Database.Statement<[string, string, string]>;
  private readonly expired: Database.Statement<[number]>;

  constructor(db: Database.Database) {
    this.db = db;
    this.read = db.prepare('SELECT fingerprint, token, claimed_at_ms, expires_at_ms, answer FROM idempotency_records WHERE tenant_id = ? AND id = ?');
    this.put = db.prepare(
      `INSERT INTO idempotency_records (tenant_id, id, fingerprint, token, claimed_at_ms, expires_at_ms, answer)
       VALUES (@tenant, @id, @fingerprint, @token, @now, @expires, NULL)
       ON CONFLICT (tenant_id, id) DO UPDATE SET fingerprint = @fingerprint, token = @token, claimed_at_ms = @now, expires_at_ms = @expires, answer = NULL`,
    );
    this.answer = db.prepare('UPDATE idempotency_records SET token = NULL, answer = @answer, expires_at_ms = @expires WHERE tenant_id = @tenant AND id = @id AND token = @token');
    this.remove = db.prepare('DELETE FROM idempotency_records WHERE tenant_id = ? AND id = ? AND token = ?');
    this.expired = db.prepare('DELETE FROM idempotency_records WHERE expires_at_ms < ?');
  }

  async claim({ tenantId, recordId, resource, fingerprint, nowMs }: IdempotencyRef & { fingerprint: string; nowMs: number }): Promise<IdempotencyClaim> {
    return this.db
      .transaction((): IdempotencyClaim => {
        const row = this.read.get(tenantId, recordId);
        if (row && row.expires_at_ms > nowMs) {
          if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
          if (row.answer !== null) return { state: 'answered', answer: JSON.parse(row.answer) as unknown };
          if (row.claimed_at_ms + IDEMPOTENCY_LEASE_MS > nowMs) return { state: 'in-flight' };
        }
        // None, expired, or a claim whose write has ended unanswered: taken (anew), with a token of its own.
        const token = randomUUID();
        this.put.run({ tenant: tenantId, id: recordId, fingerprint, token, now: nowMs, expires: nowMs + IDEMPOTENCY_KEY_TTL_MS });
        return { state: 'claimed', lease: { tenantId, recordId, resource, fingerprint, token } };
      })
      .immediate();
  }

  async complete(lease: IdempotencyLease, answer: unknown): Promise<void> {
    this.db.transaction(() => this.completeIn({ lease, answer: () => answer }, undefined)).immediate();
  }

  /** Inside the keyed write's transaction: its answer, or IdempotencyConflictError (which rolls the write back). */
  completeIn<T>(completion: IdempotentCompletion<T> | undefined, written: T): void {
    if (!completion) return;
    const { tenantId, recordId, token } = completion.lease;
    const answer = JSON.stringify(completion.answer(written) ?? null);
    const done = this.answer.run({ tenant: tenantId, id: recordId, token, answer, expires: Date.now() + IDEMPOTENCY_KEY_TTL_MS });
    if (done.changes !== 1) throw new IdempotencyConflictError();
  }

  async release({ tenantId, recordId, token }: IdempotencyLease): Promise<void> {
    this.remove.run(tenantId, recordId, token);
  }

  /** Inside purgeExpired's transaction: how many it deleted. */
  purgeBefore(nowMs: number): number {
    return this.expired.run(nowMs).changes;
  }
}
