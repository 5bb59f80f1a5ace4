import type { Container, IndexingPolicy } from '@azure/cosmos';
import { randomUUID } from 'node:crypto';
import {
  compareSubscriptions,
  NotFoundError,
  type InTenant,
  type StoredSubscription,
  type SubscriptionCreate,
  type SubscriptionKey,
  type SubscriptionRepository,
  type UserKey,
} from '../repository.ts';
import { codeOf, queryAll, readDoc } from './cosmos-documents.ts';
import { subscriptionBySecretHashQuery, tenantSubscriptionsQuery, userSubscriptionsQuery } from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';

/** One document per link, in its tenant's partition (like every container, by /tenantId). */
export const COSMOS_SUBSCRIPTIONS_CONTAINER = 'subscriptions';

/** Only what the queries filter on is indexed: a feed request's lookup by hash, a person's and a tenant's lists. */
export const SUBSCRIPTIONS_INDEXING_POLICY: IndexingPolicy = {
  indexingMode: 'consistent',
  automatic: true,
  includedPaths: [{ path: '/secretHash/?' }, { path: '/tenantId/?' }, { path: '/userId/?' }],
  excludedPaths: [{ path: '/*' }],
};

interface SubscriptionDoc extends StoredSubscription {
  secretHash: string;
  _etag?: string;
}

function toSubscription({ id, tenantId, userId, userName, calendarId, categoryId, createdAt, lastUsedAt }: SubscriptionDoc): StoredSubscription {
  return { id, tenantId, userId, userName, calendarId, categoryId, createdAt, lastUsedAt };
}

/**
 * Subscription links in a container of their own. Each write is one document, so none needs steps. A feed request
 * knows no tenant, so its lookup by hash is the one query across partitions (data-design.md says what it costs).
 */
export class CosmosSubscriptionRepository implements SubscriptionRepository {
  private readonly container: Container;

  constructor(container: Container) {
    this.container = container;
  }

  async create(input: SubscriptionCreate): Promise<StoredSubscription> {
    const doc: SubscriptionDoc = { ...input, id: randomUUID(), createdAt: new Date().toISOString(), lastUsedAt: null };
    await withRetries(() => this.container.items.create(doc), { idempotent: false });
    return toSubscription(doc);
  }

  async get({ tenantId, subscriptionId }: SubscriptionKey): Promise<StoredSubscription | null> {
    const doc = await readDoc<SubscriptionDoc>(this.container.item(subscriptionId, tenantId));
    return doc && doc.tenantId === tenantId ? toSubscription(doc) : null;
  }

  async listByUser({ tenantId, userId }: UserKey): Promise<StoredSubscription[]> {
    return (await queryAll<SubscriptionDoc>(this.container, userSubscriptionsQuery(tenantId, userId))).map(toSubscription).sort(compareSubscriptions);
  }

  async listByTenant({ tenantId }: InTenant): Promise<StoredSubscription[]> {
    return (await queryAll<SubscriptionDoc>(this.container, tenantSubscriptionsQuery(tenantId))).map(toSubscription).sort(compareSubscriptions);
  }

  async findBySecretHash(secretHash: string): Promise<StoredSubscription | null> {
    const found = await withRetries(() => this.container.items.query<SubscriptionDoc>(subscriptionBySecretHashQuery(secretHash)).fetchAll(), {
      idempotent: true,
    });
    const [doc] = found.resources;
    return doc ? toSubscription(doc) : null;
  }

  async delete({ tenantId, subscriptionId }: SubscriptionKey): Promise<void> {
    try {
      await withRetries(() => this.container.item(subscriptionId, tenantId).delete(), { idempotent: false });
    } catch (error) {
      if (codeOf(error) === 404) throw new NotFoundError();
      throw error;
    }
  }

  /** A patch of one field, not a replace: it cannot bring back a link deleted meanwhile (a patch of none is a 404). */
  async recordUse({ tenantId, subscriptionId, at }: SubscriptionKey & { at: string }): Promise<void> {
    try {
      await withRetries(() => this.container.item(subscriptionId, tenantId).patch([{ op: 'set', path: '/lastUsedAt', value: at }]), { idempotent: true });
    } catch (error) {
      if (codeOf(error) !== 404) throw error;
    }
  }
}
