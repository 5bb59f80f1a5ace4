import { isDeepStrictEqual } from 'node:util';
import { CosmosClient, type Container, type CosmosClientOptions, type PluginConfig, type ContainerDefinition, type Database, type IndexingPolicy, type SqlQuerySpec } from '@azure/cosmos';
import { CALENDAR_TRASH_DAYS, EVENT_TRASH_DAYS, HISTORY_RETENTION_DAYS } from '../../../shared/limits.ts';
import { isLoopbackHost } from '../../loopback.ts';
import { NotFoundError, STORE_CALL_DEADLINE_MS, type Store } from '../repository.ts';
import { CHANGES_DOC_ID, CosmosChangeVersions, stopBumpRetries } from './change-versions.ts';
import { CosmosCalendarRepository } from './cosmos-calendars.ts';
import { COSMOS_CATEGORIES_CONTAINER, CATEGORIES_UNIQUE_KEY_POLICY, CosmosCategoryRepository } from './cosmos-categories.ts';
import { bounded, deadlinePlugin, withDeadline } from './cosmos-deadline.ts';
import { codeOf, deleteIgnoringMissing } from './cosmos-documents.ts';
import { CosmosEventRepository } from './cosmos-events.ts';
import { CosmosHistoryRepository, deleteEntries, recoverEntries } from './cosmos-history.ts';
import { CosmosIdempotencyRepository, IDEMPOTENCY_DOC_TYPE } from './cosmos-idempotency.ts';
import { expiredCalendarsQuery, expiredEntriesQuery, expiredIdempotencyQuery, expiredTrashQuery } from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';
import { backfillSearchText, CosmosSearchRepository } from './cosmos-search.ts';
import { COSMOS_SUBSCRIPTIONS_CONTAINER, CosmosSubscriptionRepository, SUBSCRIPTIONS_INDEXING_POLICY } from './cosmos-subscriptions.ts';
import { COSMOS_USER_SETTINGS_CONTAINER, CosmosUserSettingsRepository } from './cosmos-user-settings.ts';

export const COSMOS_CALENDARS_CONTAINER = 'calendars';
export const COSMOS_EVENTS_CONTAINER = 'events';
/** Every container is partitioned by tenant: a calendar's window query reads one logical partition. */
export const COSMOS_PARTITION_KEY_PATH = '/tenantId';

export const EVENTS_INDEXING_POLICY: IndexingPolicy = {
  indexingMode: 'consistent',
  automatic: true,
  includedPaths: [{ path: '/*' }],
  // searchText stays indexed: CONTAINS scans the index's values for it rather than loading every document, and a
  // filter on an excluded path is refused without the allow-scan header (data-design.md, Search).
  excludedPaths: [{ path: '/"_etag"/?' }, { path: '/description/?' }],
  compositeIndexes: [
    [
      { path: '/tenantId', order: 'ascending' },
      { path: '/calendarId', order: 'ascending' },
      { path: '/allDay', order: 'ascending' },
      { path: '/startMs', order: 'ascending' },
    ],
    // The series window query: equality on tenant and calendar, a range on the end of the series' range.
    [
      { path: '/tenantId', order: 'ascending' },
      { path: '/calendarId', order: 'ascending' },
      { path: '/rangeEndMs', order: 'ascending' },
    ],
    // Search's order: by start, then id (an ORDER BY of two fields needs its composite index).
    [
      { path: '/startMs', order: 'ascending' },
      { path: '/id', order: 'ascending' },
    ],
    // An event's history, newest first.
    [
      { path: '/entryEventId', order: 'descending' },
      { path: '/seq', order: 'descending' },
    ],
  ],
};

/**
 * Time to live on, with no default: only the documents that carry a ttl expire (trashed events after EVENT_TRASH_DAYS,
 * history entries after HISTORY_RETENTION_DAYS), deleted by the account itself.
 */
export const EVENTS_DEFAULT_TTL = -1;

// A document outside every tenant marks that some instance has seeded the demo data.
const SYSTEM_PARTITION = '_system';
const SEED_CLAIM_ID = 'demo-seed-claim';

/** Several instances starting together race to create the same resources: losing that race is fine. */
async function ignoringConflict(create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    if (codeOf(error) !== 409) throw error;
  }
}

const DAY_MS = 86_400_000;

/** Every result of a query across tenants (so across partitions). */
async function queryAcross<T>(container: Container, spec: SqlQuerySpec): Promise<T[]> {
  return (await withRetries(() => container.items.query<T>(spec).fetchAll(), { idempotent: true })).resources;
}

/**
 * Deletes what outlived its keeping, by query: in Azure the account's TTL deletes trashed events and entries itself (the
 * local protocol server ignores TTL), and a trashed calendar, whose events carry no TTL, is purged only here.
 */
/** The store's containers purgeExpired reads. */
interface PurgedContainers {
  events: Container;
  calendars: Container;
  categories: Container;
}

