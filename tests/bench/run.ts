// npm run bench: the window query on SQLite at 10k and 100k events, and GET /api/events over HTTP.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, freemem, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CosmosClient } from '@azure/cosmos';
import { createHttpServer } from '@vercel/cosmosdb-server';
import Database from 'better-sqlite3';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { eventRecord, type EventRecord, type EventWindow } from '../../src/api/stores/repository.ts';
import { COSMOS_EVENTS_CONTAINER, openCosmosStore } from '../../src/api/stores/cosmos/cosmos-store.ts';
import { EVENT_COLUMNS, openSqliteStore, SQLITE_FILE_NAME, toEventRow } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { normaliseEvent } from '../../src/shared/event-schema.ts';
import { LOCAL_COSMOS_KEY } from '../support/cosmos-server.ts';
import { build } from '../api/helpers/test-server.ts';

const CALENDARS = 3;
const SPAN_DAYS = 730;
const HOUR = 3_600_000;
const ORIGIN = Date.UTC(2026, 0, 1);
const BENCH_USER = { id: 'bench', name: 'Bench' };

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5).toFixed(3), p95: at(0.95).toFixed(3), n: sorted.length };
}

async function time(runs: number, work: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** A timed event of 1 to 3 hours somewhere in the bench's two years, as the stores record it. */
function benchRecord(calendarId: string, i: number, now: string): EventRecord {
  const start = ORIGIN + Math.floor(Math.random() * SPAN_DAYS * 24) * HOUR;
  const end = start + (1 + Math.floor(Math.random() * 3)) * HOUR;
  const drafted = normaliseEvent({ title: `Event ${i}`, start: new Date(start).toISOString(), end: new Date(end).toISOString() });
  if (!drafted.ok) throw new Error('bad bench event');
  const authorship = { createdBy: BENCH_USER, updatedBy: BENCH_USER, createdAt: now, updatedAt: now };
  return eventRecord({ id: randomUUID(), calendarId, draft: drafted.draft, authorship, version: 1 });
}

/** Bulk-loads events straight into the file: setup only, the measured reads go through the repository. */
function fillEvents(dataDir: string, tenantId: string, calendarIds: string[], count: number) {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME));
  const insert = db.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((column) => `@${column}`).join(', ')})`);
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(toEventRow(tenantId, benchRecord(calendarIds[i % calendarIds.length]!, i, now)));
  })();
  // What the repository keeps on every write: each calendar's longest event.
  db.prepare(
    `UPDATE calendars SET longest_timed_ms = (SELECT COALESCE(MAX(end_ms - start_ms), 0) FROM events e
       WHERE e.tenant_id = calendars.tenant_id AND e.calendar_id = calendars.id AND e.all_day = 0)`,
  ).run();
  db.close();
}

function monthWindow(): EventWindow {
  const window = resolveEventWindow('2026-10-26', '2026-12-07', 'Europe/London');
  if ('field' in window) throw new Error(window.message);
  return window;
}

async function benchStore(count: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-bench-'));
  const store = openSqliteStore({ dataDir });
  const calendarIds: string[] = [];
  for (let i = 0; i < CALENDARS; i++) {
    calendarIds.push((await store.calendars.create({ tenantId: 'bench', input: { name: `C${i}`, color: '#000000', description: '', editors: [] } })).id);
  }
  const loadStarted = performance.now();
  fillEvents(dataDir, 'bench', calendarIds, count);
  const loadMs = performance.now() - loadStarted;
  const window = monthWindow();
  const found = (await store.events.listInWindow({ tenantId: 'bench', calendarIds, window })).length;
  const all = stats(await time(200, () => store.events.listInWindow({ tenantId: 'bench', calendarIds, window })));
  const one = stats(await time(200, () => store.events.listInWindow({ tenantId: 'bench', calendarIds: [calendarIds[0]!], window })));
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`sqlite ${count} events (${CALENDARS} calendars over ${SPAN_DAYS} days): bulk load ${loadMs.toFixed(0)} ms; 6-week window returns ${found}:`);
  console.log(`  all calendars  median ${all.median} ms, p95 ${all.p95} ms (n=${all.n})`);
  console.log(`  one calendar   median ${one.median} ms, p95 ${one.p95} ms (n=${one.n})`);
}

async function benchHttp() {
  const api = await build({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const token = await api.tokenFor('riley');
  const calendars = (await api.request<{ id: string }[]>('GET', '/api/calendars', { token })).body.map((c) => c.id);
  fillEvents(api.dataDir, '4f1d6d0a-7c4e-4a55-9d8e-0de5c0a1e001', calendars, 10_000);
  const path = '/api/events?start=2026-10-26T00:00:00&end=2026-12-07T00:00:00&timeZone=Europe/London';
  const body = await api.request<unknown[]>('GET', path, { token });
  const samples = stats(await time(300, () => api.request('GET', path, { token })));
  const concurrency = 8;
  const durationMs = 3_000;
  let done = 0;
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await api.request('GET', path, { token });
        done++;
      }
    }),
  );
  await api.close();
  console.log(`http GET /api/events, 10k events in the tenant, 6-week window returns ${body.body.length} events:`);
  console.log(`  sequential     median ${samples.median} ms, p95 ${samples.p95} ms (n=${samples.n})`);
  console.log(`  ${concurrency} concurrent   ${((done / durationMs) * 1000).toFixed(0)} requests/s over ${durationMs / 1000} s (client in the same process)`);
}

/** The Cosmos store against the local protocol server (in this process, plain HTTP on loopback). */
async function benchCosmos(count: number) {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const options = { endpoint, key: LOCAL_COSMOS_KEY, database: 'bench', createResources: true };
  const store = await openCosmosStore(options);
  const calendarIds: string[] = [];
  for (let i = 0; i < CALENDARS; i++) {
    calendarIds.push((await store.calendars.create({ tenantId: 'bench', input: { name: `C${i}`, color: '#000000', description: '', editors: [] } })).id);
  }
  // Setup: documents straight into the container, as the store writes them; then each calendar's longest event.
  const client = new CosmosClient({ endpoint, key: LOCAL_COSMOS_KEY, connectionPolicy: { enableEndpointDiscovery: false } });
  const events = client.database('bench').container(COSMOS_EVENTS_CONTAINER);
  const now = new Date().toISOString();
  const loadStarted = performance.now();
  for (let batch = 0; batch < count; batch += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - batch) }, (_, j) =>
        events.items.create({ ...benchRecord(calendarIds[(batch + j) % CALENDARS]!, batch + j, now), tenantId: 'bench' }),
      ),
    );
  }
  const loadMs = performance.now() - loadStarted;
  const calendars = client.database('bench').container('calendars');
  for (const id of calendarIds) {
    const { resource } = await calendars.item(id, 'bench').read();
    await calendars.item(id, 'bench').replace({ ...resource, longestTimedMs: 3 * HOUR });
  }
  const window = monthWindow();
  const found = (await store.events.listInWindow({ tenantId: 'bench', calendarIds, window })).length;
  const all = stats(await time(30, () => store.events.listInWindow({ tenantId: 'bench', calendarIds, window })));
  const one = stats(await time(30, () => store.events.listInWindow({ tenantId: 'bench', calendarIds: [calendarIds[0]!], window })));
  await store.close();
  client.dispose();
  server.close();
  console.log(`cosmos (local protocol server) ${count} events: load ${loadMs.toFixed(0)} ms; 6-week window returns ${found}:`);
  console.log(`  all calendars  median ${all.median} ms, p95 ${all.p95} ms (n=${all.n})`);
  console.log(`  one calendar   median ${one.median} ms, p95 ${one.p95} ms (n=${one.n})`);
}

const cpu = cpus();
console.log(`machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), Node ${process.version}, ${process.platform}`);
await benchStore(10_000);
await benchStore(100_000);
await benchCosmos(10_000);
await benchHttp();
