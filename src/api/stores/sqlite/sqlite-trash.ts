import type Database from 'better-sqlite3';
import type { CalendarEvent, UserRef } from '../../../shared/event-schema.ts';
import type { TrashedEventRecord } from '../repository.ts';

/** What a trashed_events row holds besides the event's columns. */
interface DeletionColumns {
  deleted_at: string;
  deleted_by_id: string;
  deleted_by_name: string;
}

/** A deletion: when, by whom. */
export interface Deletion {
  tenantId: string;
  at: string;
  by: UserRef;
}

type Values = Record<string, string | number>;

const deletionValues = ({ tenantId, at, by }: Deletion, withCalendar: 0 | 1): Values => ({
  tenant: tenantId,
  at,
  atMs: Date.parse(at),
  byId: by.id,
  byName: by.name,
  withCalendar,
});

/**
 * The event trash (migration 10): rows moved between events and trashed_events by INSERT … SELECT, column for column,
 * inside the caller's transaction; the search triggers drop a trashed event from the index and add it back on restore.
 * An event deleted on its own is listed, restored and purged here; those that went with their calendar
 * (with_calendar = 1) only come back or go with it.
 */
export class SqliteTrash<Row> {
  private readonly toEvent: (row: Row) => CalendarEvent;
  private readonly trashEvent: [Database.Statement<Values>, Database.Statement<Values>];
  private readonly trashCalendar: [Database.Statement<Values>, Database.Statement<Values>];
  private readonly restoreEvent: Database.Statement<Values>;
  private readonly restoreCalendar: Database.Statement<Values>;
  private readonly remove: Database.Statement<Values>;
  private readonly removeWithCalendar: Database.Statement<Values>;
  private readonly byId: Database.Statement<[string, string, string], Row & DeletionColumns>;
  private readonly byCalendar: Database.Statement<[string, string, number], Row & DeletionColumns>;
  private readonly counted: Database.Statement<[string, string], number>;
  private readonly expired: Database.Statement<[number, number]>;
  private readonly uncategorise: Database.Statement<[string, string]>;

  /** columns: every column of an events row; toEvent: the event of such a row, as the store reads every other. */
  constructor(db: Database.Database, columns: readonly string[], toEvent: (row: Row) => CalendarEvent) {
    this.toEvent = toEvent;
    const list = columns.join(', ');
    const picked = (replaced: Record<string, string>) => columns.map((column) => replaced[column] ?? column).join(', ');
    const toTrash = (where: string): [Database.Statement<Values>, Database.Statement<Values>] => [
      db.prepare(
        `INSERT INTO trashed_events (${list}, deleted_at, deleted_at_ms, deleted_by_id, deleted_by_name, with_calendar)
         SELECT ${picked({ version: 'version + 1 - @withCalendar' })}, @at, @atMs, @byId, @byName, @withCalendar FROM events WHERE tenant_id = @tenant AND ${where}`,
      ),
      db.prepare(`DELETE FROM events WHERE tenant_id = @tenant AND ${where}`),
    ];
    // An event deleted on its own bumps its version; those going with their calendar keep theirs (see the version above).
    this.trashEvent = toTrash('calendar_id = @calendar AND id = @id');
    this.trashCalendar = toTrash('calendar_id = @calendar');
    // Another event of the calendar took the UID while this one was in the trash (a file imported again): the newer
    // keeps the link to the file, so that importing it again still finds one event per UID.
    const uidTaken = `EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = t.tenant_id AND e.calendar_id = t.calendar_id AND e.import_source != 'null'
      AND json_extract(e.import_source, '$.uid') = json_extract(t.import_source, '$.uid'))`;
    const restored = picked({
      version: 'version + 1',
      updated_by_id: '@byId',
      updated_by_name: '@byName',
      updated_at: '@at',
      import_source: `CASE WHEN import_source != 'null' AND ${uidTaken} THEN 'null' ELSE import_source END`,
    });
    this.restoreEvent = db.prepare(`INSERT INTO events (${list}) SELECT ${restored} FROM trashed_events t WHERE tenant_id = @tenant AND calendar_id = @calendar AND id = @id`);
    this.restoreCalendar = db.prepare(`INSERT INTO events (${list}) SELECT ${list} FROM trashed_events WHERE tenant_id = @tenant AND calendar_id = @calendar AND with_calendar = 1`);
    this.remove = db.prepare('DELETE FROM trashed_events WHERE tenant_id = @tenant AND calendar_id = @calendar AND id = @id AND with_calendar = 0');
    this.removeWithCalendar = db.prepare('DELETE FROM trashed_events WHERE tenant_id = @tenant AND calendar_id = @calendar AND with_calendar = 1');
    this.byId = db.prepare('SELECT * FROM trashed_events WHERE tenant_id = ? AND calendar_id = ? AND id = ? AND with_calendar = 0');
    this.byCalendar = db.prepare('SELECT * FROM trashed_events WHERE tenant_id = ? AND calendar_id = ? AND with_calendar = 0 ORDER BY deleted_at_ms DESC, rowid DESC LIMIT ?');
    this.counted = db.prepare<[string, string], number>('SELECT COUNT(*) FROM trashed_events WHERE tenant_id = ? AND calendar_id = ? AND with_calendar = 1').pluck();
    this.expired = db.prepare(
      'DELETE FROM trashed_events WHERE rowid IN (SELECT rowid FROM trashed_events WHERE with_calendar = 0 AND deleted_at_ms < ? LIMIT ?)',
    );
    this.uncategorise = db.prepare(`UPDATE trashed_events SET category_id = '' WHERE tenant_id = ? AND category_id = ?`);
  }

