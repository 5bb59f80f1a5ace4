import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  NotFoundError,
  type InTenant,
  type StoredSubscription,
  type SubscriptionCreate,
  type SubscriptionKey,
  type SubscriptionRepository,
  type UserKey,
} from '../repository.ts';

interface SubscriptionRow {
  tenant_id: string;
  id: string;
  user_id: string;
  user_name: string;
  calendar_id: string;
  category_id: string | null;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
}

// Every column but the secret's hash, which never leaves the store.
const COLUMNS = 'tenant_id, id, user_id, user_name, calendar_id, category_id, created_at, last_used_at';

function toSubscription(row: Omit<SubscriptionRow, 'secret_hash'>): StoredSubscription {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    userName: row.user_name,
    calendarId: row.calendar_id,
    categoryId: row.category_id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The subscriptions table of migration 8. */
export class SqliteSubscriptionRepository implements SubscriptionRepository {
  private readonly insert: Database.Statement<SubscriptionRow>;
  private readonly byId: Database.Statement<[string, string], SubscriptionRow>;
  private readonly byUser: Database.Statement<[string, string], SubscriptionRow>;
  private readonly byTenant: Database.Statement<[string], SubscriptionRow>;
  private readonly bySecretHash: Database.Statement<[string], SubscriptionRow>;
  private readonly remove: Database.Statement<[string, string]>;
  private readonly used: Database.Statement<[string, string, string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO subscriptions (${COLUMNS}, secret_hash)
       VALUES (@tenant_id, @id, @user_id, @user_name, @calendar_id, @category_id, @created_at, @last_used_at, @secret_hash)`,
    );
    this.byId = db.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = ? AND id = ?`);
    this.byUser = db.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = ? AND user_id = ? ORDER BY created_at, id`);
    this.byTenant = db.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE tenant_id = ? ORDER BY created_at, id`);
    this.bySecretHash = db.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE secret_hash = ?`);
    this.remove = db.prepare('DELETE FROM subscriptions WHERE tenant_id = ? AND id = ?');
    this.used = db.prepare('UPDATE subscriptions SET last_used_at = ? WHERE tenant_id = ? AND id = ?');
  }

  async create({ tenantId, userId, userName, calendarId, categoryId, secretHash }: SubscriptionCreate): Promise<StoredSubscription> {
    const row: SubscriptionRow = {
      tenant_id: tenantId,
      id: randomUUID(),
      user_id: userId,
      user_name: userName,
      calendar_id: calendarId,
      category_id: categoryId,
      secret_hash: secretHash,
      created_at: new Date().toISOString(),
      last_used_at: null,
    };
    this.insert.run(row);
    return toSubscription(row);
  }

  async get({ tenantId, subscriptionId }: SubscriptionKey): Promise<StoredSubscription | null> {
    const row = this.byId.get(tenantId, subscriptionId);
    return row ? toSubscription(row) : null;
  }

  async listByUser({ tenantId, userId }: UserKey): Promise<StoredSubscription[]> {
    return this.byUser.all(tenantId, userId).map(toSubscription);
  }

  async listByTenant({ tenantId }: InTenant): Promise<StoredSubscription[]> {
    return this.byTenant.all(tenantId).map(toSubscription);
  }

  async findBySecretHash(secretHash: string): Promise<StoredSubscription | null> {
    const row = this.bySecretHash.get(secretHash);
    return row ? toSubscription(row) : null;
  }

  async delete({ tenantId, subscriptionId }: SubscriptionKey): Promise<void> {
    if (this.remove.run(tenantId, subscriptionId).changes === 0) throw new NotFoundError();
  }

  async recordUse({ tenantId, subscriptionId, at }: SubscriptionKey & { at: string }): Promise<void> {
    this.used.run(at, tenantId, subscriptionId);
  }
}
