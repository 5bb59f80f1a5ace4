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
 * Runs `slice` (which works on at most the rows it is given and says how many it did) in immediate transactions until
 * one does fewer, letting the event loop serve others between them; says how many were done in all. Each slice
 * commits alone, so the work must be made of independent rows: work cut short is finished by the next run.
 */
export async function workInSlices(db: Database.Database, sliceRows: number, slice: (rows: number) => number): Promise<number> {
  let total = 0;
  for (;;) {
    const done = db.transaction(() => slice(sliceRows)).immediate();
    total += done;
    if (done < sliceRows) return total;
    await nextTurn();
  }
}

/** Deletes in slices of PURGE_SLICE_ROWS (see workInSlices). */
export const purgeInSlices = (db: Database.Database, slice: (rows: number) => number): Promise<number> => workInSlices(db, PURGE_SLICE_ROWS, slice);
