// Each series' occurrences in a window, kept by the series' id and version and the window's bounds: expanding a
// rule is most of the feed's cost, and the same windows (this week, this month) are asked for over and over.
// A hit is always right, because a series' occurrences depend on nothing but its stored version and the window;
// a write bumps the version, so the old entries are never asked for again and age out.
import { LRUCache } from 'lru-cache';

/** Occurrences kept, over all entries: about 15 MB, several month views of a busy organisation. */
export const OCCURRENCE_CACHE_SIZE = 100_000;

/** One series' expansion for one window on the stores' line (instants, or UTC-midnight days for all-day series). */
export interface ExpansionKey {
  seriesId: string;
  version: number;
  fromMs: number;
  toMs: number;
}

export interface OccurrenceCache<E extends { occurrences: readonly unknown[] }> {
  /** The cached expansion for the key, or `expand()`'s, kept for next time. */
  get(key: ExpansionKey, expand: () => E): E;
  clear(): void;
}

/** A least-recently-used cache of expansions, bounded by their occurrences in all (an empty one counts as one). */
export function createOccurrenceCache<E extends { occurrences: readonly unknown[] }>(maxOccurrences = OCCURRENCE_CACHE_SIZE): OccurrenceCache<E> {
  const cache = new LRUCache<string, E>({ maxSize: maxOccurrences, sizeCalculation: (expansion) => Math.max(1, expansion.occurrences.length) });
  return {
    get({ seriesId, version, fromMs, toMs }, expand) {
      const key = `${seriesId}@${version}:${fromMs}:${toMs}`;
      let expansion = cache.get(key);
      if (expansion === undefined) {
        expansion = expand();
        cache.set(key, expansion);
      }
      return expansion;
    },
    clear: () => cache.clear(),
  };
}
