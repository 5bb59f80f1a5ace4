import { statfsSync } from 'node:fs';
import { StoreFullError } from './stores/repository.ts';

/**
 * What start-up asks to be freed on a full disk: room for the WAL between checkpoints (1,000 pages, about 4 MB), a
 * migration's copy of a table, and the first days of writes, with margin.
 */
export const START_FREE_SPACE_MIN_BYTES = 64 * 1024 * 1024;

const KB = 1024;
const MB = KB * KB;
const megabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
const kilobytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
/** A size as a person reads it: kB below a megabyte. */
const size = (bytes: number) => (bytes < MB ? kilobytes.format(bytes / KB) : megabytes.format(bytes / MB));

/** What the file system holding `dir` has left for this process, in bytes. */
export function freeBytes(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}

/**
 * The one line start-up prints when it failed for want of space (the store's StoreFullError, or a file the server
 * writes refused with ENOSPC): what to free, and where. Null for any other failure.
 */
export function noSpaceToStart(error: unknown, { dataDir, maxSizeBytes }: { dataDir: string; maxSizeBytes?: number }): string | null {
  if (!(error instanceof StoreFullError) && (error as { code?: unknown } | null)?.code !== 'ENOSPC') return null;
  const free = freeBytes(dataDir);
  if (maxSizeBytes !== undefined && free >= START_FREE_SPACE_MIN_BYTES) {
    return `Company Calendar cannot start: the database in ${dataDir} has reached SQLITE_MAX_SIZE_MB (${size(maxSizeBytes)}). Raise it, or move the data to a larger disk, and start again.`;
  }
  return (
    `Company Calendar cannot start: the disk holding DATA_DIR (${dataDir}) is full, ${size(free)} free. ` +
    `Free at least ${size(START_FREE_SPACE_MIN_BYTES)} there and start again.`
  );
}
