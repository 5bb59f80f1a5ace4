import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalCommitWatch } from '../../src/api/stores/sqlite/wal-commit-watch.ts';

describe('the WAL commit watch', () => {
  let dir: string;
  const closing: { close(): void }[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'company-calendar-wal-watch-'));
  });
  afterEach(() => {
    for (const one of closing.splice(0)) one.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function walDatabase(file: string): Database.Database {
    const db = new Database(file);
    closing.push(db);
    db.pragma('journal_mode = WAL');
    return db;
  }

  function watch(file: string): WalCommitWatch {
    const commits = new WalCommitWatch(file);
    closing.unshift(commits);
    return commits;
  }

  it('sees every commit, from its own connection or another, and nothing else', () => {
    const file = join(dir, 'watched.db');
    const db = walDatabase(file);
    db.exec('CREATE TABLE t (n INTEGER)');
    const commits = watch(file);
    expect(commits.unchangedSinceLastLook()).toBe(false);
    expect(commits.unchangedSinceLastLook()).toBe(true);
    db.prepare('SELECT count(*) FROM t').get();
    expect(commits.unchangedSinceLastLook()).toBe(true);

    const other = walDatabase(file);
    for (const connection of [other, db, other]) {
      connection.prepare('INSERT INTO t VALUES (1)').run();
      expect(commits.unchangedSinceLastLook()).toBe(false);
      expect(commits.unchangedSinceLastLook()).toBe(true);
    }
    // A transaction rolled back commits nothing.
    expect(() => other.transaction(() => {
      other.prepare('INSERT INTO t VALUES (2)').run();
      throw new Error('rolled back');
    })()).toThrow('rolled back');
    expect(commits.unchangedSinceLastLook()).toBe(true);
  });

  it('says "changed" at every look when the database has no WAL-index', () => {
    const file = join(dir, 'rollback-journal.db');
    const db = new Database(file);
    closing.push(db);
    db.exec('CREATE TABLE t (n INTEGER)');
    const commits = watch(file);
    expect([commits.unchangedSinceLastLook(), commits.unchangedSinceLastLook()]).toEqual([false, false]);
  });

  it('says "changed" while the two copies of the header differ, as they do while a writer rewrites them', () => {
    const file = join(dir, 'torn.db');
    const header = Buffer.alloc(48, 7);
    writeFileSync(`${file}-shm`, Buffer.concat([header, Buffer.alloc(48, 8), Buffer.alloc(40)]));
    const commits = watch(file);
    expect([commits.unchangedSinceLastLook(), commits.unchangedSinceLastLook()]).toEqual([false, false]);
    writeFileSync(`${file}-shm`, Buffer.concat([header, header, Buffer.alloc(40)]));
    expect([commits.unchangedSinceLastLook(), commits.unchangedSinceLastLook()]).toEqual([false, true]);
  });
});