async function purgeExpired({ events, calendars: calendarsContainer, categories }: PurgedContainers, calendars: CosmosCalendarRepository, now: Date) {
  const cutoff = (days: number) => now.getTime() - days * DAY_MS;
  const trashed = await queryAcross<{ id: string; tenantId: string }>(events, expiredTrashQuery(cutoff(EVENT_TRASH_DAYS)));
  for (const { id, tenantId } of trashed) await deleteIgnoringMissing(events.item(id, tenantId));
  const expiredCalendars = await queryAcross<{ id: string; tenantId: string }>(calendarsContainer, expiredCalendarsQuery(cutoff(CALENDAR_TRASH_DAYS)));
  let purgedCalendars = 0;
  for (const { id, tenantId } of expiredCalendars) {
    try {
      await calendars.purge({ tenantId, calendarId: id });
      purgedCalendars++;
    } catch (error) {
      // Restored, or purged by someone else, since the query.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  const entries = await deleteEntries(events, await queryAcross<{ id: string; tenantId: string }>(events, expiredEntriesQuery(cutoff(HISTORY_RETENTION_DAYS))));
  for (const container of [events, calendarsContainer]) {
    const records = await queryAcross<{ id: string; tenantId: string }>(container, expiredIdempotencyQuery(IDEMPOTENCY_DOC_TYPE, now.getTime()));
    for (const { id, tenantId } of records) await deleteIgnoringMissing(container.item(id, tenantId));
  }
  // Not a purge, but due as often: the entries of calendar-level changes whose process died before recording them.
  await recoverEntries(events, [calendarsContainer, categories], now.getTime());
  return { events: trashed.length, calendars: purgedCalendars, entries };
}

export interface CosmosStoreOptions {
  endpoint: string;
  database: string;
  /** An account key for local use; without one the store signs in with DefaultAzureCredential (managed identity). */
  key?: string;
  /** Create the database and containers when missing. Off in Azure, where the infrastructure creates them. */
  createResources: boolean;
  /** Each request's deadline; STORE_CALL_DEADLINE_MS unless configured (COSMOS_REQUEST_DEADLINE_MS). */
  deadlineMs?: number;
}

/**
 * An events container an older build created lacks what later queries need (the history's composite index; time to
 * live): createIfNotExists leaves an existing container as it is, so its definition is brought up to date here.
 * In Azure, Bicep does this.
 */
async function updateEventsContainer(container: Container, definition: ContainerDefinition): Promise<void> {
  const { resource } = await container.read();
  if (!resource) return;
  const current = { composite: resource.indexingPolicy?.compositeIndexes, ttl: resource.defaultTtl };
  if (isDeepStrictEqual(current, { composite: EVENTS_INDEXING_POLICY.compositeIndexes, ttl: EVENTS_DEFAULT_TTL })) return;
  await container.replace({ ...resource, ...definition });
}

/** The database and its containers, created when missing. */
async function createResources(client: CosmosClient, database: Database): Promise<void> {
  await ignoringConflict(() => client.databases.createIfNotExists({ id: database.id }));
  await ignoringConflict(() =>
    database.containers.createIfNotExists({ id: COSMOS_CALENDARS_CONTAINER, partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] } }),
  );
  const events = { id: COSMOS_EVENTS_CONTAINER, partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] }, indexingPolicy: EVENTS_INDEXING_POLICY, defaultTtl: EVENTS_DEFAULT_TTL };
  await ignoringConflict(() => database.containers.createIfNotExists(events));
  await updateEventsContainer(database.container(COSMOS_EVENTS_CONTAINER), events);
  await ignoringConflict(() =>
    database.containers.createIfNotExists({ id: COSMOS_USER_SETTINGS_CONTAINER, partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] } }),
  );
  await ignoringConflict(() =>
    database.containers.createIfNotExists({
      id: COSMOS_CATEGORIES_CONTAINER,
      partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] },
      uniqueKeyPolicy: CATEGORIES_UNIQUE_KEY_POLICY,
    }),
  );
  await ignoringConflict(() =>
    database.containers.createIfNotExists({
      id: COSMOS_SUBSCRIPTIONS_CONTAINER,
      partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] },
      indexingPolicy: SUBSCRIPTIONS_INDEXING_POLICY,
    }),
  );
}

/** While no tenant has a calendar, the first instance to create the claim document seeds the demo data. */
async function claimDemoSeed(calendars: Container): Promise<boolean> {
  const any = await withRetries(
    () => calendars.items.query<{ id: string }>({ query: 'SELECT TOP 1 c.id FROM c WHERE c.tenantId != @system AND c.id != @changes AND NOT IS_DEFINED(c.docType)', parameters: [{ name: '@system', value: SYSTEM_PARTITION }, { name: '@changes', value: CHANGES_DOC_ID }] }).fetchAll(),
    { idempotent: true },
  );
  if (any.resources.length > 0) return false;
  try {
    await calendars.items.create({ id: SEED_CLAIM_ID, tenantId: SYSTEM_PARTITION, claimedAt: new Date().toISOString() });
    return true;
  } catch (error) {
    if (codeOf(error) === 409) return false;
    throw error;
  }
}

