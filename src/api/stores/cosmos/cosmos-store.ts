import { randomUUID } from 'node:crypto';
import { CosmosClient, type Container, type Database, type IndexingPolicy } from '@azure/cosmos';
import type { CalendarEvent } from '../../../shared/event-schema.ts';
import { isLoopbackHost } from '../../loopback.ts';
import {
  compareRecords,
  eventRecord,
  NotFoundError,
  PreconditionFailedError,
  seriesWindowBounds,
  type CalendarCreate,
  type CalendarKey,
  type CalendarRepository,
  type CalendarUpdate,
  type Conditional,
  type EventBatch,
  type EventCreate,
  type EventKey,
  type EventRepository,
  type EventUpdate,
  type ExpectedVersion,
  type InTenant,
  type LimitedWindowQuery,
  type Store,
  type StoredCalendar,
  type WindowQuery,
} from '../repository.ts';
import { bumpChanges, CHANGES_DOC_ID, CosmosChangeVersions, isChangesDoc } from './change-versions.ts';
import { CONFLICT_ATTEMPTS, writeExpectedVersion } from './conditional-write.ts';
import { COSMOS_CATEGORIES_CONTAINER, CATEGORIES_UNIQUE_KEY_POLICY, CosmosCategoryRepository, deleteCalendarCategories } from './cosmos-categories.ts';
import { codeOf, deleteIgnoringMissing, ifMatch, queryAll, readDoc, replaceIfUnchanged, writeIfUnchanged } from './cosmos-documents.ts';
import { findByImportUids, writeEventBatch } from './cosmos-event-batch.ts';
import { fromEventDoc, toEventDoc, type EventDoc } from './cosmos-event-docs.ts';
import { calendarEventIdsQuery, calendarsQuery, PENDING_DELETES_QUERY, seriesWindowQuery, windowQuery } from './cosmos-queries.ts';
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
  ],
};

// A document outside every tenant marks that some instance has seeded the demo data.
const SYSTEM_PARTITION = '_system';
const SEED_CLAIM_ID = 'demo-seed-claim';

interface CalendarDoc extends StoredCalendar {
  /** The longest event of each kind the calendar has held, in ms: the window query's lower bound. Only rises. */
  longestTimedMs: number;
  longestAllDayMs: number;
  /** Set when deletion begins: from then on the calendar and its events are invisible. */
  deleting?: true;
  _etag?: string;
}

function toCalendar({ id, tenantId, name, color, description, editors, createdAt, updatedAt, version }: CalendarDoc): StoredCalendar {
  return { id, tenantId, name, color, description, editors, createdAt, updatedAt, version };
}

class CosmosCalendarRepository implements CalendarRepository {
  private readonly calendars: Container;
  private readonly events: Container;
  private readonly categories: Container;

  constructor(calendars: Container, events: Container, categories: Container) {
    this.calendars = calendars;
    this.events = events;
    this.categories = categories;
  }

  /** The calendar's document, unless it is missing or being deleted. */
  async visibleDoc(tenantId: string, calendarId: string): Promise<CalendarDoc | null> {
    const doc = await readDoc<CalendarDoc>(this.calendars.item(calendarId, tenantId));
    return doc && !doc.deleting && doc.tenantId === tenantId && !isChangesDoc(doc) ? doc : null;
  }

  async list({ tenantId }: InTenant): Promise<StoredCalendar[]> {
    const docs = await queryAll<CalendarDoc>(this.calendars, calendarsQuery(tenantId));
    return docs
      .map(toCalendar)
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
  }

  async get({ tenantId, calendarId }: CalendarKey): Promise<StoredCalendar | null> {
    const doc = await this.visibleDoc(tenantId, calendarId);
    return doc ? toCalendar(doc) : null;
  }

  async create({ tenantId, input }: CalendarCreate): Promise<StoredCalendar> {
    const now = new Date().toISOString();
    const doc: CalendarDoc = { id: randomUUID(), tenantId, ...input, createdAt: now, updatedAt: now, version: 1, longestTimedMs: 0, longestAllDayMs: 0 };
    await withRetries(() => this.calendars.items.create(doc), { idempotent: false });
    await bumpChanges(this.calendars, tenantId);
    return toCalendar(doc);
  }

