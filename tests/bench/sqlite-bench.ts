// The SQLite store's window query against the raw SQL an expert would write for the same rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { CALENDARS, fillEvents, monthWindow, SPAN_DAYS } from './bench-data.ts';
import { interleave, timed, type Comparison } from './measure.ts';
import { SYSTEM_ACTOR } from '../../src/api/stores/change-entries.ts';

const TENANT = 'bench';
const RAW_LIMIT = 'raw SQL: one prepared SELECT, same file and index, plain rows';

/**
 * The same rows in the same order with better-sqlite3 alone: timed and all-day events overlapping the window, in one
 * statement over the calendars given, bounded below by the longest event known up front.
 */
function rawWindowQuery(db: Database.Database, calendarCount: number) {
  const calendars = Array.from({ length: calendarCount }, () => '?').join(', ');
  const select = (allDay: number, from: string, to: string) =>
    `SELECT * FROM events WHERE tenant_id = ? AND calendar_id IN (${calendars}) AND all_day = ${allDay}
       AND start_ms >= ${from} - ? AND start_ms < ${to} AND end_ms > ${from}`;
  const statement = db.prepare<unknown[], Record<string, unknown>>(
    `${select(0, '@fromMs', '@toMs')} UNION ALL ${select(1, '@fromDayMs', '@toDayMs')} ORDER BY start_ms, all_day DESC, id`,
  );
  const longest = db.prepare<[], { timed: number; allDay: number }>('SELECT MAX(longest_timed_ms) AS timed, MAX(longest_all_day_ms) AS allDay FROM calendars').get()!;
  return (calendarIds: readonly string[], window: EventWindow) =>
    statement.all(TENANT, ...calendarIds, longest.timed, TENANT, ...calendarIds, longest.allDay, window);
}

/** The window query over `count` events: all calendars and one, ours and the raw SQL, interleaved. */
export async function benchSqlite(count: number, rounds: number): Promise<Comparison[]> {
  console.log(`sqlite: ${count} events in ${CALENDARS} calendars over ${SPAN_DAYS} days, a 6-week window`);
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-bench-'));
  const store = openSqliteStore({ dataDir });
  const calendarIds: string[] = [];
  for (let i = 0; i < CALENDARS; i++) {
    calendarIds.push((await store.calendars.create({ tenantId: TENANT, input: { name: `C${i}`, color: '#000000', description: '', editors: [] }, actor: SYSTEM_ACTOR })).id);
  }
  fillEvents(dataDir, TENANT, calendarIds, count);
  const raw = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const window = monthWindow();
  const one = [calendarIds[0]!];
  const rawAll = rawWindowQuery(raw, calendarIds.length);
  const rawOne = rawWindowQuery(raw, 1);
  const found = (await store.events.listInWindow({ tenantId: TENANT, calendarIds, window, limit: Number.MAX_SAFE_INTEGER })).length;
  if (rawAll(calendarIds, window).length !== found) throw new Error('the raw SQL does not return the store’s rows');
  const label = `sqlite ${count / 1000}k events`;
  const comparisons = [
    await interleave({
      figure: `${label}, ${CALENDARS} calendars, ${found} rows`,
      limit: RAW_LIMIT,
      rounds,
      ours: timed(() => store.events.listInWindow({ tenantId: TENANT, calendarIds, window, limit: Number.MAX_SAFE_INTEGER })),
      bare: timed(() => rawAll(calendarIds, window)),
    }),
    await interleave({
      figure: `${label}, 1 calendar, ${rawOne(one, window).length} rows`,
      limit: RAW_LIMIT,
      rounds,
      ours: timed(() => store.events.listInWindow({ tenantId: TENANT, calendarIds: one, window, limit: Number.MAX_SAFE_INTEGER })),
      bare: timed(() => rawOne(one, window)),
    }),
  ];
  raw.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  return comparisons;
}
