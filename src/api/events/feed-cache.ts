// The feed's serialised bodies, kept by what they depend on and the tenant's change version they were read under:
// rebuilding, serialising and compressing the same body for every request was most of the feed's cost. A body is
// served only while the tenant's version is still the one it was read under, and versions never repeat, so a hit is
// never older than the last acknowledged write (see ChangeVersions in stores/repository.ts).
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { EventWindow } from '../stores/repository.ts';

/**
 * The most bytes the cached bodies hold in all, their compressed copies included: memory under load is bounded. With
 * the exports' cache (ICS_EXPORT_CACHE_BYTES) it must fit in FEED_LOAD_RSS_MAX_MB beside an idle server (about
 * 135 MB then; 116 MB run from the bundle) and the heap a mixed load works in: at 32 MiB the soak bench's server
 * went past it.
 */
export const FEED_CACHE_BYTES = 16 * 1024 * 1024;
/**
 * Brotli's quality for a cached body. Made once per change version, not per request, yet a miss follows every write:
 * measured on 457 kB of feed JSON (580 events), 4 gives 60 kB in 5 ms of CPU; 6 is no smaller in 14 ms; 11 gives
 * 52 kB in about 600 ms.
 */
export const FEED_BROTLI_QUALITY = 4;

/** Tenants whose latest version the cache remembers, to drop their older bodies when it moves. */
const FEED_CACHE_TENANTS_TRACKED = 1_000;

export type FeedEncoding = 'br' | 'gzip';

/** A cached body compressed once for an encoding: the feed's, and the iCalendar exports' (ical-export-service.ts). */
export const compressors: Record<FeedEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: FEED_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body),
};

/** One cached body: its JSON, and each encoding once a request has asked for it. Never changed: a new encoding is a new entry. */
interface FeedEntry {
  version: string;
  /** feedTag(key, version), worked out once per entry rather than hashed again for every request. */
  tag: string;
  json: Buffer;
  encoded: Partial<Record<FeedEncoding, Buffer>>;
}

/** Everything a feed's body depends on besides the store's data: the tenant, the calendars asked for, and the window. */
export interface FeedKey {
  tenantId: string;
  /** As asked (any order, repeats allowed), or undefined for all the tenant's calendars. */
  calendarIds: readonly string[] | undefined;
  /** The viewer's zone matters only through the window's bounds: series expand in their own zones. */
  window: EventWindow;
}

export interface FeedCacheStats {
  hits: number;
  misses: number;
  /** What the entries hold now, in bytes, and at most. */
  bytes: number;
  maxBytes: number;
}

/** A body as served: its JSON, and its compressed copies, each made once per cached entry. */
export interface FeedBody {
  json: Buffer;
  encoded(encoding: FeedEncoding): Promise<Buffer>;
}

/** A feed as the cache knows it under one version: its ETag at once, its body when asked. */
export interface CachedFeed {
  /** Unquoted, without an encoding; the same for as long as the tenant's data and the query stay the same. */
  tag: string;
  /** The cached body, or build()'s, kept for later. */
  body(): Promise<FeedBody>;
}

export interface FeedCache {
  /** The feed for the key under this version: one look-up of the cache, whatever the request goes on to ask. */
  feed(key: string, version: string, build: () => Promise<string>): CachedFeed;
  stats(): FeedCacheStats;
}

// Windows and parsed calendar lists are shared frozen objects, one per distinct query: each one's text is made once.
const texts = new WeakMap<object, string>();

function textOf<T extends object>(value: T, write: (value: T) => string): string {
  // What may still change is written every time.
  if (!Object.isFrozen(value)) return write(value);
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = write(value)));
  return text;
}

const calendarsText = (calendarIds: readonly string[]) => JSON.stringify([...new Set(calendarIds)].sort());
const windowText = (window: EventWindow) => `${window.fromMs},${window.toMs},${window.fromDayMs},${window.toDayMs}`;

