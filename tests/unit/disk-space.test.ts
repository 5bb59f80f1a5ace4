import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { noSpaceToStart } from '../../src/api/disk-space.ts';
import { StoreFullError } from '../../src/api/stores/repository.ts';
import { openSqliteStore } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { isOutOfSpace } from '../../src/api/stores/sqlite/storage-space.ts';

// The start-up line from real failures: a store whose cap its migrations outgrow, and a write the kernel refuses
// with ENOSPC (/dev/full). The process itself on a full tmpfs: tests/security/sqlite-only/disk-full.api.test.ts.
describe('the one line a start without space prints', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-space-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names SQLITE_MAX_SIZE_MB when the database reached its cap on a disk with room', () => {
    const maxSizeBytes = 16 * 1024;
    let failure: unknown;
    try {
      openSqliteStore({ dataDir, maxSizeBytes });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(StoreFullError);
    expect(noSpaceToStart(failure, { dataDir, maxSizeBytes })).toBe(
      `Company Calendar cannot start: the database in ${dataDir} has reached SQLITE_MAX_SIZE_MB (16 kB). Raise it, or move the data to a larger disk, and start again.`,
    );
  });

  it('says what to free, and where, when a file write is refused for want of space', () => {
    let failure: unknown;
    try {
      writeFileSync('/dev/full', 'the development signing key');
    } catch (error) {
      failure = error;
    }
    expect(noSpaceToStart(failure, { dataDir })).toMatch(new RegExp(`^Company Calendar cannot start: the disk holding DATA_DIR \\(${dataDir}\\) is full, .+ free\\. Free at least 64 MB there and start again\\.$`));
  });

  it('leaves every other failure to be reported as it is', () => {
    expect(noSpaceToStart(new Error('EACCES: permission denied'), { dataDir })).toBeNull();
    expect(noSpaceToStart(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }), { dataDir })).toBeNull();
  });
});

describe('what the SQLite store counts as no room', () => {
  const dataDir = tmpdir();
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it('takes SQLite\'s and the kernel\'s "full" at their word', () => {
    expect(isOutOfSpace(failure('SQLITE_FULL'), dataDir)).toBe(true);
    expect(isOutOfSpace(failure('ENOSPC'), dataDir)).toBe(true);
  });

  it('counts an I/O error as a full disk only when the disk has no room: here it has, so it is an I/O error', () => {
    expect(isOutOfSpace(failure('SQLITE_IOERR_WRITE'), dataDir)).toBe(false);
    expect(isOutOfSpace(failure('SQLITE_BUSY'), dataDir)).toBe(false);
    expect(isOutOfSpace(new Error('no code'), dataDir)).toBe(false);
  });
});