  async update({ tenantId, calendarId, patch, expected }: CalendarUpdate): Promise<StoredCalendar> {
    const updated = await this.changeCalendar(tenantId, calendarId, expected, (doc) => ({
      ...doc,
      name: patch.name ?? doc.name,
      color: patch.color ?? doc.color,
      description: patch.description ?? doc.description,
      editors: patch.editors ?? doc.editors,
      updatedAt: new Date().toISOString(),
      version: doc.version + 1,
    }));
    await bumpChanges(this.calendars, tenantId);
    return toCalendar(updated);
  }

  /**
   * Deleting spans many documents and Cosmos has no transaction across them, so it happens in steps that are
   * safe to stop anywhere: first mark the calendar `deleting` (from then on it and its events are invisible),
   * then delete its events, then the calendar. A process that dies half-way leaves a marked calendar, which
   * the next start-up (finishPendingDeletes) or the next delete finishes. The mark is what readers see change, so
   * the change version is bumped right after it.
   */
  async delete({ tenantId, calendarId, expected }: CalendarKey & Conditional): Promise<void> {
    await this.changeCalendar(tenantId, calendarId, expected, (doc) => ({ ...doc, deleting: true }));
    await bumpChanges(this.calendars, tenantId);
    await this.finishDelete(tenantId, calendarId);
  }

  async finishDelete(tenantId: string, calendarId: string): Promise<void> {
    const events = await queryAll<{ id: string }>(this.events, calendarEventIdsQuery(tenantId, calendarId));
    for (const { id } of events) await deleteIgnoringMissing(this.events.item(id, tenantId));
    await deleteCalendarCategories(this.categories, tenantId, calendarId);
    await deleteIgnoringMissing(this.calendars.item(calendarId, tenantId));
  }

  async finishPendingDeletes(): Promise<number> {
    const pending = await withRetries(() => this.calendars.items.query<{ id: string; tenantId: string }>(PENDING_DELETES_QUERY).fetchAll(), {
      idempotent: true,
    });
    for (const { id, tenantId } of pending.resources) {
      // The process that marked it may have died before it bumped the version.
      await bumpChanges(this.calendars, tenantId);
      await this.finishDelete(tenantId, id);
    }
    return pending.resources.length;
  }

  /** Raises the calendar's longest-event bound if this event is longer: before the event is written, never after. */
  async recordDuration(tenantId: string, calendarId: string, allDay: boolean, duration: number): Promise<void> {
    const field = allDay ? 'longestAllDayMs' : 'longestTimedMs';
    for (let attempt = 0; attempt < CONFLICT_ATTEMPTS; attempt++) {
      const doc = await this.visibleDoc(tenantId, calendarId);
      if (!doc) throw new NotFoundError();
      if ((doc[field] ?? 0) >= duration) return;
      if (await replaceIfUnchanged(this.calendars, { ...doc, [field]: duration })) {
        // A reader must not see the event (counted in the events container) with the calendar's old bound.
        await bumpChanges(this.calendars, tenantId);
        return;
      }
    }
    throw new PreconditionFailedError();
  }

  private async changeCalendar(tenantId: string, calendarId: string, expected: ExpectedVersion, change: (doc: CalendarDoc) => CalendarDoc): Promise<CalendarDoc> {
    return writeExpectedVersion(
      expected,
      () => this.visibleDoc(tenantId, calendarId),
      async (doc) => {
        const next = change(doc);
        return (await replaceIfUnchanged(this.calendars, next)) ? next : undefined;
      },
    );
  }
}

class CosmosEventRepository implements EventRepository {
  private readonly events: Container;
  private readonly calendars: CosmosCalendarRepository;

  constructor(events: Container, calendars: CosmosCalendarRepository) {
    this.events = events;
    this.calendars = calendars;
  }

  async listInWindow({ tenantId, calendarIds, window, limit }: LimitedWindowQuery): Promise<CalendarEvent[]> {
    // The calendars are asked at once, for speed, so each query stops at limit + 1 on its own: one over is enough.
    const max = limit + 1;
    const perCalendar = await Promise.all(
      calendarIds.map(async (calendarId) => {
        const calendar = await this.calendars.visibleDoc(tenantId, calendarId);
        if (!calendar) return [];
        const [timed, allDay] = await Promise.all([
          queryAll<EventDoc>(this.events, windowQuery(tenantId, calendarId, false, window.fromMs - calendar.longestTimedMs, window.fromMs, window.toMs), max),
          queryAll<EventDoc>(this.events, windowQuery(tenantId, calendarId, true, window.fromDayMs - calendar.longestAllDayMs, window.fromDayMs, window.toDayMs), max),
        ]);
        return [...timed, ...allDay];
      }),
    );
    return perCalendar.flat().sort(compareRecords).slice(0, max).map(fromEventDoc);
  }

