import type Database from 'better-sqlite3';
import { setImmediate } from 'node:timers/promises';
import type { CalendarEvent, EventDraft } from '../../../shared/event-schema.ts';
import { searchTextOf, termLength } from '../../content/search-text.ts';
import { workInSlices } from './work-slices.ts';
import type { SearchKey, SearchMatch, SearchRepository } from '../repository.ts';

/** The trigram index matches a term of at least this many characters; shorter ones are looked for in the text itself. */
export const TRIGRAM_TERM_MIN = 3;

/**
 * The most texts one slice of deferred indexing (migration 12) adds to the trigram index, in a transaction of its
 * own, before the event loop turns. Measured with 2,000 events of 2 kB descriptions (4 MB) on a 2-core machine: the
 * batch's transaction took 350–375 ms with its texts indexed in it, and 130–160 ms without, then 20 slices of about
 * 7 ms each.
 */
export const SEARCH_INDEX_SLICE_ROWS = 100;

/** What a store's writes do with the trigram index of their texts. */
export interface SearchIndexer {
  /** Runs a batch's transaction with its texts' indexing left for afterwards: listed, and found by search meanwhile. */
  deferring<T>(write: () => T): T;
  /** Indexes every listed text, a slice at a time, the event loop turning between slices; resolves when none is left. */
  indexPending(): Promise<void>;
}

/**
 * The SQL functions the search triggers (migrations 7 and 12) call: every connection that writes events must have
 * them, or the write fails with "no such function" (never silently unindexed). search_deferred() is true only inside
 * the indexer's `deferring`.
 */
export function registerSearchFunctions(db: Database.Database): SearchIndexer {
  let deferred = false;
  db.function('search_text', { deterministic: true }, (title, location, description) => {
    const [t, l, d] = [String(title ?? ''), String(location ?? ''), String(description ?? '')];
    return workedOutAhead.get(searchKey(t, l, d)) ?? searchTextOf(t, l, d);
  });
  db.function('search_deferred', { deterministic: false }, () => (deferred ? 1 : 0));
  return {
    deferring(write) {
      deferred = true;
      try {
        return write();
      } finally {
        deferred = false;
      }
    },
    indexPending: () => workInSlices(db, SEARCH_INDEX_SLICE_ROWS, indexSlice(db)).then(() => undefined),
  };
}

/** One slice of deferred indexing: the oldest listed texts into the index, and off the list. */
function indexSlice(db: Database.Database): (rows: number) => number {
  const oldest = 'SELECT id FROM event_search_pending ORDER BY id LIMIT @rows';
  const index = db.prepare(`INSERT INTO event_search (rowid, text) SELECT id, text FROM event_search_text WHERE id IN (${oldest})`);
  const unlist = db.prepare(`DELETE FROM event_search_pending WHERE id IN (${oldest})`);
  return (rows) => {
    index.run({ rows });
    return unlist.run({ rows }).changes;
  };
}

/** Search texts a batch worked out before its transaction, by what they are made of, for the triggers to take. */
const workedOutAhead = new Map<string, string>();
const searchKey = (title: string, location: string, description: string) => `${title}\0${location}\0${description}`;

/**
 * Works out the search texts of a batch's events before its transaction, the event loop turning between them, and
 * gives back what forgets them: inside the transaction, converting thousands of descriptions to text (about a third
 * of a 2,000-event import's write) kept every other request waiting.
 */
export async function searchTextsAhead(drafts: readonly Pick<EventDraft, 'title' | 'location' | 'description'>[]): Promise<() => void> {
  const keys: string[] = [];
  for (const { title, location, description } of drafts) {
    const key = searchKey(title, location, description);
    if (workedOutAhead.has(key)) continue;
    workedOutAhead.set(key, searchTextOf(title, location, description));
    keys.push(key);
    await setImmediate();
  }
  return () => {
    for (const key of keys) workedOutAhead.delete(key);
  };
}

/** An FTS5 query asking for every term as a substring: each one quoted, its quotes doubled. */
const ftsQuery = (terms: readonly string[]) => terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');

/**
 * What a statement's text depends on: which query, how many terms its rows are found by in the index (0: none), whether
 * categories filter, how many terms it checks in the text.
 */
interface Shape {
  kind: 'singles' | 'series';
  indexed: number;
  categories: boolean;
  checked: number;
}

/** The filters every shape shares: calendars and categories as JSON lists (read once), and each checked term by instr. */
function filters({ categories, checked }: Shape): string {
  const clauses = ['e.calendar_id IN (SELECT value FROM json_each(@calendars))'];
  if (categories) clauses.push('e.category_id IN (SELECT value FROM json_each(@categories))');
  for (let i = 0; i < checked; i++) clauses.push(`instr(t.text, @term${i}) > 0`);
  return clauses.join(' AND ');
}

/**
 * Single events: through the trigram index when a term is long enough for it (short terms then checked in the text),
 * else over every text of the tenant; in start order, after the page's key. Series: the tenant's series by range (the
 * series index), every term checked in their text, since they are few.
 */
