// The bench's events and window, shared by the store and HTTP figures.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { eventRecord, type EventRecord, type EventWindow } from '../../src/api/stores/repository.ts';
import { registerSearchFunctions } from '../../src/api/stores/sqlite/sqlite-search.ts';
import { EVENT_COLUMNS, SQLITE_FILE_NAME, toEventRow } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { normaliseEvent } from '../../src/shared/event-schema.ts';

export const CALENDARS = 3;
export const SPAN_DAYS = 730;
export const HOUR = 3_600_000;
/** Every bench event lasts at most this long: what the stores record as each calendar's longest event. */
export const LONGEST_EVENT_MS = 3 * HOUR;
const ORIGIN = Date.UTC(2026, 0, 1);
/** Where every span of bench events ends: a longer span reaches further into the past, as a tenant's history does. */
const SPAN_END = ORIGIN + SPAN_DAYS * 24 * HOUR;
/** The demo tenant, which riley belongs to. */
export const DEMO_TENANT = '4f1d6d0a-7c4e-4a55-9d8e-0de5c0a1e001';
const BENCH_USER = { id: 'bench', name: 'Bench' };

/** A timed event of 1 to 3 hours somewhere in the `spanDays` up to the end of 2027, as the stores record it. */
export function benchRecord(calendarId: string, i: number, now: string, spanDays = SPAN_DAYS): EventRecord {
  const start = SPAN_END - Math.ceil(Math.random() * spanDays * 24) * HOUR;
  const end = start + (1 + Math.floor(Math.random() * (LONGEST_EVENT_MS / HOUR))) * HOUR;
  const drafted = normaliseEvent({ title: `Event ${i}`, start: new Date(start).toISOString(), end: new Date(end).toISOString() });
  if (!drafted.ok) throw new Error('bad bench event');
  const authorship = { createdBy: BENCH_USER, updatedBy: BENCH_USER, createdAt: now, updatedAt: now };
  return eventRecord({ id: randomUUID(), calendarId, draft: drafted.draft, authorship, version: 1 });
}

/** Bulk-loads events straight into the file: setup only, the measured reads go through the repository. */
export function fillEvents(dataDir: string, tenantId: string, calendarIds: readonly string[], count: number, spanDays = SPAN_DAYS): void {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  // The search triggers derive each event's words through it, as on the store's own connection.
  registerSearchFunctions(db);
  const insert = db.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((column) => `@${column}`).join(', ')})`);
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(toEventRow(tenantId, benchRecord(calendarIds[i % calendarIds.length]!, i, now, spanDays)));
  })();
  // What the repository keeps on every write: each calendar's longest event.
  db.prepare(
    `UPDATE calendars SET longest_timed_ms = (SELECT COALESCE(MAX(end_ms - start_ms), 0) FROM events e
       WHERE e.tenant_id = calendars.tenant_id AND e.calendar_id = calendars.id AND e.all_day = 0)`,
  ).run();
  db.close();
}

/** Six weeks, as the month view asks for. */
export const MONTH_WINDOW_QUERY = { start: '2026-10-26T00:00:00', end: '2026-12-07T00:00:00', timeZone: 'Europe/London' };

export function monthWindow(): EventWindow {
  const window = resolveEventWindow(MONTH_WINDOW_QUERY.start.slice(0, 10), MONTH_WINDOW_QUERY.end.slice(0, 10), MONTH_WINDOW_QUERY.timeZone);
  if ('field' in window) throw new Error(window.message);
  return window;
}
