import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PURGE_SLICE_ROWS } from '../../src/api/stores/sqlite/work-slices.ts';
import { openSqliteStore } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { fillExpiredTrash } from '../support/expired-trash.ts';

describe('the SQLite purge, in slices', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-purge-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`lets the event loop turn after each PURGE_SLICE_ROWS (${PURGE_SLICE_ROWS}) rows, and purges every expired row`, async () => {
    const trashed = 2 * PURGE_SLICE_ROWS + 1;
    const events = 3 * PURGE_SLICE_ROWS + 1;
    await fillExpiredTrash(dataDir, { trashed, entries: events });
    const store = openSqliteStore({ dataDir });
    try {
      // Counts the loop's turns while the purge runs: each is a moment another request could have been served.
      let turns = 0;
      let purging = true;
      const turn = () => {
        turns++;
        if (purging) setImmediate(turn);
      };
      setImmediate(turn);
      const purged = await store.purgeExpired(new Date()).finally(() => (purging = false));
      // Every event's created entry and the calendar's.
      const entries = events + 1;
      expect(purged).toEqual({ events: trashed, calendars: 0, entries });
      expect(turns).toBeGreaterThanOrEqual(Math.floor(trashed / PURGE_SLICE_ROWS) + Math.floor(entries / PURGE_SLICE_ROWS));
      expect(await store.purgeExpired(new Date())).toEqual({ events: 0, calendars: 0, entries: 0 });
    } finally {
      await store.close();
    }
  });
});