  async listSeriesInWindow({ tenantId, calendarIds, window }: WindowQuery): Promise<CalendarEvent[]> {
    const { from, to } = seriesWindowBounds(window);
    const perCalendar = await Promise.all(
      calendarIds.map(async (calendarId) => {
        if (!(await this.calendars.visibleDoc(tenantId, calendarId))) return [];
        return queryAll<EventDoc>(this.events, seriesWindowQuery(tenantId, calendarId, from, to));
      }),
    );
    return perCalendar.flat().map(fromEventDoc);
  }

  async get({ tenantId, calendarId, eventId }: EventKey): Promise<CalendarEvent | null> {
    const doc = await readDoc<EventDoc>(this.events.item(eventId, tenantId));
    if (!doc || doc.calendarId !== calendarId || doc.tenantId !== tenantId) return null;
    // An event of a calendar being deleted is already gone, as far as anyone can see.
    return (await this.calendars.visibleDoc(tenantId, calendarId)) ? fromEventDoc(doc) : null;
  }

  async findById({ tenantId, eventId }: InTenant & { eventId: string }): Promise<CalendarEvent | null> {
    const doc = await readDoc<EventDoc>(this.events.item(eventId, tenantId));
    if (!doc || doc.tenantId !== tenantId || isChangesDoc(doc)) return null;
    return (await this.calendars.visibleDoc(tenantId, doc.calendarId)) ? fromEventDoc(doc) : null;
  }

  async create({ tenantId, calendarId, draft, actor }: EventCreate): Promise<CalendarEvent> {
    const now = new Date().toISOString();
    const authorship = { createdBy: actor, updatedBy: actor, createdAt: now, updatedAt: now };
    const doc = toEventDoc(tenantId, eventRecord({ id: randomUUID(), calendarId, draft, authorship, version: 1 }));
    await this.calendars.recordDuration(tenantId, calendarId, doc.allDay, doc.endMs - doc.startMs);
    await withRetries(() => this.events.items.create(doc), { idempotent: false });
    await bumpChanges(this.events, tenantId);
    return fromEventDoc(doc);
  }

  async update({ tenantId, calendarId, eventId, draft, actor, expected, toCalendarId }: EventUpdate): Promise<CalendarEvent> {
    const updated = await writeExpectedVersion(expected, () => this.current(tenantId, calendarId, eventId), async (current) => {
      const target = toCalendarId ?? calendarId;
      const authorship = { createdBy: current.createdBy, createdAt: current.createdAt, updatedBy: actor, updatedAt: new Date().toISOString() };
      const record = eventRecord({ id: eventId, calendarId: target, draft, authorship, version: current.version + 1 });
      const next = { ...toEventDoc(tenantId, record), _etag: current._etag };
      // Same partition (the tenant), so even a move to another calendar is one conditional replace.
      await this.calendars.recordDuration(tenantId, target, next.allDay, next.endMs - next.startMs);
      return (await replaceIfUnchanged(this.events, next)) ? fromEventDoc(next) : undefined;
    });
    await bumpChanges(this.events, tenantId);
    return updated;
  }

  /** A delete that finds the event gone after reading it lost a race: it never answers as if it had deleted it. */
  async delete({ tenantId, calendarId, eventId, expected }: EventKey & Conditional): Promise<void> {
    const item = this.events.item(eventId, tenantId);
    await writeExpectedVersion(expected, () => this.current(tenantId, calendarId, eventId), async (current) =>
      (await writeIfUnchanged(() => item.delete(ifMatch(current._etag)))) ? true : undefined,
    );
    await bumpChanges(this.events, tenantId);
  }

  async writeBatch(batch: EventBatch): Promise<CalendarEvent[]> {
    const calendars = {
      isVisible: async (tenantId: string, calendarId: string) => Boolean(await this.calendars.visibleDoc(tenantId, calendarId)),
      recordDuration: this.calendars.recordDuration.bind(this.calendars),
    };
    return writeEventBatch(this.events, calendars, batch);
  }

