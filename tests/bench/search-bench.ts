// Search (GET /api/search's service and store) against the raw queries an expert would write for the same first page:
// the SQLite trigram index at 10k and 100k events, the HTTP route against a bare one, and the Cosmos query on the local
// protocol server with what it says it charged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CosmosClient, type Container } from '@azure/cosmos';
import { createHttpServer } from '@vercel/cosmosdb-server';
import Database from 'better-sqlite3';
import type { Principal } from '../../src/api/auth/principal.ts';
import { createSearchService } from '../../src/api/search/search-service.ts';
import { toEventDoc } from '../../src/api/stores/cosmos/cosmos-event-docs.ts';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import type { EventRecord, Store } from '../../src/api/stores/repository.ts';
import { registerSearchFunctions } from '../../src/api/stores/sqlite/sqlite-search.ts';
import { EVENT_COLUMNS, openSqliteStore, SQLITE_FILE_NAME, toEventRow } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { SEARCH_PAGE_SIZE } from '../../src/shared/limits.ts';
import type { SearchPage } from '../../src/shared/search-schema.ts';
import { build } from '../api/helpers/test-server.ts';
import { LOCAL_COSMOS_KEY } from '../support/cosmos-server.ts';
import { benchRecord, CALENDARS, DEMO_TENANT } from './bench-data.ts';
import { bareServer, get } from './http-bench.ts';
import { interleave, timed, type Comparison } from './measure.ts';
import { SYSTEM_ACTOR } from '../../src/api/stores/change-entries.ts';

const TENANT = 'bench';
const TOPICS = ['Budget', 'Hiring', 'Roadmap', 'Security', 'Onboarding', 'Design', 'Sales', 'Support', 'Finance', 'Marketing', 'Wellbeing', 'Training', 'Quality', 'Legal', 'Research', 'Platform', 'Mobile', 'Data', 'Cloud', 'UX'];
const KINDS = ['review', 'sync', 'workshop', 'town hall', 'planning', 'retro', 'lunch', 'demo', 'kickoff', 'interview'];
const ROOMS = ['Atrium', 'Board room', 'Café', 'Room 1.04', 'Auditorium', 'Online'];
const RAW_LIMIT = 'raw SQL: the same first page in one prepared SELECT, same file and index';
/** What each figure searches for: a word in 1 event of 20, two words together, a word in 1 of 1,000, and two characters (no index). */
const QUERIES = [
  { label: 'a common word', q: 'budget' },
  { label: 'two words', q: 'budget review' },
  { label: 'a rare word', q: 'zeppelin' },
  { label: 'two characters (read in full)', q: 'ux' },
];

/** A bench event with words: a topic and a kind in its title, a room, and a short formatted description for one in four. */
function searchRecord(calendarId: string, i: number, now: string): EventRecord {
  const record = benchRecord(calendarId, i, now);
  const topic = TOPICS[i % TOPICS.length]!;
  const kind = KINDS[Math.floor(i / TOPICS.length) % KINDS.length]!;
  const rare = i % 1_000 === 0 ? ' The Zeppelin project is on the agenda.' : '';
  const description = i % 4 === 0 || rare ? `<p>Agenda: <strong>${TOPICS[(i * 7) % TOPICS.length]}</strong> and ${KINDS[(i * 3) % KINDS.length]}.${rare}</p>` : '';
  return { ...record, title: `${topic} ${kind} ${i}`, location: ROOMS[i % ROOMS.length]!, description };
}

/** Bulk-loads search events straight into the file, through the same triggers as every write. */
function fillSearchEvents(dataDir: string, tenantId: string, calendarIds: readonly string[], count: number): void {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  registerSearchFunctions(db);
  const insert = db.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((column) => `@${column}`).join(', ')})`);
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(toEventRow(tenantId, searchRecord(calendarIds[i % calendarIds.length]!, i, now)));
  })();
  db.close();
}

/** The first page's rows with better-sqlite3 alone: through the trigram index, or reading every text for a short term. */
function rawSearch(db: Database.Database) {
  const page = `AND e.rrule = '' ORDER BY e.start_ms, e.id LIMIT ${SEARCH_PAGE_SIZE + 1}`;
  const indexed = db.prepare<[string, string], { id: string }>(
    `SELECT e.* FROM event_search JOIN event_search_text t ON t.id = event_search.rowid JOIN events e ON e.tenant_id = t.tenant_id AND e.id = t.event_id
     WHERE event_search MATCH ? AND t.tenant_id = ? ${page}`,
  );
  const scanned = db.prepare<[string, string], { id: string }>(
    `SELECT e.* FROM event_search_text t JOIN events e ON e.tenant_id = t.tenant_id AND e.id = t.event_id WHERE t.tenant_id = ? AND instr(t.text, ?) > 0 ${page}`,
  );
  return (q: string) => {
    const terms = q.split(' ');
    return terms.every((term) => term.length >= 3) ? indexed.all(terms.map((term) => `"${term}"`).join(' AND '), TENANT) : scanned.all(TENANT, q);
  };
}

const principal = (tenantId: string): Principal => ({ id: 'bench', name: 'Bench', tenantId, appRoles: [], groups: [] });

async function createCalendars(store: Store, tenantId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < CALENDARS; i++) ids.push((await store.calendars.create({ tenantId, input: { name: `C${i}`, color: '#000000', description: '', editors: [] }, actor: SYSTEM_ACTOR })).id);
  return ids;
}

/** Search over `count` events in SQLite: the service's first page against the raw SQL, for each kind of query. */
export async function benchSearchSqlite(count: number, rounds: number): Promise<Comparison[]> {
  console.log(`search: ${count} events in ${CALENDARS} calendars, SQLite trigram index, first page of ${SEARCH_PAGE_SIZE}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-bench-'));
  const store = openSqliteStore({ dataDir });
  fillSearchEvents(dataDir, TENANT, await createCalendars(store, TENANT), count);
  const service = createSearchService(store);
  const raw = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const rawPage = rawSearch(raw);
  const comparisons: Comparison[] = [];
  for (const { label, q } of QUERIES) {
    const ours = (await service.search(principal(TENANT), { q })).hits.map((hit) => hit.id);
    if (JSON.stringify(rawPage(q).slice(0, SEARCH_PAGE_SIZE).map((row) => row.id)) !== JSON.stringify(ours)) throw new Error(`the raw SQL does not find the service's page for "${q}"`);
    const matching = raw.prepare('SELECT COUNT(*) FROM event_search_text WHERE instr(text, ?) > 0').pluck().get(q.split(' ')[0]);
    comparisons.push(
      await interleave({
        figure: `search sqlite ${count / 1000}k events, ${label} ("${q}", ${matching} have "${q.split(' ')[0]}")`,
        limit: RAW_LIMIT,
        rounds,
        ours: timed(() => service.search(principal(TENANT), { q })),
        bare: timed(() => rawPage(q)),
      }),
    );
  }
  raw.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  return comparisons;
}

