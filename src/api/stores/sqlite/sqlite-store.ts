import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EVENT_OPTIONAL_FIELDS, toCalendarEvent, type CalendarEvent } from '../../../shared/event-schema.ts';
import { CALENDAR_TRASH_DAYS, DAY_MS, EVENT_TRASH_DAYS, HISTORY_RETENTION_DAYS } from '../../../shared/limits.ts';
import { eventEntry, eventFieldChanges } from '../change-entries.ts';
import {
  CalendarTrashedError,
  compareRecords,
  eventRecord,
  NO_CONTEXT,
  NotFoundError,
  PreconditionFailedError,
  versionMatches,
  type Acting,
  type CalendarKey,
  type ChangeVersions,
  type Conditional,
  type EventBatch,
  type EventCreate,
  type EventKey,
  type EventRecord,
  type EventRepository,
  type EventTrash,
  type EventUpdate,
  type InTenant,
  type Keyed,
  type LimitedWindowQuery,
  seriesWindowBounds,
  type Store,
  StoreFullError,
  type TrashedEventRecord,
  type UserKey,
  type UserSettingsRepository,
  type WindowQuery,
} from '../repository.ts';
import type { UserSettings, VersionedSettings } from '../../../shared/user-settings-schema.ts';
import { MIGRATIONS } from './migrations.ts';
import { purgeInSlices } from './work-slices.ts';
import { SqliteCalendarRepository } from './sqlite-calendars.ts';
import { SqliteCategoryRepository } from './sqlite-categories.ts';
import { SqliteHistory } from './sqlite-history.ts';
import { SqliteIdempotency } from './sqlite-idempotency.ts';
import { registerSearchFunctions, searchTextsAhead, SqliteSearchRepository, type SearchIndexer } from './sqlite-search.ts';
import { SqliteSubscriptionRepository } from './sqlite-subscriptions.ts';
import { SqliteTrash } from './sqlite-trash.ts';
import { isOutOfSpace, StorageSpace } from './storage-space.ts';
import { WalCommitWatch } from './wal-commit-watch.ts';

export const SQLITE_FILE_NAME = 'company-calendar.db';
/**
 * SQLite's page cache per connection, in KiB, instead of better-sqlite3's 16 MiB: pages past it are read again from
 * the operating system's file cache (a copy, no disk), and the server's resident memory stays within
 * FEED_LOAD_RSS_MAX_MB. Measured (bench `sqlite`, both sizes interleaved, a loaded machine): at 10k events the
 * windows cost what they did (1.3× raw SQL with 16 MiB); at 100k, one calendar's 6-week window costs 1.4–1.7× raw SQL
 * instead of 1.15× (8.5–17 ms, against 8–9), which the feed cache pays once per version.
 */
export const SQLITE_CACHE_KB = 4096;