export async function openCosmosStore(options: CosmosStoreOptions): Promise<Store> {
  const local = isLoopbackHost(new URL(options.endpoint).hostname);
  const auth = options.key
    ? { key: options.key }
    : { aadCredentials: new (await import('@azure/identity')).DefaultAzureCredential() };
  // The request plugin option is left out of the SDK's published types, though its client reads it (ClientContext).
  const clientOptions: CosmosClientOptions & { plugins: PluginConfig[] } = {
    endpoint: options.endpoint,
    ...auth,
    connectionPolicy: {
      // A local protocol server answers for one region only and names no other endpoints.
      enableEndpointDiscovery: !local,
      // The SDK's own 429 retries; withRetries adds backoff for other transient failures, then gives up with a 503.
      retryOptions: { maxRetryAttemptCount: 3, maxWaitTimeInSeconds: 5 },
      // Not the SDK's 60 s: requests outside a store call (start-up, the change feed, a background bump) wait no
      // longer than those inside one (cosmos-deadline.ts).
      requestTimeout: options.deadlineMs ?? STORE_CALL_DEADLINE_MS,
    },
    plugins: [deadlinePlugin(options.deadlineMs ?? STORE_CALL_DEADLINE_MS)],
  };
  const client = new CosmosClient(clientOptions);

  const database = client.database(options.database);
  const calendarsContainer = database.container(COSMOS_CALENDARS_CONTAINER);
  const eventsContainer = database.container(COSMOS_EVENTS_CONTAINER);
  const userSettingsContainer = database.container(COSMOS_USER_SETTINGS_CONTAINER);
  const categoriesContainer = database.container(COSMOS_CATEGORIES_CONTAINER);
  if (options.createResources) await createResources(client, database);

  const calendars = new CosmosCalendarRepository(calendarsContainer, eventsContainer, categoriesContainer);
  const categories = new CosmosCategoryRepository(categoriesContainer, eventsContainer, calendars);
  const events = new CosmosEventRepository(eventsContainer, calendars, async (tenantId, calendarId, categoryId) =>
    Boolean(await categories.get({ tenantId, calendarId, categoryId })),
  );
  const history = new CosmosHistoryRepository(eventsContainer);
  await calendars.finishPendingDeletes();
  await categories.finishPendingDeletes();
  await backfillSearchText(eventsContainer);

  const counted = [calendarsContainer, eventsContainer, categoriesContainer];
  const store: Store = {
    kind: 'cosmos',
    calendars,
    events,
    categories,
    search: new CosmosSearchRepository(eventsContainer, calendars),
    userSettings: new CosmosUserSettingsRepository(userSettingsContainer),
    subscriptions: new CosmosSubscriptionRepository(database.container(COSMOS_SUBSCRIPTIONS_CONTAINER)),
    changes: new CosmosChangeVersions(counted),
    history,
    idempotency: new CosmosIdempotencyRepository({ event: eventsContainer, calendar: calendarsContainer }),
    purgeExpired: (now) => purgeExpired({ events: eventsContainer, calendars: calendarsContainer, categories: categoriesContainer }, calendars, now),
    // Bounded by the deadline: a store that never answers makes health say so within it.
    isReady: async () => {
      try {
        await calendarsContainer.read();
        return true;
      } catch {
        return false;
      }
    },
    claimDemoSeed: () => claimDemoSeed(calendarsContainer),
    close: async () => {
      stopBumpRetries(counted);
      await history.close();
      client.dispose();
    },
  };
  return withDeadlines(store);
}

/**
 * The store with every call under the deadline (cosmos-deadline.ts), each repository's writes named: a write's failure
 * is then told as outcome unknown when one of its write requests may have landed.
 */
function withDeadlines(store: Store): Store {
  const writes = ['create', 'update', 'delete', 'restore', 'purge', 'put', 'recordUse', 'writeBatch'];
  return {
    ...store,
    calendars: bounded(store.calendars, { writes }),
    events: bounded(store.events, { writes }),
    categories: bounded(store.categories, { writes }),
    search: bounded(store.search, {}),
    userSettings: bounded(store.userSettings, { writes }),
    subscriptions: bounded(store.subscriptions, { writes }),
    changes: bounded(store.changes, {}),
    history: bounded(store.history, { unbounded: ['subscribe', 'close'] }),
    // A claim's writes are no change anyone sees: a claim that fails is "try again". A completion is the answer.
    idempotency: bounded(store.idempotency, { writes: ['complete'] }),
    purgeExpired: (now) => withDeadline(true, () => store.purgeExpired(now)),
    isReady: () => withDeadline(false, () => store.isReady()),
    claimDemoSeed: () => withDeadline(true, () => store.claimDemoSeed()),
  };
}
