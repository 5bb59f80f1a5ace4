import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { configureConnection, SQLITE_CACHE_KB } from '../../src/api/stores/sqlite/sqlite-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite store's connection", () => {
  it(`commits durably through WAL, keeps foreign keys, ${SQLITE_CACHE_KB} KiB of page cache and the size it is given`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'company-calendar-connection-'));
    dirs.push(dir);
    const db = new Database(join(dir, 'test.db'));
    // better-sqlite3's own page cache, which the store does not keep: 16 MiB.
    expect(db.pragma('cache_size', { simple: true })).toBe(-16_000);
    configureConnection(db, 1024 * 1024);
    const read = (name: string) => db.pragma(name, { simple: true });
    expect([read('journal_mode'), read('synchronous'), read('foreign_keys'), read('busy_timeout')]).toEqual(['wal', 2, 1, 5000]);
    expect(read('cache_size')).toBe(-SQLITE_CACHE_KB);
    expect(read('max_page_count')).toBe((1024 * 1024) / (read('page_size') as number));
    db.close();
  });
});