/** The columns of the fields every event has. */
interface CoreEventRow {
  tenant_id: string;
  id: string;
  calendar_id: string;
  title: string;
  all_day: number;
  start_ms: number;
  end_ms: number;
  range_start_ms: number;
  range_end_ms: number;
  start_text: string;
  end_text: string;
  created_by_id: string;
  created_by_name: string;
  updated_by_id: string;
  updated_by_name: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/**
 * The event's optional fields, each in a column named after it in snake_case (groupId in group_id), taken from the
 * table of fields in event-schema.ts: this store names none of them. A field whose fallback is text is kept as text,
 * any other as JSON. Columns, not one JSON value, because reading them is what the window query spends its time on.
 */
export const OPTIONAL_EVENT_COLUMNS = EVENT_OPTIONAL_FIELDS.map(({ key, fallback }) => ({
  key,
  column: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
  json: typeof fallback !== 'string',
}));

type EventRow = CoreEventRow & Record<string, string | number>;

const CORE_EVENT_COLUMNS = [
  'tenant_id', 'id', 'calendar_id', 'title', 'all_day', 'start_ms', 'end_ms', 'range_start_ms', 'range_end_ms', 'start_text', 'end_text', 'created_by_id',
  'created_by_name', 'updated_by_id', 'updated_by_name', 'created_at', 'updated_at', 'version',
] as const satisfies readonly (keyof CoreEventRow)[];

/** Every column of an event row: what the insert and update statements name. */
export const EVENT_COLUMNS: readonly string[] = [...CORE_EVENT_COLUMNS, ...OPTIONAL_EVENT_COLUMNS.map(({ column }) => column)];

function toRecord(row: EventRow): EventRecord {
  const record: Record<string, unknown> = {
    id: row.id,
    calendarId: row.calendar_id,
    title: row.title,
    allDay: row.all_day === 1,
    startMs: row.start_ms,
    endMs: row.end_ms,
    rangeStartMs: row.range_start_ms,
    rangeEndMs: row.range_end_ms,
    start: row.start_text,
    end: row.end_text,
    createdBy: { id: row.created_by_id, name: row.created_by_name },
    updatedBy: { id: row.updated_by_id, name: row.updated_by_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
  for (const { key, column, json } of OPTIONAL_EVENT_COLUMNS) record[key] = json ? JSON.parse(String(row[column])) : row[column];
  return record as EventRecord;
}

/** Exported for the bench's bulk load, which writes rows as the store does. */
export function toEventRow(tenantId: string, record: EventRecord): EventRow {
  const row: CoreEventRow & Record<string, string | number> = {
    tenant_id: tenantId,
    id: record.id,
    calendar_id: record.calendarId,
    title: record.title,
    all_day: record.allDay ? 1 : 0,
    start_ms: record.startMs,
    end_ms: record.endMs,
    range_start_ms: record.rangeStartMs,
    range_end_ms: record.rangeEndMs,
    start_text: record.start,
    end_text: record.end,
    created_by_id: record.createdBy.id,
    created_by_name: record.createdBy.name,
    updated_by_id: record.updatedBy.id,
    updated_by_name: record.updatedBy.name,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    version: record.version,
  };
  for (const { key, column, json } of OPTIONAL_EVENT_COLUMNS) row[column] = json ? JSON.stringify(record[key]) : (record[key] as string);
  return row;
}

const toEvent = (row: EventRow): CalendarEvent => toCalendarEvent(toRecord(row));

export interface SqliteStoreOptions {
  dataDir: string;
  fileName?: string;
  /** The most the database may hold (SQLITE_MAX_SIZE_MB): past it, writes are refused as on a full disk. */
  maxSizeBytes?: number;
}

/** The store's settings for its connection: durable WAL commits, foreign keys, its page cache and size. */
export function configureConnection(db: Database.Database, maxSizeBytes?: number): void {
  db.pragma('journal_mode = WAL');
  // FULL: a committed write survives power loss (NORMAL may lose the last commits under WAL).
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${SQLITE_CACHE_KB}`);
  if (maxSizeBytes !== undefined) db.pragma(`max_page_count = ${Math.floor(maxSizeBytes / (db.pragma('page_size', { simple: true }) as number))}`);
}

/** The database, open and migrated; a want of space on the way is StoreFullError, as for any later write. */
function openDatabase({ dataDir, fileName = SQLITE_FILE_NAME, maxSizeBytes }: SqliteStoreOptions): { db: Database.Database; indexer: SearchIndexer } {
  let db: Database.Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, fileName));
    configureConnection(db, maxSizeBytes);
    // Before the migrations: migration 7's triggers and back-fill call them.
    const indexer = registerSearchFunctions(db);
    // As a batch: a migration's texts (15 works out every one again) are indexed after it, in slices, once open.
    const opened = db;
    indexer.deferring(() => migrate(opened));
    return { db, indexer };
  } catch (error) {
    db?.close();
    throw isOutOfSpace(error, dataDir) ? new StoreFullError({ cause: error }) : error;
  }
}

export function openSqliteStore(options: SqliteStoreOptions): Store {
  const { dataDir, fileName = SQLITE_FILE_NAME } = options;
  const file = join(dataDir, fileName);
  const { db, indexer } = openDatabase(options);
  const space = new StorageSpace(file, dataDir);
  const commits = new WalCommitWatch(file);
  const changes = new SqliteChangeVersions(db, commits);
  const history = new SqliteHistory(db);
  const trash = new SqliteTrash(db, EVENT_COLUMNS, toEvent);
  const idempotency = new SqliteIdempotency(db);
  const calendars = new SqliteCalendarRepository(db, changes, history, trash, idempotency);
  const events = new SqliteEventRepository(db, { changes, history, trash, idempotency, indexer });
  // Texts a batch listed and a stop left unindexed: search finds them meanwhile, and a failure leaves them listed for
  // the next batch to index.
  const caughtUp = indexer.indexPending().catch(() => undefined);
  // Every call: a refusal for want of space is StoreFullError, and the store says it is full until a write commits.
  const guarded = <T extends object>(repository: T) => space.guarding(repository);
  return {
    kind: 'sqlite',
    calendars: guarded(calendars),
    events: guarded(events),
    categories: guarded(new SqliteCategoryRepository(db, changes, history, trash)),
    search: guarded(new SqliteSearchRepository(db, toEvent)),
    userSettings: guarded(new SqliteUserSettingsRepository(db)),
    subscriptions: guarded(new SqliteSubscriptionRepository(db)),
    // Unguarded: read on every feed request, and a read of one row needs no room.
    changes,
    history: guarded(history),
    idempotency: guarded(idempotency),
    purgeExpired: (now) => space.guard(async () => {
      const ago = (days: number) => now.getTime() - days * DAY_MS;
      db.transaction(() => idempotency.purgeBefore(now.getTime())).immediate();
      // Oldest first, on the history_by_age index: the same rows for the horizons' SELECT and the DELETE.
      const oldEntries = 'seq IN (SELECT seq FROM history WHERE at_ms < @cutoff ORDER BY at_ms, seq LIMIT @rows)';
      return {
        events: await purgeInSlices(db, (rows) => trash.purgeDeletedBefore(ago(EVENT_TRASH_DAYS), rows)),
        calendars: await calendars.purgeTrashedBefore(ago(CALENDAR_TRASH_DAYS)),
        entries: await purgeInSlices(db, (rows) => history.purgeWhere(oldEntries, { cutoff: ago(HISTORY_RETENTION_DAYS), rows })),
      };
    }),
    isReady: async () => db.open && db.prepare('SELECT 1 AS ok').get() !== undefined,
    storageFull: () => db.open && space.full(),
    // One process owns the file, so empty means unclaimed.
    claimDemoSeed: async () => db.prepare('SELECT 1 FROM calendars LIMIT 1').get() === undefined,
    close: async () => {
      if (!db.open) return;
      await caughtUp;
      commits.close();
      space.close();
      db.close();
    },
  };
}

function migrate(db: Database.Database): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  if (applied > MIGRATIONS.length) {
    throw new Error(`The database schema (version ${applied}) is newer than this build knows (${MIGRATIONS.length}).`);
  }
  db.transaction(() => {
    for (const migration of MIGRATIONS.slice(applied)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

/**
 * Each tenant's change version, bumped by every write inside the write's own transaction: a reader that sees the
 * new version sees the write. A tenant's first version is the clock's ms, not 1, so that a store made anew (an emptied
 * DATA_DIR) does not hand out again versions whose feed ETags browsers still hold.
 *
 * Read on every feed request. The versions read are kept until the WAL-index shows a commit, from this process or
 * another over the same file; until then none can have changed, and a cached feed answer costs no read transaction.
 * At most one per tenant in the table is kept, and all are dropped at every commit.
 */
class SqliteChangeVersions implements ChangeVersions {
  private readonly db: Database.Database;
  private readonly read: Database.Statement<[string], number>;
  private readonly increment: Database.Statement<[string, number]>;
  private readonly commits: WalCommitWatch;
  private readonly known = new Map<string, string>();

  constructor(db: Database.Database, commits: WalCommitWatch) {
    this.db = db;
    this.commits = commits;
    // The bare column, with no row object made for it.
    this.read = db.prepare<[string], number>('SELECT version FROM tenant_changes WHERE tenant_id = ?').pluck();
    this.increment = db.prepare('INSERT INTO tenant_changes (tenant_id, version) VALUES (?, ?) ON CONFLICT (tenant_id) DO UPDATE SET version = version + 1');
  }

  async version({ tenantId }: InTenant): Promise<string> {
    if (this.commits.unchangedSinceLastLook()) {
      const known = this.known.get(tenantId);
      if (known !== undefined) return known;
    } else {
      this.known.clear();
    }
    const version = String(this.read.get(tenantId) ?? 0);
    // Inside a transaction the read may see a bump that is rolled back, with no commit to drop it.
    if (!this.db.inTransaction) this.known.set(tenantId, version);
    return version;
  }

  /** Only inside a write's transaction. */
  bump(tenantId: string): void {
    this.increment.run(tenantId, Date.now());
  }
}

class SqliteUserSettingsRepository implements UserSettingsRepository {
  private readonly db: Database.Database;
  private readonly read: Database.Statement<[string, string], { settings: string; version: number }>;
  private readonly write: Database.Statement<{ tenant_id: string; user_id: string; settings: string; updated_at: string; version: number }>;

  constructor(db: Database.Database) {
    this.db = db;
    this.read = db.prepare('SELECT settings, version FROM user_settings WHERE tenant_id = ? AND user_id = ?');
    this.write = db.prepare(
      `INSERT INTO user_settings (tenant_id, user_id, settings, updated_at, version) VALUES (@tenant_id, @user_id, @settings, @updated_at, @version)
       ON CONFLICT (tenant_id, user_id) DO UPDATE SET settings = @settings, updated_at = @updated_at, version = @version`,
    );
  }

  async get({ tenantId, userId }: UserKey): Promise<{ values: unknown; version: number } | null> {
    const row = this.read.get(tenantId, userId);
    return row ? { values: JSON.parse(row.settings) as unknown, version: row.version } : null;
  }

  async put({ tenantId, userId, values, expected }: UserKey & Conditional & { values: UserSettings }): Promise<VersionedSettings> {
    return this.db
      .transaction(() => {
        const current = this.read.get(tenantId, userId)?.version ?? 0;
        if (!versionMatches(expected, current)) throw new PreconditionFailedError();
        const version = current + 1;
        this.write.run({ tenant_id: tenantId, user_id: userId, settings: JSON.stringify(values), updated_at: new Date().toISOString(), version });
        return { values, version };
      })
      .immediate();
  }
}

/** What the events repository writes through besides its own statements. */
interface EventRepositoryParts {
  changes: SqliteChangeVersions;
  history: SqliteHistory;
  trash: SqliteTrash<EventRow>;
  idempotency: SqliteIdempotency;
  indexer: SearchIndexer;
}

class SqliteEventRepository implements EventRepository {
  private readonly changes: SqliteChangeVersions;
  private readonly history: SqliteHistory;
  private readonly trash: SqliteTrash<EventRow>;
  private readonly idempotency: SqliteIdempotency;
  private readonly indexer: SearchIndexer;
  private readonly byId: Database.Statement<[string, string, string], EventRow>;
  private readonly longest: Database.Statement<[string, string], { longest_timed_ms: number; longest_all_day_ms: number }>;
  private readonly raiseLongest: Database.Statement<{ tenant: string; calendar: string; timed: number; allDay: number }>;
  private readonly insert: Database.Statement<EventRow>;
  private readonly replace: Database.Statement<EventRow>;
  private readonly anyById: Database.Statement<[string, string], EventRow>;
  private readonly window: Database.Statement<
    { tenant: string; calendar: string; allDay: number; lowest: number; from: number; to: number; max: number },
    EventRow
  >;
  private readonly seriesWindow: Database.Statement<{ tenant: string; calendar: string; from: number; to: number }, EventRow>;
  private readonly byImportUids: Database.Statement<[string, string, string], EventRow>;

  constructor(db: Database.Database, parts: EventRepositoryParts) {
    ({ changes: this.changes, history: this.history, trash: this.trash, idempotency: this.idempotency, indexer: this.indexer } = parts);
    this.byId = db.prepare('SELECT * FROM events WHERE tenant_id = ? AND calendar_id = ? AND id = ?');
    // Also what says whether a calendar is live: a trashed one is no place for events (and its events are in the trash).
    this.longest = db.prepare('SELECT longest_timed_ms, longest_all_day_ms FROM calendars WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL');
    this.raiseLongest = db.prepare(
      `UPDATE calendars SET longest_timed_ms = MAX(longest_timed_ms, @timed), longest_all_day_ms = MAX(longest_all_day_ms, @allDay)
       WHERE tenant_id = @tenant AND id = @calendar`,
    );
    this.insert = db.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((c) => '@' + c).join(', ')})`);
    this.replace = db.prepare(
      `UPDATE events SET ${EVENT_COLUMNS.filter((c) => c !== 'tenant_id' && c !== 'id')
        .map((c) => `${c} = @${c}`)
        .join(', ')}
       WHERE tenant_id = @tenant_id AND id = @id`,
    );
    this.anyById = db.prepare('SELECT * FROM events WHERE tenant_id = ? AND id = ?');
    // start >= from - longest bounds the index range on both sides; end > from is the true overlap test. Series'
    // masters are left out here, so that LIMIT counts single events only.
    this.window = db.prepare(
      `SELECT * FROM events
       WHERE tenant_id = @tenant AND calendar_id = @calendar AND all_day = @allDay
         AND start_ms >= @lowest AND start_ms < @to AND end_ms > @from AND rrule = ''
       LIMIT @max`,
    );
    // rrule != '' lets the partial index events_series_window serve the query.
    this.seriesWindow = db.prepare(
      `SELECT * FROM events
       WHERE tenant_id = @tenant AND calendar_id = @calendar AND rrule != '' AND range_end_ms > @from AND range_start_ms < @to`,
    );
    // The UIDs as one JSON array; import_source != 'null' lets the unique index events_import_uid (migration 9) serve it.
    this.byImportUids = db.prepare(
      `SELECT * FROM events WHERE tenant_id = ? AND calendar_id = ? AND import_source != 'null'
         AND json_extract(import_source, '$.uid') IN (SELECT value FROM json_each(?))`,
    );
  }

  async listInWindow({ tenantId, calendarIds, window, limit }: LimitedWindowQuery): Promise<CalendarEvent[]> {
    const rows: EventRow[] = [];
    // Each query reads only what is left of limit + 1 rows: one over the limit is enough to refuse the window.
    const left = () => limit + 1 - rows.length;
    for (const calendar of calendarIds) {
      const longest = this.longest.get(tenantId, calendar);
      if (!longest) continue;
      const { fromMs, toMs, fromDayMs, toDayMs } = window;
      rows.push(...this.window.all({ tenant: tenantId, calendar, allDay: 0, lowest: fromMs - longest.longest_timed_ms, from: fromMs, to: toMs, max: left() }));
      if (left() > 0) {
        rows.push(...this.window.all({ tenant: tenantId, calendar, allDay: 1, lowest: fromDayMs - longest.longest_all_day_ms, from: fromDayMs, to: toDayMs, max: left() }));
      }
      if (left() <= 0) break;
    }
    return rows.map(toRecord).sort(compareRecords).map(toCalendarEvent);
  }

  async listSeriesInWindow({ tenantId, calendarIds, window }: WindowQuery): Promise<CalendarEvent[]> {
    const { from, to } = seriesWindowBounds(window);
    return calendarIds.flatMap((calendar) => this.seriesWindow.all({ tenant: tenantId, calendar, from, to })).map(toEvent);
  }

  async get({ tenantId, calendarId, eventId }: EventKey): Promise<CalendarEvent | null> {
    const row = this.byId.get(tenantId, calendarId, eventId);
    return row ? toEvent(row) : null;
  }

  async findById({ tenantId, eventId }: InTenant & { eventId: string }): Promise<CalendarEvent | null> {
    const row = this.anyById.get(tenantId, eventId);
    return row ? toEvent(row) : null;
  }

  async create({ tenantId, calendarId, draft, actor, context = NO_CONTEXT, idempotency }: EventCreate): Promise<CalendarEvent> {
    const now = new Date().toISOString();
    const authorship = { createdBy: actor, updatedBy: actor, createdAt: now, updatedAt: now };
    const record = eventRecord({ id: randomUUID(), calendarId, draft, authorship, version: 1 });
    const row = toEventRow(tenantId, record);
    this.history.write(() => {
      if (!this.longest.get(tenantId, calendarId)) throw new NotFoundError();
      this.insert.run(row);
      this.recordDuration(row);
      this.changes.bump(tenantId);
      this.history.record(tenantId, eventEntry(record, { kind: 'created', by: actor, at: now, version: 1, context }));
      this.idempotency.completeIn(idempotency, toEvent(row));
    });
    return toEvent(row);
  }

  async update({ tenantId, calendarId, eventId, draft, actor, expected, toCalendarId, context = NO_CONTEXT }: EventUpdate): Promise<CalendarEvent> {
    return this.history.write(() => {
      const current = this.current({ tenantId, calendarId, eventId, expected });
      const target = toCalendarId ?? calendarId;
      if (!this.longest.get(tenantId, target)) throw new NotFoundError();
      const now = new Date().toISOString();
      const createdBy = { id: current.created_by_id, name: current.created_by_name };
      const authorship = { createdBy, createdAt: current.created_at, updatedBy: actor, updatedAt: now };
      const record = eventRecord({ id: eventId, calendarId: target, draft, authorship, version: current.version + 1 });
      const row = toEventRow(tenantId, record);
      this.replace.run(row);
      this.recordDuration(row);
      this.changes.bump(tenantId);
      const moved = target !== calendarId;
      const changes = eventFieldChanges(toRecord(current), record);
      this.history.record(tenantId, eventEntry(record, { kind: moved ? 'moved' : 'updated', by: actor, at: now, version: record.version, changes, context }, moved ? calendarId : null));
      return toEvent(row);
    });
  }

  async delete({ tenantId, calendarId, eventId, expected, actor, context = NO_CONTEXT }: EventTrash): Promise<void> {
    this.history.write(() => {
      const current = this.current({ tenantId, calendarId, eventId, expected });
      const at = new Date().toISOString();
      this.trash.trash({ tenantId, calendarId, eventId, at, by: actor });
      this.changes.bump(tenantId);
      this.history.record(tenantId, eventEntry(toRecord(current), { kind: 'deleted', by: actor, at, version: current.version + 1, context }));
    });
  }

  async listTrash({ tenantId, calendarId, limit }: CalendarKey & { limit: number }): Promise<TrashedEventRecord[]> {
    return this.trash.list(tenantId, calendarId, limit);
  }

  async restore({ tenantId, calendarId, eventId, expected, actor, idempotency }: EventKey & Conditional & Acting & Keyed<CalendarEvent>): Promise<CalendarEvent> {
    return this.history.write(() => {
      const trashed = this.trash.get(tenantId, calendarId, eventId);
      if (!trashed) throw new NotFoundError();
      // A trashed event's calendar row is there (its foreign key): when it is not live, it is in the calendar trash.
      if (!this.longest.get(tenantId, calendarId)) throw new CalendarTrashedError();
      if (!versionMatches(expected, trashed.event.extendedProps.version)) throw new PreconditionFailedError();
      const at = new Date().toISOString();
      this.trash.restore({ tenantId, calendarId, eventId, at, by: actor });
      this.changes.bump(tenantId);
      const row = this.byId.get(tenantId, calendarId, eventId)!;
      this.history.record(tenantId, eventEntry(toRecord(row), { kind: 'restored', by: actor, at, version: row.version }));
      this.idempotency.completeIn(idempotency, toEvent(row));
      return toEvent(row);
    });
  }

  async purge({ tenantId, calendarId, eventId }: EventKey): Promise<void> {
    if (!this.trash.purge(tenantId, calendarId, eventId)) throw new NotFoundError();
  }

  async findByImportUids({ tenantId, calendarId, uids }: CalendarKey & { uids: readonly string[] }): Promise<CalendarEvent[]> {
    return uids.length === 0 ? [] : this.byImportUids.all(tenantId, calendarId, JSON.stringify(uids)).map(toEvent);
  }

  /**
   * One transaction: any failure rolls every write of the batch back, its entries with it. Its texts are indexed for
   * search after the commit, in slices, before the batch is answered.
   */
  async writeBatch({ tenantId, calendarId, actor, creates, updates, idempotency }: EventBatch): Promise<CalendarEvent[]> {
    const now = new Date().toISOString();
    const rows: EventRow[] = [];
    /** Writes one event of the batch with its entry: a create when there is nothing before it. */
    const write = (record: EventRecord, before: EventRecord | null) => {
      const row = toEventRow(tenantId, record);
      (before ? this.replace : this.insert).run(row);
      this.recordDuration(row);
      const changes = before ? eventFieldChanges(before, record) : [];
      this.history.record(tenantId, eventEntry(record, { kind: before ? 'updated' : 'created', by: actor, at: now, version: record.version, changes }));
      rows.push(row);
    };
    const forgetSearchTexts = await searchTextsAhead([...creates, ...updates.map((update) => update.draft)]);
    try {
      const written = this.indexer.deferring(() => this.history.write(() => {
        if (!this.longest.get(tenantId, calendarId)) throw new NotFoundError();
        const authorship = { createdBy: actor, updatedBy: actor, createdAt: now, updatedAt: now };
        for (const draft of creates) write(eventRecord({ id: randomUUID(), calendarId, draft, authorship, version: 1 }), null);
        for (const { eventId, expected, draft } of updates) {
          const current = this.current({ tenantId, calendarId, eventId, expected });
          const kept = { createdBy: { id: current.created_by_id, name: current.created_by_name }, createdAt: current.created_at, updatedBy: actor, updatedAt: now };
          write(eventRecord({ id: eventId, calendarId, draft, authorship: kept, version: current.version + 1 }), toRecord(current));
        }
        this.changes.bump(tenantId);
        const written = rows.map(toEvent);
        this.idempotency.completeIn(idempotency, written);
        return written;
      }));
      // The batch is committed whatever happens here: a text left listed is still found, and indexed by the next batch.
      await this.indexer.indexPending().catch(() => undefined);
      return written;
    } catch (error) {
      // Another import made the same UID in this calendar first (the unique index): this batch's view was stale.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new PreconditionFailedError();
      throw error;
    } finally {
      forgetSearchTexts();
    }
  }

  /** Inside a transaction: the event at the expected version, or the store's error. */
  private current({ tenantId, calendarId, eventId, expected }: EventKey & Conditional): EventRow {
    const current = this.byId.get(tenantId, calendarId, eventId);
    if (!current) throw new NotFoundError();
    if (!versionMatches(expected, current.version)) throw new PreconditionFailedError();
    return current;
  }

  private recordDuration(row: EventRow): void {
    const duration = row.end_ms - row.start_ms;
    this.raiseLongest.run({ tenant: row.tenant_id, calendar: row.calendar_id, timed: row.all_day ? 0 : duration, allDay: row.all_day ? duration : 0 });
  }
}