function statementText(shape: Shape): string {
  if (shape.kind === 'series') {
    return `SELECT e.* FROM events e JOIN event_search_text t ON t.tenant_id = e.tenant_id AND t.event_id = e.id
      WHERE e.tenant_id = @tenant AND e.rrule != '' AND e.range_end_ms > @from AND e.range_start_ms < @to AND ${filters(shape)}`;
  }
  const events = 'JOIN events e ON e.tenant_id = t.tenant_id AND e.id = t.event_id';
  // CROSS JOIN keeps the texts the outer loop: read by tenant, only the events whose text holds the terms are read (the
  // planner would rather walk every event of the calendars and look up each one's text, six times slower at 100k).
  const from = shape.indexed ? `${indexedIds(shape.indexed)} JOIN event_search_text t ON t.id = m.id ${events}` : `event_search_text t CROSS ${events}`;
  return `SELECT e.* FROM ${from} WHERE t.tenant_id = @tenant AND e.rrule = ''
    AND e.end_ms > @from AND e.start_ms < @to AND ${filters(shape)}
    AND (e.start_ms > @afterStart OR (e.start_ms = @afterStart AND e.id > @afterId))
    ORDER BY e.start_ms, e.id LIMIT @limit`;
}

/** The texts holding every indexed term: the index's matches, and the listed texts not indexed yet that hold them. */
function indexedIds(terms: number): string {
  const held = Array.from({ length: terms }, (_, i) => `instr(p.text, @long${i}) > 0`).join(' AND ');
  return `(SELECT rowid AS id FROM event_search WHERE event_search MATCH @match
    UNION ALL SELECT p.id FROM event_search_pending l JOIN event_search_text p ON p.id = l.id WHERE ${held}) m`;
}

type Values = Record<string, string | number>;

/** The values every shape names: lists as JSON, open range ends as the line's ends, each checked term by number. */
function valuesOf({ tenantId, calendarIds, categoryIds, fromMs, toMs }: SearchMatch, checked: readonly string[]): Values {
  const values: Values = { tenant: tenantId, calendars: JSON.stringify(calendarIds), from: fromMs ?? Number.MIN_SAFE_INTEGER, to: toMs ?? Number.MAX_SAFE_INTEGER };
  if (categoryIds) values.categories = JSON.stringify(categoryIds);
  checked.forEach((term, i) => (values[`term${i}`] = term));
  return values;
}

/**
 * Search over the trigram index of each event's folded text (migration 7; without hyphens and spaces since migration
 * 15, which worked out every text again), which triggers keep in step with every
 * write of the events table in the write's own transaction, less a batch's texts listed for indexing after it
 * (migration 12), which are checked directly. A term of one or two characters cannot use the index:
 * it is checked in the folded text, and a query of such terms only reads every text of the tenant (the bench's
 * "two characters" figure says what that costs). Statements are prepared once per shape.
 */
export class SqliteSearchRepository<Row> implements SearchRepository {
  private readonly db: Database.Database;
  private readonly toEvent: (row: Row) => CalendarEvent;
  private readonly statements = new Map<string, Database.Statement<[Values], Row>>();

  /** toEvent: the event of an events row, as the store reads every other. */
  constructor(db: Database.Database, toEvent: (row: Row) => CalendarEvent) {
    this.db = db;
    this.toEvent = toEvent;
  }

  async findEvents(params: SearchMatch & { after: SearchKey | null; limit: number }): Promise<CalendarEvent[]> {
    if (params.calendarIds.length === 0) return [];
    const long = params.terms.filter((term) => termLength(term) >= TRIGRAM_TERM_MIN);
    const short = params.terms.filter((term) => termLength(term) < TRIGRAM_TERM_MIN);
    const values = valuesOf(params, short);
    if (long.length > 0) values.match = ftsQuery(long);
    long.forEach((term, i) => (values[`long${i}`] = term));
    Object.assign(values, { afterStart: params.after?.startMs ?? Number.MIN_SAFE_INTEGER, afterId: params.after?.id ?? '', limit: params.limit });
    const shape: Shape = { kind: 'singles', indexed: long.length, categories: params.categoryIds !== undefined, checked: short.length };
    return this.statement(shape).all(values).map(this.toEvent);
  }

  async findSeries(params: SearchMatch): Promise<CalendarEvent[]> {
    if (params.calendarIds.length === 0) return [];
    const shape: Shape = { kind: 'series', indexed: 0, categories: params.categoryIds !== undefined, checked: params.terms.length };
    return this.statement(shape).all(valuesOf(params, params.terms)).map(this.toEvent);
  }

  /** At most SEARCH_QUERY_MAX / 2 terms (one character and a space each) make the shapes a small, bounded set. */
  private statement(shape: Shape): Database.Statement<[Values], Row> {
    const key = `${shape.kind}/${shape.indexed}/${shape.categories}/${shape.checked}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare<[Values], Row>(statementText(shape));
      this.statements.set(key, statement);
    }
    return statement;
  }
}
