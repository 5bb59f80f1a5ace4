import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { calendarEntry, calendarFieldChanges } from '../change-entries.ts';
import {
  NotFoundError,
  PreconditionFailedError,
  versionMatches,
  type Acting,
  type CalendarCreate,
  type CalendarKey,
  type CalendarRepository,
  type CalendarUpdate,
  type Conditional,
  type InTenant,
  type Keyed,
  type StoredCalendar,
  type TrashedCalendarRecord,
} from '../repository.ts';
import type { SqliteHistory } from './sqlite-history.ts';
import type { SqliteIdempotency } from './sqlite-idempotency.ts';
import type { SqliteTrash } from './sqlite-trash.ts';

/** What the calendars need of the event trash: moving a calendar's events with it. */
type CalendarTrash = Pick<SqliteTrash<unknown>, 'trashWithCalendar' | 'restoreWithCalendar' | 'countWithCalendar'>;

interface CalendarRow {
  tenant_id: string;
  id: string;
  name: string;
  color: string;
  description: string;
  editors: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** A trashed calendar's row: its deletion's columns are set (NULL while it is live). */
interface TrashedCalendarRow extends CalendarRow {
  deleted_at: string;
  deleted_by_id: string;
  deleted_by_name: string;
}

/** What a calendar write needs of the store's change versions: a bump inside the write's transaction. */
interface ChangeBump {
  bump(tenantId: string): void;
}

function toCalendar(row: CalendarRow): StoredCalendar {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    color: row.color,
    description: row.description,
    editors: JSON.parse(row.editors) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/**
 * The calendars table. A deleted calendar stays in it, flagged by deleted_at (migration 10), with its categories;
 * its events move to trashed_events with it (with_calendar = 1). Every read but the trash's skips flagged rows.
 */
export class SqliteCalendarRepository implements CalendarRepository {
  private readonly db: Database.Database;
  private readonly changes: ChangeBump;
  private readonly history: SqliteHistory;
  private readonly trash: CalendarTrash;
  private readonly byId: Database.Statement<[string, string], CalendarRow>;
  private readonly byTenant: Database.Statement<[string], CalendarRow>;
  private readonly trashedById: Database.Statement<[string, string], TrashedCalendarRow>;
  private readonly trashedByTenant: Database.Statement<[string], TrashedCalendarRow>;
  private readonly idempotency: SqliteIdempotency;
  private readonly trashedBefore: Database.Statement<[number], { tenant_id: string; id: string }>;
  private readonly insert: Database.Statement<CalendarRow>;
  private readonly write: Database.Statement<CalendarRow>;
  private readonly flag: Database.Statement<{ tenant: string; id: string; version: number; updatedAt: string; at: string | null; atMs: number | null; byId: string | null; byName: string | null }>;

  constructor(db: Database.Database, changes: ChangeBump, history: SqliteHistory, trash: CalendarTrash, idempotency: SqliteIdempotency) {
    this.db = db;
    this.idempotency = idempotency;
    this.changes = changes;
    this.history = history;
    this.trash = trash;
    this.byId = db.prepare('SELECT * FROM calendars WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL');
    this.byTenant = db.prepare('SELECT * FROM calendars WHERE tenant_id = ? AND deleted_at IS NULL ORDER BY name COLLATE NOCASE, id');
    this.trashedById = db.prepare('SELECT * FROM calendars WHERE tenant_id = ? AND id = ? AND deleted_at IS NOT NULL');
    this.trashedByTenant = db.prepare('SELECT * FROM calendars WHERE tenant_id = ? AND deleted_at IS NOT NULL ORDER BY deleted_at_ms DESC, id');
    this.trashedBefore = db.prepare('SELECT tenant_id, id FROM calendars WHERE deleted_at_ms < ?');
    this.insert = db.prepare(
      `INSERT INTO calendars (tenant_id, id, name, color, description, editors, created_at, updated_at, version)
       VALUES (@tenant_id, @id, @name, @color, @description, @editors, @created_at, @updated_at, @version)`,
    );
    this.write = db.prepare(
      `UPDATE calendars SET name = @name, color = @color, description = @description, editors = @editors, updated_at = @updated_at, version = @version
       WHERE tenant_id = @tenant_id AND id = @id`,
    );
    this.flag = db.prepare(
      `UPDATE calendars SET version = @version, updated_at = @updatedAt, deleted_at = @at, deleted_at_ms = @atMs, deleted_by_id = @byId, deleted_by_name = @byName
       WHERE tenant_id = @tenant AND id = @id`,
    );
  }

  async list({ tenantId }: InTenant): Promise<StoredCalendar[]> {
    return this.byTenant.all(tenantId).map(toCalendar);
  }

  async get({ tenantId, calendarId }: CalendarKey): Promise<StoredCalendar | null> {
    const row = this.byId.get(tenantId, calendarId);
    return row ? toCalendar(row) : null;
  }

  async create({ tenantId, input, actor, idempotency }: CalendarCreate): Promise<StoredCalendar> {
    const now = new Date().toISOString();
    const { name, color, description } = input;
    const row: CalendarRow = { tenant_id: tenantId, id: randomUUID(), name, color, description, editors: JSON.stringify(input.editors), created_at: now, updated_at: now, version: 1 };
    const calendar = toCalendar(row);
    this.history.write(() => {
      this.insert.run(row);
      this.changes.bump(tenantId);
      this.history.record(tenantId, calendarEntry(calendar, { kind: 'created', by: actor, at: now, version: 1 }));
      this.idempotency.completeIn(idempotency, calendar);
    });
    return calendar;
  }

  async update({ tenantId, calendarId, patch, expected, actor }: CalendarUpdate): Promise<StoredCalendar> {
    return this.history.write(() => {
      const current = this.current({ tenantId, calendarId, expected });
      const now = new Date().toISOString();
      const next: CalendarRow = {
        ...current,
        name: patch.name ?? current.name,
        color: patch.color ?? current.color,
        description: patch.description ?? current.description,
        editors: patch.editors ? JSON.stringify(patch.editors) : current.editors,
        updated_at: now,
        version: current.version + 1,
      };
      this.write.run(next);
      this.changes.bump(tenantId);
      const [before, after] = [toCalendar(current), toCalendar(next)];
      this.history.record(tenantId, calendarEntry(after, { kind: 'updated', by: actor, at: now, version: after.version, changes: calendarFieldChanges(before, after) }));
      return after;
    });
  }

  /** One transaction: the calendar, its events and its categories go to the trash together, or none of them. */
  async delete({ tenantId, calendarId, expected, actor }: CalendarKey & Conditional & Acting): Promise<void> {
    this.history.write(() => {
      const current = this.current({ tenantId, calendarId, expected });
      const at = new Date().toISOString();
      const version = current.version + 1;
      this.trash.trashWithCalendar({ tenantId, calendarId, at, by: actor });
      this.flag.run({ tenant: tenantId, id: calendarId, version, updatedAt: current.updated_at, at, atMs: Date.parse(at), byId: actor.id, byName: actor.name });
      this.changes.bump(tenantId);
      this.history.record(tenantId, calendarEntry(toCalendar(current), { kind: 'deleted', by: actor, at, version }));
    });
  }

  async listTrash({ tenantId }: InTenant): Promise<TrashedCalendarRecord[]> {
    return this.trashedByTenant.all(tenantId).map((row) => ({
      calendar: toCalendar(row),
      eventCount: this.trash.countWithCalendar(tenantId, row.id),
      deletedAt: row.deleted_at,
      deletedBy: { id: row.deleted_by_id, name: row.deleted_by_name },
    }));
  }

  async restore({ tenantId, calendarId, expected, actor, idempotency }: CalendarKey & Conditional & Acting & Keyed<StoredCalendar>): Promise<StoredCalendar> {
    return this.history.write(() => {
      const trashed = this.trashedById.get(tenantId, calendarId);
      if (!trashed) throw new NotFoundError();
      if (!versionMatches(expected, trashed.version)) throw new PreconditionFailedError();
      const now = new Date().toISOString();
      const version = trashed.version + 1;
      this.trash.restoreWithCalendar(tenantId, calendarId);
      this.flag.run({ tenant: tenantId, id: calendarId, version, updatedAt: now, at: null, atMs: null, byId: null, byName: null });
      this.changes.bump(tenantId);
      const calendar = toCalendar({ ...trashed, version, updated_at: now });
      this.history.record(tenantId, calendarEntry(calendar, { kind: 'restored', by: actor, at: now, version }));
      this.idempotency.completeIn(idempotency, calendar);
      return calendar;
    });
  }

  async purge({ tenantId, calendarId }: CalendarKey): Promise<void> {
    this.db
      .transaction(() => {
        if (!this.trashedById.get(tenantId, calendarId)) throw new NotFoundError();
        this.purgeTrashed(tenantId, calendarId);
      })
      .immediate();
  }

  /**
   * Purges every calendar trashed before the cutoff, each in a transaction of its own (a calendar goes whole or not at
   * all), the event loop turning between them; says how many.
   */
  async purgeTrashedBefore(cutoffMs: number): Promise<number> {
    const due = this.trashedBefore.all(cutoffMs);
    for (const { tenant_id, id } of due) {
      this.db.transaction(() => this.purgeTrashed(tenant_id, id)).immediate();
      await nextTurn();
    }
    return due.length;
  }

  /**
   * In a transaction: the history of the calendar itself and of every event it holds (all in its trash by now), then
   * the calendar, whose foreign keys take its categories and trashed events with it. Events moved out of it earlier
   * live on elsewhere, and keep their history.
   */
  private purgeTrashed(tenantId: string, calendarId: string): void {
    this.history.purgeWhere(
      `tenant_id = @tenant AND ((event_id IS NULL AND calendar_id = @calendar)
        OR event_id IN (SELECT id FROM trashed_events WHERE tenant_id = @tenant AND calendar_id = @calendar))`,
      { tenant: tenantId, calendar: calendarId },
    );
    this.db.prepare('DELETE FROM calendars WHERE tenant_id = ? AND id = ?').run(tenantId, calendarId);
  }

  /** Inside a transaction: the live calendar at the expected version, or the store's error. */
  private current({ tenantId, calendarId, expected }: CalendarKey & Conditional): CalendarRow {
    const current = this.byId.get(tenantId, calendarId);
    if (!current) throw new NotFoundError();
    if (!versionMatches(expected, current.version)) throw new PreconditionFailedError();
    return current;
  }
}
