import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { MIGRATIONS } from '../../src/api/stores/sqlite/migrations.ts';
import { OPTIONAL_EVENT_COLUMNS, openSqliteStore, SQLITE_FILE_NAME } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { EVENT_OPTIONAL_FIELDS, eventToWrite, normaliseEvent, type CalendarEvent } from '../../src/shared/event-schema.ts';
import { FEED_EVENTS_MAX } from '../../src/shared/limits.ts';

const TENANT = 'tenant-migrated';
const CALENDAR = 'calendar-1';

// Rows as schema version 1 (one column per field) stored them.
const TIMED_V1 = {
  tenant_id: TENANT, id: 'timed', calendar_id: CALENDAR, title: 'Design review “v1”', all_day: 0,
  start_ms: Date.parse('2027-02-10T09:00:00Z'), end_ms: Date.parse('2027-02-10T10:30:00Z'),
  start_text: '2027-02-10T09:00:00.000Z', end_text: '2027-02-10T10:30:00.000Z', url: 'https://intranet.example.com/design',
  group_id: 'reviews', description: 'Bring\nsketches, "quotes" and emoji 🗓️', location: 'Room 1', time_zone: 'Europe/Paris',
  created_by_id: 'eddie', created_by_name: 'Eddie Editor', updated_by_id: 'ada', updated_by_name: 'Ada Admin',
  created_at: '2026-11-01T08:00:00.000Z', updated_at: '2026-11-02T08:00:00.000Z', version: 3,
};
const ALL_DAY_V1 = {
  ...TIMED_V1, id: 'all-day', title: 'Holiday', all_day: 1, start_ms: Date.parse('2027-02-11'), end_ms: Date.parse('2027-02-12'),
  start_text: '2027-02-11', end_text: '2027-02-12', url: '', group_id: '', description: '', location: '', time_zone: 'UTC', version: 1,
};

/** What the API returned for those rows under version 1. */
const TIMED_EVENT: CalendarEvent = {
  id: 'timed',
  title: 'Design review “v1”',
  start: '2027-02-10T09:00:00.000Z',
  end: '2027-02-10T10:30:00.000Z',
  allDay: false,
  url: 'https://intranet.example.com/design',
  groupId: 'reviews',
  extendedProps: {
    calendarId: CALENDAR,
    // Written as plain text under version 1; migration 6 makes it the HTML that shows it the same.
    description: '<p>Bring<br />sketches, &quot;quotes&quot; and emoji 🗓️</p>',
    location: 'Room 1',
    timeZone: 'Europe/Paris',
    categoryId: '',
    video: '',
    onlineMeetingUrl: '',
    createdBy: { id: 'eddie', name: 'Eddie Editor' },
    updatedBy: { id: 'ada', name: 'Ada Admin' },
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    version: 3,
  },
};
const ALL_DAY_EVENT: CalendarEvent = {
  id: 'all-day',
  title: 'Holiday',
  start: '2027-02-11',
  end: '2027-02-12',
  allDay: true,
  extendedProps: { ...TIMED_EVENT.extendedProps, description: '', location: '', timeZone: 'UTC', version: 1 },
};

/** A database file as a build that knew only the first migration left it, rows written by its own SQL. */
function writeVersionOneDatabase(dataDir: string): void {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  db.exec(MIGRATIONS[0] as string);
  db.pragma('user_version = 1');
  db.prepare(
    `INSERT INTO calendars (tenant_id, id, name, color, description, editors, created_at, updated_at, version, longest_timed_ms, longest_all_day_ms)
     VALUES (?, ?, 'Company', '#0F6CBD', '', '["eddie"]', '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z', 1, 5400000, 86400000)`,
  ).run(TENANT, CALENDAR);
  const insert = db.prepare(`INSERT INTO events VALUES (@tenant_id, @id, @calendar_id, @title, @all_day, @start_ms, @end_ms, @start_text,
    @end_text, @url, @group_id, @description, @location, @time_zone, @created_by_id, @created_by_name, @updated_by_id, @updated_by_name,
    @created_at, @updated_at, @version)`);
  insert.run(TIMED_V1);
  insert.run(ALL_DAY_V1);
  db.close();
}

function windowOf(start: string, end: string): EventWindow {
  const window = resolveEventWindow(start, end, 'UTC');
  if ('field' in window) throw new Error(window.message);
  return window;
}