/** The key's text: calendars sorted and without repeats, "*" for all of them. */
export function feedKeyText({ tenantId, calendarIds, window }: FeedKey): string {
  const calendars = calendarIds ? textOf(calendarIds, calendarsText) : '*';
  return `${tenantId}\n${calendars}\n${textOf(window, windowText)}`;
}

/**
 * Salts every feed ETag of this process: a browser's tag from another instance, or from before a restart (perhaps
 * other code, with another shape of body), gets the body again rather than a 304 onto what it holds.
 */
const PROCESS_SALT = randomBytes(12).toString('base64url');

/** The feed's ETag, unquoted and without an encoding: a digest of the key and the version, never of tenant data. */
export function feedTag(key: string, version: string): string {
  return createHash('sha256').update(`${PROCESS_SALT}\n${key}\n${version}`).digest('base64url').slice(0, 27);
}

const entryBytes = (key: string, entry: FeedEntry) =>
  key.length + entry.json.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

/** A least-recently-used cache of feed bodies, bounded by their bytes; one entry per key, its latest version. */
export function createFeedCache(maxBytes = FEED_CACHE_BYTES): FeedCache {
  // An entry bigger than the bound is not kept; lru-cache drops it at once.
  const entries = new LRUCache<string, FeedEntry>({ maxSize: maxBytes, sizeCalculation: (entry, key) => entryBytes(key, entry) });
  // The version each tenant's entries were last stored under; a tenant forgotten here costs one needless look.
  const tenantVersions = new LRUCache<string, string>({ max: FEED_CACHE_TENANTS_TRACKED });
  let hits = 0;
  let misses = 0;

  /** The entry under this version, if the cache still holds it. */
  const current = (key: string, version: string) => {
    const entry = entries.get(key);
    return entry?.version === version ? entry : undefined;
  };

  /** The body compressed: made now and kept with the entry if the cache still holds it (perhaps another request's by now). */
  async function encode(key: string, entry: FeedEntry, encoding: FeedEncoding): Promise<Buffer> {
    const ready = current(key, entry.version)?.encoded[encoding];
    if (ready) return ready;
    const made = await compressors[encoding](entry.json);
    // Set anew, so that the bound counts the copy.
    const latest = current(key, entry.version);
    if (latest) entries.set(key, { ...latest, encoded: { ...latest.encoded, [encoding]: made } });
    return made;
  }

  const served = (key: string, entry: FeedEntry): FeedBody => ({
    json: entry.json,
    encoded: async (encoding) => entry.encoded[encoding] ?? encode(key, entry, encoding),
  });

  async function built(key: string, version: string, tag: string, build: () => Promise<string>): Promise<FeedBody> {
    misses++;
    const entry: FeedEntry = { version, tag, json: Buffer.from(await build()), encoded: {} };
    // A slower reader of an older version may land after a newer one: harmless, as entries serve their version only.
    dropOtherVersions(key, version);
    entries.set(key, entry);
    return served(key, entry);
  }

  /**
   * Drops the key's tenant's entries under any other version, once per version. Versions never repeat, so once a
   * tenant's data has moved on its older bodies can never be served again: under steady writes they would otherwise
   * fill the bound with bodies nobody can get (most of it, in the soak bench) until the LRU aged them out.
   */
  function dropOtherVersions(key: string, version: string): void {
    const tenant = key.slice(0, key.indexOf('\n') + 1);
    if (tenantVersions.get(tenant) === version) return;
    tenantVersions.set(tenant, version);
    const stale = [...entries.entries()].filter(([other, entry]) => entry.version !== version && other.startsWith(tenant));
    for (const [other] of stale) entries.delete(other);
  }

  return {
    feed(key, version, build) {
      const entry = current(key, version);
      if (!entry) {
        const tag = feedTag(key, version);
        return { tag, body: () => built(key, version, tag, build) };
      }
      return {
        tag: entry.tag,
        body: async () => {
          hits++;
          return served(key, entry);
        },
      };
    },

    stats: () => ({ hits, misses, bytes: entries.calculatedSize, maxBytes }),
  };
}
