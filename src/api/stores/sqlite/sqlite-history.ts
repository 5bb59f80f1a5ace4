import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { ChangeEntry } from '../../../shared/history-schema.ts';
import type { NewChangeEntry } from '../change-entries.ts';
import type { CalendarKey, HistoryPageQuery, HistoryRepository, InTenant } from '../repository.ts';

type Listener = (tenantId: string, entry: ChangeEntry) => void;

interface EntryRow {
  seq: number;
  id: string;
  entry: string;
}

const toEntry = (row: EntryRow): ChangeEntry => ({ id: row.id, cursor: String(row.seq), ...(JSON.parse(row.entry) as NewChangeEntry) });

/** A cursor as this store gives them out (the entry's seq), or null for anything else. */
function seqOf(cursor: string): number | null {
  const seq = /^\d{1,15}$/.test(cursor) ? Number(cursor) : NaN;
  return Number.isSafeInteger(seq) ? seq : null;
}

/** The page's upper bound: before the cursor, or from the newest; null when the cursor is not one of ours (no page). */
const pageEnd = (before: string | null): number | null => (before === null ? Number.MAX_SAFE_INTEGER : seqOf(before));

/** A calendar's activity: its own entries and those moved out of it, each side read newest first on its index. */
function activityQuery(byPerson: boolean): string {
  const side = (column: string) => `SELECT seq, id, entry FROM history
    WHERE tenant_id = @tenant AND ${column} = @calendar ${byPerson ? 'AND by_id = @by' : ''} AND seq < @before AND at_ms >= @from AND at_ms < @to
    ORDER BY seq DESC LIMIT @limit`;
  return `SELECT * FROM (${side('calendar_id')}) UNION ALL SELECT * FROM (${side('from_calendar_id')}) ORDER BY seq DESC LIMIT @limit`;
}

/**
 * The history table (migration 10) and the one way every write of this store goes: write() runs the write as one
 * immediate transaction, record() adds its entry inside it, and once the transaction has committed the subscribers
 * hear the entries, in the order written. A write that throws rolls its entries back, and nobody hears of them.
 */
export class SqliteHistory implements HistoryRepository {
  private readonly db: Database.Database;
  private readonly listeners = new Set<Listener>();
  /** The entries of the write in progress: set only while write() runs its transaction. */
  private written: [string, ChangeEntry][] | null = null;
  private readonly insert: Database.Statement<{ tenant: string; id: string; calendar: string; from: string | null; event: string | null; by: string; atMs: number; entry: string }>;
  private readonly byEvent: Database.Statement<{ tenant: string; event: string; before: number; limit: number }, EntryRow>;
  private readonly activity: Database.Statement<Record<string, string | number>, EntryRow>;
  private readonly personActivity: Database.Statement<Record<string, string | number>, EntryRow>;
  private readonly after: Database.Statement<[string, number, number], EntryRow>;
  private readonly newest: Database.Statement<[], number>;
  private readonly horizon: Database.Statement<[string], number>;
  private readonly raiseHorizon: Database.Statement<{ tenant: string; seq: number }>;

  constructor(db: Database.Database) {
    this.db = db;
    this.insert = db.prepare(
      `INSERT INTO history (tenant_id, id, calendar_id, from_calendar_id, event_id, by_id, at_ms, entry)
       VALUES (@tenant, @id, @calendar, @from, @event, @by, @atMs, @entry)`,
    );
    this.byEvent = db.prepare('SELECT seq, id, entry FROM history WHERE tenant_id = @tenant AND event_id = @event AND seq < @before ORDER BY seq DESC LIMIT @limit');
    this.activity = db.prepare(activityQuery(false));
    this.personActivity = db.prepare(activityQuery(true));
    this.after = db.prepare('SELECT seq, id, entry FROM history WHERE tenant_id = ? AND seq > ? ORDER BY seq LIMIT ?');
    this.newest = db.prepare<[], number>(`SELECT seq FROM sqlite_sequence WHERE name = 'history'`).pluck();
    this.horizon = db.prepare<[string], number>(`SELECT MAX(seq) FROM history_horizon WHERE tenant_id IN ('', ?)`).pluck();
    this.raiseHorizon = db.prepare(
      `INSERT INTO history_horizon (tenant_id, seq) VALUES (@tenant, @seq) ON CONFLICT (tenant_id) DO UPDATE SET seq = MAX(seq, excluded.seq)`,
    );
  }