/** GET /api/search over HTTP on 10k events against a bare Fastify route sending the same body. */
export async function benchSearchHttp(count: number, rounds: number): Promise<Comparison[]> {
  console.log(`search: GET /api/search with ${count} events in the tenant, fetch with keep-alive`);
  const api = await build({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const token = await api.tokenFor('riley');
  const calendars = (await api.request<{ id: string }[]>('GET', '/api/calendars', { token })).body.map((c) => c.id);
  fillSearchEvents(api.dataDir, DEMO_TENANT, calendars, count);
  const path = '/api/search?q=budget';
  const body = await get(api.url + path, token);
  const bare = await bareServer(path, body);
  const hits = (JSON.parse(body) as SearchPage).hits.length;
  const comparison = await interleave({
    figure: `GET /api/search?q=budget, ${count / 1000}k events, first page (${hits} hits, ${(body.length / 1024).toFixed(1)} KiB)`,
    limit: 'bare Fastify route, no plugins, same body precomputed',
    rounds,
    ours: timed(() => get(api.url + path, token)),
    bare: timed(() => get(bare.url + path)),
  });
  await bare.close();
  await api.close();
  return [comparison];
}

/** Documents straight into the container, as the store writes them (searchText included), in batches. */
async function loadCosmos(events: Container, calendarIds: readonly string[], count: number): Promise<void> {
  const now = new Date().toISOString();
  for (let batch = 0; batch < count; batch += 50) {
    const docs = Array.from({ length: Math.min(50, count - batch) }, (_, j) => toEventDoc(TENANT, searchRecord(calendarIds[(batch + j) % CALENDARS]!, batch + j, now)));
    await Promise.all(docs.map((doc) => events.items.create(doc)));
  }
}

/** The raw query for the same first page: the tenant, every word, single events, by start then id. */
async function rawCosmosPage(events: Container, q: string): Promise<{ ids: string[]; charge: number }> {
  const terms = q.split(' ');
  const query = {
    query: `SELECT * FROM c WHERE c.tenantId = @tenantId AND ${terms.map((_, i) => `CONTAINS(c.searchText, @t${i})`).join(' AND ')} AND (NOT IS_DEFINED(c.rrule) OR c.rrule = "") ORDER BY c.startMs, c.id`,
    parameters: [{ name: '@tenantId', value: TENANT }, ...terms.map((term, i) => ({ name: `@t${i}`, value: term }))],
  };
  const page = await events.items.query<{ id: string }>(query, { partitionKey: TENANT, maxItemCount: SEARCH_PAGE_SIZE + 1 }).fetchNext();
  return { ids: page.resources.map((doc) => doc.id), charge: page.requestCharge };
}

/** Search over `count` documents on the local Cosmos protocol server: the service against the raw query, and the charge it reports. */
export async function benchSearchCosmos(count: number, rounds: number): Promise<Comparison[]> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const store = await openCosmosStore({ endpoint, key: LOCAL_COSMOS_KEY, database: 'bench-search', createResources: true });
  const client = new CosmosClient({ endpoint, key: LOCAL_COSMOS_KEY, connectionPolicy: { enableEndpointDiscovery: false } });
  const events = client.database('bench-search').container(COSMOS_EVENTS_CONTAINER);
  await loadCosmos(events, await createCalendars(store, TENANT), count);
  const service = createSearchService(store);
  const { q } = QUERIES[0]!;
  const ours = (await service.search(principal(TENANT), { q })).hits.map((hit) => hit.id);
  const raw = await rawCosmosPage(events, q);
  if (JSON.stringify(raw.ids.slice(0, SEARCH_PAGE_SIZE)) !== JSON.stringify(ours)) throw new Error('the raw Cosmos query does not find the service’s page');
  console.log(`search: cosmos ${count / 1000}k documents, "${q}": the local server reports a request charge of ${raw.charge ?? 'nothing'} RU for the page`);
  const comparison = await interleave({
    figure: `search cosmos ${count / 1000}k docs (local protocol server), a common word ("${q}")`,
    limit: 'one raw parameterised query, same container, same first page',
    rounds,
    warmup: 2,
    ours: timed(() => service.search(principal(TENANT), { q })),
    bare: timed(() => rawCosmosPage(events, q)),
  });
  await store.close();
  client.dispose();
  server.close();
  return [comparison];
}
