// How each store's index of events' words comes to hold the events written before it existed, and stays whole.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CosmosClient } from '@azure/cosmos';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { richTextToPlain } from '../../src/api/content/sanitise-html.ts';
import { foldForSearch, searchTerms } from '../../src/api/content/search-text.ts';
import { SEARCH_TEXT_VERSION } from '../../src/api/stores/cosmos/cosmos-event-docs.ts';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import { searchEventsQuery, searchSeriesQuery } from '../../src/api/stores/cosmos/cosmos-queries.ts';
import { eventRecord, type SearchMatch, type Store } from '../../src/api/stores/repository.ts';
import { MIGRATIONS } from '../../src/api/stores/sqlite/migrations.ts';
import { SEARCH_INDEX_SLICE_ROWS } from '../../src/api/stores/sqlite/sqlite-search.ts';
import { EVENT_COLUMNS, openSqliteStore, SQLITE_FILE_NAME, toEventRow } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { cosmosOptions } from './store-factories.ts';

const TENANT = 'tenant-index';
const ACTOR = { id: 'tester', name: 'Tester' };

function draft(title: string, description = ''): EventDraft {
  const result = normaliseEvent({ title, start: '2027-06-01T09:00:00Z', extendedProps: { description } });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const matchIn = (calendarId: string, query: string): SearchMatch & { after: null; limit: number } => ({
  tenantId: TENANT,
  terms: searchTerms(query),
  calendarIds: [calendarId],
  after: null,
  limit: 10,
});

const found = async (store: Store, calendarId: string, query: string) => (await store.search.findEvents(matchIn(calendarId, query))).map((event) => event.title);

describe('the SQLite store’s search index', () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A file as the build before search left it (schema version 6), with one calendar and one event. */
  function writeVersionSixDatabase(): void {
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    for (const migration of MIGRATIONS.slice(0, 6)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma('user_version = 6');
    db.prepare(`INSERT INTO calendars (tenant_id, id, name, color, description, editors, created_at, updated_at, version) VALUES (?, 'old', 'Old', '#000000', '', '[]', '', '', 1)`).run(TENANT);
    const now = new Date().toISOString();
    const record = eventRecord({ id: 'kept', calendarId: 'old', draft: draft('Archived offsite', '<p>Bring <em>hiking</em> boots</p>'), authorship: { createdBy: ACTOR, updatedBy: ACTOR, createdAt: now, updatedAt: now }, version: 1 });
    // Only the columns version 6 had: later migrations add more (import_source in 9).
    const existing = new Set((db.prepare('PRAGMA table_info(events)').all() as { name: string }[]).map((column) => column.name));
    const columns = EVENT_COLUMNS.filter((column) => existing.has(column));
    const row = Object.fromEntries(Object.entries(toEventRow(TENANT, record)).filter(([column]) => existing.has(column)));
    db.prepare(`INSERT INTO events (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(row);
    db.close();
  }

  const integrityCheck = (db: Database.Database) => db.prepare(`INSERT INTO event_search (event_search) VALUES ('integrity-check')`).run();

  it('indexes the events a database held before search, when this build opens it', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-search-'));
    writeVersionSixDatabase();
    const store = openSqliteStore({ dataDir });
    try {
      expect(await found(store, 'old', 'offsite')).toEqual(['Archived offsite']);
      expect(await found(store, 'old', 'hiking boots')).toEqual(['Archived offsite']);
      expect(await found(store, 'old', 'em')).toEqual([]);
    } finally {
      await store.close();
    }
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    expect(() => integrityCheck(db)).not.toThrow();
    db.close();
  });

  /** A file as the build before issue 28 left it (schema version 14): its texts kept hyphens and spaces. */
  function writeVersionFourteenDatabase(): void {
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    db.function('search_text', { deterministic: true }, (title, location, description) =>
      foldForSearch(`${String(title)}\n${String(location)}\n${richTextToPlain(String(description))}`),
    );
    db.function('search_deferred', { deterministic: false }, () => 0);
    for (const migration of MIGRATIONS.slice(0, 14)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma('user_version = 14');
    db.prepare(`INSERT INTO calendars (tenant_id, id, name, color, description, editors, created_at, updated_at, version) VALUES (?, 'old', 'Old', '#000000', '', '[]', '', '', 1)`).run(TENANT);
    const now = new Date().toISOString();
    for (const [id, title] of [['a', 'Design stand-up'], ['b', 'Sales stand up']] as const) {
      const record = eventRecord({ id, calendarId: 'old', draft: draft(title, '<ul><li>Quokka notes</li></ul>'), authorship: { createdBy: ACTOR, updatedBy: ACTOR, createdAt: now, updatedAt: now }, version: 1 });
      db.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((column) => `@${column}`).join(', ')})`).run(toEventRow(TENANT, record));
    }
    expect(db.prepare(`SELECT text FROM event_search_text ORDER BY event_id`).pluck().all()).toEqual(['design stand-up\n\nquokka notes', 'sales stand up\n\nquokka notes']);
    db.close();
  }

  it('works out and indexes every text again when this build opens a file of the build before (migration 15)', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-search-'));
    writeVersionFourteenDatabase();
    const store = openSqliteStore({ dataDir });
    try {
      // Found from the start: listed texts are checked directly while the slices index them.
      expect(await found(store, 'old', 'standup')).toEqual(['Design stand-up', 'Sales stand up']);
    } finally {
      await store.close();
    }
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    expect(db.prepare(`SELECT text FROM event_search_text ORDER BY event_id`).pluck().all()).toEqual(['designstandup\n\nquokkanotes', 'salesstandup\n\nquokkanotes']);
    expect(db.prepare('SELECT COUNT(*) FROM event_search_pending').pluck().get()).toBe(0);
    expect(db.prepare(`SELECT COUNT(*) FROM event_search WHERE event_search MATCH '"standup"'`).pluck().get()).toBe(2);
    expect(db.prepare(`SELECT COUNT(*) FROM event_search WHERE event_search MATCH '"stand up"'`).pluck().get()).toBe(0);
    expect(() => integrityCheck(db)).not.toThrow();
    db.close();
  });

  it('drops the words of a calendar’s events when the foreign key cascades its delete, and stays whole', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-search-'));
    const store = openSqliteStore({ dataDir });
    const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: { name: 'Cascade', color: '#000000', description: '', editors: [] } });
    await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Cascading quokka'), actor: ACTOR });
    await store.close();
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    db.pragma('foreign_keys = ON');
    const texts = db.prepare<[string], number>('SELECT COUNT(*) FROM event_search_text WHERE tenant_id = ?').pluck();
    expect(texts.get(TENANT)).toBe(1);
    db.prepare('DELETE FROM calendars WHERE tenant_id = ? AND id = ?').run(TENANT, calendar.id);
    expect(texts.get(TENANT)).toBe(0);
    expect(db.prepare(`SELECT COUNT(*) FROM event_search WHERE event_search MATCH '"quokka"'`).pluck().get()).toBe(0);
    expect(() => integrityCheck(db)).not.toThrow();
    db.close();
  });

  /** A new store with one calendar, and a batch of `count` events whose descriptions each hold a word of their own. */
  async function storeWithBatch(count: number) {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-search-'));
    const store = openSqliteStore({ dataDir });
    const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: { name: 'Imports', color: '#000000', description: '', editors: [] } });
    const creates = Array.from({ length: count }, (_, i) => ({ ...draft(`Imported ${i}`, `<p>Agenda for quokka${i}x</p>`), importSource: { uid: `uid-${i}`, sequence: 0, modified: '' } }));
    const write = () => store.events.writeBatch({ tenantId: TENANT, calendarId: calendar.id, actor: ACTOR, creates, updates: [] });
    return { store, calendarId: calendar.id, write };
  }

  it(`indexes a batch’s texts after its commit, SEARCH_INDEX_SLICE_ROWS (${SEARCH_INDEX_SLICE_ROWS}) at a time, and search finds them meanwhile`, async () => {
    const count = 3 * SEARCH_INDEX_SLICE_ROWS + 1;
    const { store, calendarId, write } = await storeWithBatch(count);
    const reader = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const listed = reader.prepare<[], number>('SELECT COUNT(*) FROM event_search_pending').pluck();
    try {
      // At each turn of the loop while the batch is written: how many texts are listed, and whether search found the
      // newest one (listed last, so indexed last) then.
      const seen: { listed: number; found: boolean }[] = [];
      let writing = true;
      const watch = async () => {
        while (writing) {
          const now = listed.get()!;
          if (now > 0) seen.push({ listed: now, found: (await found(store, calendarId, `quokka${count - 1}x`)).length === 1 });
          await new Promise(setImmediate);
        }
      };
      const watching = watch();
      await write().finally(() => (writing = false));
      await watching;
      // The first slice runs with the commit, in the same turn; the loop turns after each.
      expect(new Set(seen.map((turn) => turn.listed))).toEqual(new Set([count - SEARCH_INDEX_SLICE_ROWS, count - 2 * SEARCH_INDEX_SLICE_ROWS, 1]));
      expect(seen.every((turn) => turn.found)).toBe(true);
      expect(listed.get()).toBe(0);
      expect(reader.prepare(`SELECT COUNT(*) FROM event_search WHERE event_search MATCH '"quokka"'`).pluck().get()).toBe(count);
      expect(await found(store, calendarId, `quokka${count - 1}x`)).toEqual([`Imported ${count - 1}`]);
    } finally {
      reader.close();
      await store.close();
    }
  });

  it('indexes texts a stop left listed when it opens, and leaves the index whole through updates and deletes of listed texts', async () => {
    const count = 2 * SEARCH_INDEX_SLICE_ROWS;
    const { store, calendarId, write } = await storeWithBatch(count);
    const events = await write();
    await store.close();
    // As a stop between a batch's commit and its indexing leaves the file: every text listed, none in the index.
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    db.exec(`INSERT INTO event_search (event_search, rowid, text) SELECT 'delete', id, text FROM event_search_text;
      INSERT INTO event_search_pending (id) SELECT id FROM event_search_text`);
    db.close();
    const reopened = openSqliteStore({ dataDir });
    try {
      // Opening indexes the first slice before anything else runs; these land on texts still listed.
      const [renamed, deleted] = [events.at(-1)!, events.at(-2)!];
      const renaming = reopened.events.update({ tenantId: TENANT, calendarId, eventId: renamed.id, expected: 1, draft: draft('Renamed', '<p>Now about wombats</p>'), actor: ACTOR });
      const deleting = reopened.events.delete({ tenantId: TENANT, calendarId, eventId: deleted.id, expected: 1, actor: ACTOR });
      await Promise.all([renaming, deleting]);
      expect(await found(reopened, calendarId, 'wombats')).toEqual(['Renamed']);
      expect(await found(reopened, calendarId, `quokka${count - 2}x`)).toEqual([]);
    } finally {
      await reopened.close();
    }
    const after = new Database(join(dataDir, SQLITE_FILE_NAME));
    expect(after.prepare('SELECT COUNT(*) FROM event_search_pending').pluck().get()).toBe(0);
    expect(after.prepare(`SELECT COUNT(*) FROM event_search WHERE event_search MATCH '"quokka"'`).pluck().get()).toBe(count - 2);
    expect(() => integrityCheck(after)).not.toThrow();
    after.close();
  });

  it('refuses an event written where the search function is missing, rather than leave it unindexed', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-search-'));
    const store = openSqliteStore({ dataDir });
    const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: { name: 'Raw', color: '#000000', description: '', editors: [] } });
    await store.close();
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    const now = new Date().toISOString();
    const record = eventRecord({ id: 'raw', calendarId: calendar.id, draft: draft('Raw write'), authorship: { createdBy: ACTOR, updatedBy: ACTOR, createdAt: now, updatedAt: now }, version: 1 });
    const insert = () =>
      db.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((column) => `@${column}`).join(', ')})`).run(toEventRow(TENANT, record));
    expect(insert).toThrow(/no such function: search_text/);
    expect(db.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(0);
    db.close();
  });
});

describe('the Cosmos store’s search', () => {
  const match: SearchMatch = { tenantId: TENANT, terms: ['a"b', 'c'], calendarIds: ['cal'], categoryIds: ['cat'], fromMs: 1, toMs: 2 };

  it('queries the tenant’s partition with every value a parameter (asserted on the query: the protocol server ignores the option)', () => {
    for (const query of [searchEventsQuery(match, { startMs: 5, id: 'x"; DROP' }), searchSeriesQuery(match), searchSeriesQuery({ ...match, categoryIds: undefined })]) {
      expect(query.partitionKey).toBe(TENANT);
      expect(query.spec.query).toContain('c.tenantId = @tenantId');
      expect(query.spec.parameters).toContainEqual({ name: '@tenantId', value: TENANT });
      expect(query.spec.parameters).toContainEqual({ name: '@term0', value: 'a"b' });
      expect(query.spec.query).not.toMatch(/a"b|DROP|OFFSET|LIMIT/);
    }
    expect(searchEventsQuery(match, null).spec.query).toMatch(/ORDER BY c\.startMs, c\.id$/);
  });

  it('gives searchText of this version to documents written before it or by an older build at the first start-up after, and never returns it', async () => {
    const database = `search-${randomUUID()}`;
    const first = await openCosmosStore(cosmosOptions(database));
    const calendar = await first.calendars.create({ actor: ACTOR, tenantId: TENANT, input: { name: 'Old', color: '#000000', description: '', editors: [] } });
    const event = await first.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Archived offsite', '<p>Bring <em>hiking</em> boots</p>'), actor: ACTOR });
    const hyphened = await first.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft('Design stand-up'), actor: ACTOR });
    expect(JSON.stringify(event)).not.toMatch(/searchText|searchVersion/);
    expect(await found(first, calendar.id, 'hiking')).toEqual(['Archived offsite']);

    // As a build before search wrote it: no searchText, and no mark that the back-fill has run.
    const client = new CosmosClient({ endpoint: process.env.TEST_COSMOS_ENDPOINT!, key: process.env.TEST_COSMOS_KEY!, connectionPolicy: { enableEndpointDiscovery: false } });
    const events = client.database(database).container(COSMOS_EVENTS_CONTAINER);
    const { resource } = await events.item(event.id, TENANT).read<Record<string, unknown>>();
    const { searchText: _searchText, searchVersion: _searchVersion, ...old } = resource!;
    await events.item(event.id, TENANT).replace(old);
    // As version 1 wrote it (issue 11): hyphens and spaces kept, no searchVersion.
    const { resource: current } = await events.item(hyphened.id, TENANT).read<Record<string, unknown>>();
    const { searchVersion: _version, ...versionOne } = current!;
    await events.item(hyphened.id, TENANT).replace({ ...versionOne, searchText: 'design stand-up\n\n' });
    await events.item(`search-text-backfill-${SEARCH_TEXT_VERSION}`, '_system').delete();
    expect(await found(first, calendar.id, 'hiking')).toEqual([]);
    expect(await found(first, calendar.id, 'standup')).toEqual([]);

    const second = await openCosmosStore(cosmosOptions(database));
    expect(await found(second, calendar.id, 'hiking')).toEqual(['Archived offsite']);
    expect(await found(second, calendar.id, 'standup')).toEqual(['Design stand-up']);
    expect(await second.events.get({ tenantId: TENANT, calendarId: calendar.id, eventId: event.id })).toEqual(event);
    client.dispose();
    await Promise.all([first.close(), second.close()]);
  });
});