  /** In a transaction: moves the event to its calendar's trash, one version on. */
  trash(deletion: Deletion & { calendarId: string; eventId: string }): void {
    const values = { ...deletionValues(deletion, 0), calendar: deletion.calendarId, id: deletion.eventId };
    for (const statement of this.trashEvent) statement.run(values);
  }

  /** In a transaction: moves every event of the calendar to the trash with it, their versions as they are. */
  trashWithCalendar(deletion: Deletion & { calendarId: string }): void {
    const values = { ...deletionValues(deletion, 1), calendar: deletion.calendarId };
    for (const statement of this.trashCalendar) statement.run(values);
  }

  /** In a transaction: brings back the events that went with the calendar. */
  restoreWithCalendar(tenantId: string, calendarId: string): void {
    this.restoreCalendar.run({ tenant: tenantId, calendar: calendarId });
    this.removeWithCalendar.run({ tenant: tenantId, calendar: calendarId });
  }

  /** The event deleted on its own, as the trash lists it, with its version. */
  get(tenantId: string, calendarId: string, eventId: string): TrashedEventRecord | null {
    const row = this.byId.get(tenantId, calendarId, eventId);
    return row ? this.toRecord(row) : null;
  }

  /** In a transaction: puts the event back into its calendar, one version on, as changed by whoever restored it. */
  restore(restoring: Deletion & { calendarId: string; eventId: string }): void {
    const values = { ...deletionValues(restoring, 0), calendar: restoring.calendarId, id: restoring.eventId };
    this.restoreEvent.run(values);
    this.remove.run(values);
  }

  /** Newest deletion first: the events deleted on their own. */
  list(tenantId: string, calendarId: string, limit: number): TrashedEventRecord[] {
    return this.byCalendar.all(tenantId, calendarId, limit).map((row) => this.toRecord(row));
  }

  /** How many events went with the calendar to the calendar trash. */
  countWithCalendar(tenantId: string, calendarId: string): number {
    return this.counted.get(tenantId, calendarId) ?? 0;
  }

  /** Deletes for good an event deleted on its own; false when the trash has none such. */
  purge(tenantId: string, calendarId: string, eventId: string): boolean {
    return this.remove.run({ tenant: tenantId, calendar: calendarId, id: eventId }).changes > 0;
  }

  /** Deletes for good at most `limit` of the events deleted on their own before the cutoff; says how many. */
  purgeDeletedBefore(cutoffMs: number, limit: number): number {
    return this.expired.run(cutoffMs, limit).changes;
  }

  /** In a category delete's transaction: no trashed event comes back naming the category. */
  clearCategory(tenantId: string, categoryId: string): void {
    this.uncategorise.run(tenantId, categoryId);
  }

  private toRecord(row: Row & DeletionColumns): TrashedEventRecord {
    return { event: this.toEvent(row), deletedAt: row.deleted_at, deletedBy: { id: row.deleted_by_id, name: row.deleted_by_name } };
  }
}