  async findByImportUids({ tenantId, calendarId, uids }: CalendarKey & { uids: readonly string[] }): Promise<CalendarEvent[]> {
    if (!(await this.calendars.visibleDoc(tenantId, calendarId))) return [];
    return findByImportUids(this.events, tenantId, calendarId, uids);
  }

  /** The event as the calendar in the path holds it: under another calendar it is not there. */
  private async current(tenantId: string, calendarId: string, eventId: string): Promise<EventDoc | null> {
    const doc = await readDoc<EventDoc>(this.events.item(eventId, tenantId));
    return doc && doc.calendarId === calendarId ? doc : null;
  }
}

/** Several instances starting together race to create the same resources: losing that race is fine. */
async function ignoringConflict(create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    if (codeOf(error) !== 409) throw error;
  }
}

export interface CosmosStoreOptions {
  endpoint: string;
  database: string;
  /** An account key for local use; without one the store signs in with DefaultAzureCredential (managed identity). */
  key?: string;
  /** Create the database and containers when missing. Off in Azure, where the infrastructure creates them. */
  createResources: boolean;
}

/** The database and its containers, created when missing. */
async function createResources(client: CosmosClient, database: Database): Promise<void> {
  await ignoringConflict(() => client.databases.createIfNotExists({ id: database.id }));
  await ignoringConflict(() =>
    database.containers.createIfNotExists({ id: COSMOS_CALENDARS_CONTAINER, partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] } }),
  );
  await ignoringConflict(() =>
    database.containers.createIfNotExists({
      id: COSMOS_EVENTS_CONTAINER,
      partitionKey: { paths: [COSMOS_PARTITION_KEY_PATH] },
      indexingPolicy: EVENTS_INDEXING_POLICY,
    }),
  );
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
    () => calendars.items.query<{ id: string }>({ query: 'SELECT TOP 1 c.id FROM c WHERE c.tenantId != @system AND c.id != @changes', parameters: [{ name: '@system', value: SYSTEM_PARTITION }, { name: '@changes', value: CHANGES_DOC_ID }] }).fetchAll(),
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
  const client = new CosmosClient({
    endpoint: options.endpoint,
    ...auth,
    connectionPolicy: {
      // A local protocol server answers for one region only and names no other endpoints.
      enableEndpointDiscovery: !local,
      // The SDK's own 429 retries; withRetries adds backoff for other transient failures, then gives up with a 503.
      retryOptions: { maxRetryAttemptCount: 3, maxWaitTimeInSeconds: 5 },
    },
  });

  const database = client.database(options.database);
  const calendarsContainer = database.container(COSMOS_CALENDARS_CONTAINER);
  const eventsContainer = database.container(COSMOS_EVENTS_CONTAINER);
  const userSettingsContainer = database.container(COSMOS_USER_SETTINGS_CONTAINER);
  const categoriesContainer = database.container(COSMOS_CATEGORIES_CONTAINER);
  if (options.createResources) await createResources(client, database);

  const calendars = new CosmosCalendarRepository(calendarsContainer, eventsContainer, categoriesContainer);
  const events = new CosmosEventRepository(eventsContainer, calendars);
  const categories = new CosmosCategoryRepository(categoriesContainer, eventsContainer, async (tenantId, calendarId) =>
    Boolean(await calendars.visibleDoc(tenantId, calendarId)),
  );
  await calendars.finishPendingDeletes();
  await categories.finishPendingDeletes();
  await backfillSearchText(eventsContainer);

  return {
    kind: 'cosmos',
    calendars,
    events,
    categories,
    search: new CosmosSearchRepository(eventsContainer),
    userSettings: new CosmosUserSettingsRepository(userSettingsContainer),
    subscriptions: new CosmosSubscriptionRepository(database.container(COSMOS_SUBSCRIPTIONS_CONTAINER)),
    changes: new CosmosChangeVersions([calendarsContainer, eventsContainer, categoriesContainer]),
    isReady: async () => {
      try {
        await calendarsContainer.read();
        return true;
      } catch {
        return false;
      }
    },
    claimDemoSeed: () => claimDemoSeed(calendarsContainer),
    close: async () => client.dispose(),
  };
}
