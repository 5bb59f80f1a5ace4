// Each series' occurrences in a window, as feed events, kept by the series' id and version and the window's bounds:
// expanding rules and building their events is most of the feed's cost, and the same windows (this week, this
// month) are asked for over and over.
// A hit is always right, because a series' occurrences depend on nothing but its stored version and the window;
// a write bumps the version, so the old entries are never asked for again and age out.
import { LRUCache } from 'lru-cache';
import type { EventWindow } from '../stores/repository.ts';

/**
 * Occurrences kept, over all entries: the feed's entries hold the events its weeks built (FEED_WEEK_OCCURRENCES_MAX),
 * and keep them alive after their weeks let them go, so the two bounds are one; five month views of 1,000 series.
 */
export const OCCURRENCE_CACHE_SIZE = 25_000;

/** One series' occurrences for one window. */
export interface ExpansionKey {
  /** Entries are shared across requests, never across tenants, whatever their series' ids. */
  tenantId: string;
  seriesId: string;
  version: number;
  window: EventWindow;
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
    get({ tenantId, seriesId, version, window }, expand) {
      // Both of the window's lines: an override can make an occurrence all-day, or timed.
      const key = `${tenantId}/${seriesId}@${version}:${window.fromMs}:${window.toMs}:${window.fromDayMs}:${window.toDayMs}`;
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
