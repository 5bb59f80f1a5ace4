// A SQLite store holding a big expired trash and history, for the hourly purge to work through at start-up: the events
// and their entries are written through the store, then aged with plain SQL (no API makes a deletion 31 days old).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { registerSearchFunctions } from '../../src/api/stores/sqlite/sqlite-search.ts';
import { EVENT_COLUMNS, openSqliteStore, SQLITE_FILE_NAME } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { DAY_MS, HISTORY_RETENTION_DAYS } from '../../src/shared/limits.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';

const ACTOR = { id: 'purge-test', name: 'Purge Test' };

/** Writes `entries` events (one history entry each), then moves `trashed` of them to the trash, all aged past keeping. */
export async function fillExpiredTrash(dataDir: string, { trashed, entries }: { trashed: number; entries: number }): Promise<void> {
  const store = openSqliteStore({ dataDir });
  const tenantId = DEMO_TENANT_ID;
  const calendar = await store.calendars.create({ tenantId, actor: ACTOR, input: { name: 'Old', color: '#123456', description: '', editors: [] } });
  const normalised = normaliseEvent({ title: 'Long gone', start: '2020-03-02T09:00:00Z', end: '2020-03-02T10:00:00Z' });
  if (!normalised.ok) throw new Error('bad event');
  const creates: EventDraft[] = Array.from({ length: entries }, () => normalised.draft);
  await store.events.writeBatch({ tenantId, calendarId: calendar.id, actor: ACTOR, creates, updates: [] });
  await store.close();

  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  // The search triggers on events call it, as on the store's own connection.
  registerSearchFunctions(db);
  const longAgo = Date.now() - (HISTORY_RETENTION_DAYS + 1) * DAY_MS;
  const columns = EVENT_COLUMNS.join(', ');
  db.transaction(() => {
    const moved = `SELECT rowid FROM events WHERE calendar_id = @calendar LIMIT @trashed`;
    db.prepare(
      `INSERT INTO trashed_events (${columns}, deleted_at, deleted_at_ms, deleted_by_id, deleted_by_name, with_calendar)
       SELECT ${columns}, @at, @atMs, @by, @by, 0 FROM events WHERE rowid IN (${moved})`,
    ).run({ calendar: calendar.id, trashed, at: new Date(longAgo).toISOString(), atMs: longAgo, by: ACTOR.id });
    db.prepare(`DELETE FROM events WHERE rowid IN (${moved})`).run({ calendar: calendar.id, trashed });
    db.prepare('UPDATE history SET at_ms = ?').run(longAgo);
  })();
  db.close();
}