describe('the SQLite store’s schema', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens a database written by schema version 1, migrates it to the current version and reads every event back equal', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-migration-'));
    writeVersionOneDatabase(dataDir);
    const store = openSqliteStore({ dataDir });
    try {
      expect(await store.events.get({ tenantId: TENANT, calendarId: CALENDAR, eventId: 'timed' })).toEqual(TIMED_EVENT);
      expect(await store.events.findById({ tenantId: TENANT, eventId: 'all-day' })).toEqual(ALL_DAY_EVENT);
      const window = windowOf('2027-02-10', '2027-02-12');
      expect(await store.events.listInWindow({ tenantId: TENANT, calendarIds: [CALENDAR], window, limit: FEED_EVENTS_MAX })).toEqual([TIMED_EVENT, ALL_DAY_EVENT]);
      // Migration 2 makes single events of the old rows: no rule, and a range that is their own start and end.
      expect(await store.events.listSeriesInWindow({ tenantId: TENANT, calendarIds: [CALENDAR], window })).toEqual([]);
      // A write over a migrated event keeps what it does not change.
      const drafted = normaliseEvent({ ...eventToWrite(TIMED_EVENT), title: 'Renamed' });
      if (!drafted.ok) throw new Error(JSON.stringify(drafted.issues));
      const { draft } = drafted;
      const renamed = await store.events.update({ tenantId: TENANT, calendarId: CALENDAR, eventId: 'timed', draft, actor: { id: 'ada', name: 'Ada Admin' }, expected: 3 });
      expect(renamed).toMatchObject({ ...TIMED_EVENT, title: 'Renamed', extendedProps: { ...TIMED_EVENT.extendedProps, updatedAt: expect.any(String), version: 4 } });
    } finally {
      await store.close();
    }
    const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare("SELECT id FROM events WHERE range_start_ms = start_ms AND range_end_ms = end_ms AND rrule = '' ORDER BY id").all()).toEqual([{ id: 'all-day' }, { id: 'timed' }]);
    db.close();
  });

  it('has a column for every optional field of the event, named after it, so that a field cannot be added without its migration', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-migration-'));
    await openSqliteStore({ dataDir }).close();
    const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const columns = (db.pragma('table_info(events)') as { name: string }[]).map(({ name }) => name);
    db.close();
    expect(OPTIONAL_EVENT_COLUMNS.map(({ key }) => key)).toEqual(EVENT_OPTIONAL_FIELDS.map(({ key }) => key));
    expect(OPTIONAL_EVENT_COLUMNS.map(({ column }) => column)).toEqual([
      'url', 'group_id', 'description', 'location', 'time_zone', 'rrule', 'exdate', 'rdate', 'overrides', 'import_source', 'local_start', 'category_id', 'video', 'online_meeting_url',
    ]);
    for (const { column } of OPTIONAL_EVENT_COLUMNS) expect(columns).toContain(column);
  });

  it('refuses a database newer than this build knows', () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-migration-'));
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openSqliteStore({ dataDir })).toThrow(`newer than this build knows (${MIGRATIONS.length})`);
  });
});

describe('the SQLite store’s history and trash tables (migration 10)', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every column of events in trashed_events, alike, so that an event moves to the trash and back whole', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-migration-'));
    await openSqliteStore({ dataDir }).close();
    const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const columns = (table: string) => (db.pragma(`table_info(${table})`) as { name: string; cid: number }[]).map(({ cid: _cid, ...column }) => column);
    const trashed = columns('trashed_events');
    for (const column of columns('events')) expect(trashed).toContainEqual(column);
    db.close();
  });

  it('starts a new database’s history cursors past those an older one gave out, so that a stale Last-Event-ID is unknown', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-migration-'));
    const older = openSqliteStore({ dataDir, fileName: 'older.db' });
    const actor = { id: 'ada', name: 'Ada Admin' };
    await older.calendars.create({ tenantId: TENANT, actor, input: { name: 'Old', color: '#123456', description: '', editors: [] } });
    const [stale] = await older.history.forCalendar({ tenantId: TENANT, calendarId: (await older.calendars.list({ tenantId: TENANT }))[0]!.id, before: null, limit: 1 });
    await older.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = openSqliteStore({ dataDir, fileName: 'newer.db' });
    try {
      await newer.calendars.create({ tenantId: TENANT, actor, input: { name: 'New', color: '#123456', description: '', editors: [] } });
      expect(await newer.history.since({ tenantId: TENANT, after: stale!.cursor, limit: 10 })).toBeNull();
    } finally {
      await newer.close();
    }
  });
});