  /** Runs the write as one immediate transaction; once it has committed, tells every subscriber its entries. */
  write<T>(body: () => T): T {
    const written: [string, ChangeEntry][] = [];
    this.written = written;
    let result: T;
    try {
      result = this.db.transaction(body).immediate();
    } finally {
      this.written = null;
    }
    for (const [tenantId, entry] of written) this.tell(tenantId, entry);
    return result;
  }

  /** Inside write(): adds the write's entry, which commits or rolls back with it. */
  record(tenantId: string, entry: NewChangeEntry): ChangeEntry {
    if (!this.written) throw new Error('A history entry is recorded inside a write, never alone');
    const id = randomUUID();
    const { eventId, calendarId, fromCalendarId, by, at } = entry;
    const row = { tenant: tenantId, id, calendar: calendarId, from: fromCalendarId, event: eventId, by: by.id, atMs: Date.parse(at), entry: JSON.stringify(entry) };
    const full: ChangeEntry = { id, cursor: String(this.insert.run(row).lastInsertRowid), ...entry };
    this.written.push([tenantId, full]);
    return full;
  }

  async forEvent({ tenantId, eventId, before, limit }: InTenant & { eventId: string } & HistoryPageQuery): Promise<ChangeEntry[]> {
    const end = pageEnd(before);
    return end === null ? [] : this.byEvent.all({ tenant: tenantId, event: eventId, before: end, limit }).map(toEntry);
  }

  async forCalendar(params: CalendarKey & HistoryPageQuery & { byUserId?: string; fromMs?: number; toMs?: number }): Promise<ChangeEntry[]> {
    const end = pageEnd(params.before);
    if (end === null) return [];
    const values = { tenant: params.tenantId, calendar: params.calendarId, before: end, limit: params.limit, from: params.fromMs ?? Number.MIN_SAFE_INTEGER, to: params.toMs ?? Number.MAX_SAFE_INTEGER };
    const rows = params.byUserId === undefined ? this.activity.all(values) : this.personActivity.all({ ...values, by: params.byUserId });
    return rows.map(toEntry);
  }

  async since({ tenantId, after, limit }: InTenant & { after: string; limit: number }): Promise<ChangeEntry[] | null> {
    const seq = seqOf(after);
    // Past the newest seq handed out, or below what was purged (or where this store began): not replayable.
    if (seq === null || seq > (this.newest.get() ?? 0) || seq < (this.horizon.get(tenantId) ?? 0)) return null;
    return this.after.all(tenantId, seq, limit).map(toEntry);
  }

  subscribe(listener: Listener): () => void {
    // Wrapped, so that the same function subscribed twice is told twice and unsubscribes once per subscribe.
    const wrapped: Listener = (tenantId, entry) => listener(tenantId, entry);
    this.listeners.add(wrapped);
    return () => this.listeners.delete(wrapped);
  }

  /** Inside a transaction: deletes the entries WHERE the condition holds, raising the horizons of their tenants. */
  purgeWhere(condition: string, values: Record<string, string | number>): number {
    const raised = this.db.prepare<Record<string, string | number>, { tenant: string; seq: number }>(
      `SELECT tenant_id AS tenant, MAX(seq) AS seq FROM history WHERE ${condition} GROUP BY tenant_id`,
    );
    for (const horizon of raised.all(values)) this.raiseHorizon.run(horizon);
    return this.db.prepare(`DELETE FROM history WHERE ${condition}`).run(values).changes;
  }

  private tell(tenantId: string, entry: ChangeEntry): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(tenantId, entry);
      } catch (error) {
        // The write has committed: a subscriber's failure is its own, and must not reach the writer or the others.
        process.emitWarning(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
