import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';

/**
 * The most rows one slice of the expiry purge deletes, in one transaction of its own, before the event loop turns.
 * Measured with 20k trashed events and 28k entries: 12 ms a slice (median; up to 200 ms on a busy 2-core machine,
 * when a commit's fsync waits), where the whole purge in one go kept every request waiting 0.4–1 s. Smaller slices
 * cost a commit's fsync each for little less waiting.
 */
export const PURGE_SLICE_ROWS = 500;

/**
 * Runs `slice` (which deletes at most the rows it is given and says how many it deleted) in immediate transactions
 * until one deletes fewer, letting the event loop serve others between them; says how many were deleted in all. Each
 * slice commits alone: rows past their keeping are independent, and a purge cut short is finished by the next.
 */
export async function purgeInSlices(db: Database.Database, slice: (rows: number) => number): Promise<number> {
  let total = 0;
  for (;;) {
    const purged = db.transaction(() => slice(PURGE_SLICE_ROWS)).immediate();
    total += purged;
    if (purged < PURGE_SLICE_ROWS) return total;
    await nextTurn();
  }
}
