// Issue 12's iCalendar paths at 2,000 events in one calendar: the export and the subscription feed from the export
// cache (200 and 304) against a bare route sending the same bytes, the export built afresh against ical.js alone, and
// an import (and a re-import) of that export against raw SQL on the same table.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import ICAL from 'ical.js';
import { checkSeries, toDraft } from '../../src/api/events/check-series.ts';
import { expandForFeed } from '../../src/api/events/expand-feed.ts';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { DYNAMIC_BROTLI_QUALITY } from '../../src/api/plugins/external/compression.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import { registerSearchFunctions } from '../../src/api/stores/sqlite/sqlite-search.ts';
import { EVENT_COLUMNS, SQLITE_FILE_NAME } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { eventWriteSchema, type CalendarEvent } from '../../src/shared/event-schema.ts';
import type { IcsImportResult } from '../../src/shared/ics-import.ts';
import { SUBSCRIPTIONS_PER_USER_MAX } from '../../src/shared/limits.ts';
import { normaliseExdates } from '../../src/shared/recurrence-rule.ts';
import { EVENT_RANGE_END_MS } from '../../src/shared/time.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';
import { DEMO_TENANT, HOUR } from './bench-data.ts';
import { interleave, timed, type Comparison, type Sampler } from './measure.ts';

const DAY = 24 * HOUR;
/** 1,880 singles and 80 series, every other series with a changed occurrence: 1,960 events, 2,000 VEVENTs (ICS_IMPORT_COMPONENTS_MAX). */
const SINGLES = 1_880;
const SERIES = 80;
const OVERRIDDEN_EVERY = 2;
const ZONES = ['Europe/London', 'America/New_York', 'Asia/Tokyo'];
const RULES = ['FREQ=WEEKLY;BYDAY=MO', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'FREQ=MONTHLY;BYDAY=1FR', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=60'];
const TOPICS = ['Budget', 'Hiring', 'Roadmap', 'Security', 'Onboarding', 'Design', 'Sales', 'Café des équipes', 'Wellbeing', 'Training'];
const ROOMS = ['Atrium', 'Board room', 'Room 1.04, 1st floor', 'Auditorium', 'Online', 'München; Raum Süd'];
const BARE_LIMIT = 'bare Fastify route, no plugins, the same bytes and ETag precomputed';
const ACTOR = { id: 'bench', name: 'Bench' };

/** Descriptions as people write them: none, a sentence, an agenda with a list and a link, a pasted meeting invitation. */
function description(i: number): string {
  const topic = TOPICS[i % TOPICS.length]!;
  switch (i % 4) {
    case 0:
      return '';
    case 1:
      return `<p>Quarterly look at ${topic.toLowerCase()}, please bring last quarter's figures; questions beforehand to the organiser.</p>`;
    case 2:
      return `<p><strong>Agenda</strong></p><ul><li>Welcome &amp; introductions</li><li>${topic}: status, risks, next steps</li><li>AOB</li></ul><p>Notes in the <a href="https://contoso.sharepoint.com/sites/${topic.length}/notes">shared folder</a>. Coffee ☕ provided.</p>`;
    default:
      return `<p>Hi all, a slot for ${topic} (réunion / Besprechung 📅).</p><p>Join on your computer or mobile app. Meeting ID: ${300 + i} 271 ${i % 997} 04. Passcode: x${i}Q.</p><p>Dial in by phone: +44 20 3443 ${1000 + (i % 9000)}, phone conference ID: ${i}#. Find a local number or reset your PIN.</p>`;
  }
}

/** The i-th single: a one- or two-hour meeting on a working hour, over the past 300 days and the next 400; one in ten all day. */
function singleInput(i: number, todayMs: number) {
  const dayMs = todayMs + ((i * 37) % 700) * DAY - 300 * DAY;
  const base = { title: `${TOPICS[i % TOPICS.length]} ${i}`, extendedProps: { timeZone: ZONES[i % ZONES.length]!, description: description(i), location: ROOMS[i % ROOMS.length]! } };
  if (i % 10 === 0) return eventWriteSchema.parse({ ...base, start: new Date(dayMs).toISOString().slice(0, 10), end: new Date(dayMs + DAY).toISOString().slice(0, 10), allDay: true });
  const startMs = dayMs + (8 + (i % 9)) * HOUR;
  return eventWriteSchema.parse({ ...base, start: new Date(startMs).toISOString(), end: new Date(startMs + (1 + (i % 2)) * HOUR).toISOString() });
}

/** The i-th series, from the last two months on, in one of the zones; returned with the 10 weeks from its start. */
function seriesInput(i: number, todayMs: number) {
  const startMs = todayMs - 60 * DAY + (i % 45) * DAY + (9 + (i % 8)) * HOUR;
  const timeZone = ZONES[i % ZONES.length]!;
  const input = eventWriteSchema.parse({
    title: `${TOPICS[i % TOPICS.length]} series ${i}`,
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + HOUR).toISOString(),
    rrule: RULES[i % RULES.length]!,
    extendedProps: { timeZone, description: description(i + 1), location: ROOMS[i % ROOMS.length]! },
  });
  const window = resolveEventWindow(new Date(startMs - DAY).toISOString().slice(0, 10), new Date(startMs + 70 * DAY).toISOString().slice(0, 10), timeZone);
  if ('field' in window) throw new Error(window.message);
  return { input, window };
}

/** A series skipping its first occurrence and, every OVERRIDDEN_EVERY, moving its second an hour later: as series-bench edits them. */
async function createSeries(store: Store, calendarId: string, i: number, todayMs: number): Promise<void> {
  const { input, window } = seriesInput(i, todayMs);
  const draft = checkSeries(input, toDraft(input));
  const series = await store.events.create({ tenantId: DEMO_TENANT, calendarId, draft, actor: ACTOR });
  const [skipped, moved] = expandForFeed(DEMO_TENANT, series, window);
  if (!skipped || !moved) throw new Error(`series ${i} has fewer than two occurrences in its first ten weeks`);
  const exdate = normaliseExdates([skipped.extendedProps.recurrenceId!], false);
  if (!exdate.ok) throw new Error(exdate.errors.join('; '));
  const later = (value: string) => new Date(Date.parse(value) + HOUR).toISOString();
  const overrides = i % OVERRIDDEN_EVERY === 0 ? { [moved.extendedProps.recurrenceId!]: { title: `${series.title} (moved)`, start: later(moved.start), end: later(moved.end) } } : {};
  await store.events.update({ tenantId: DEMO_TENANT, calendarId, eventId: series.id, draft: { ...draft, exdate: exdate.exdate, overrides }, actor: ACTOR, expected: series.extendedProps.version });
}

async function seedCalendar(store: Store, calendarId: string): Promise<void> {
  const todayMs = Math.floor(Date.now() / DAY) * DAY;
  for (let i = 0; i < SINGLES; i++) {
    const input = singleInput(i, todayMs);
    await store.events.create({ tenantId: DEMO_TENANT, calendarId, draft: checkSeries(input, toDraft(input)), actor: ACTOR });
  }
  for (let i = 0; i < SERIES; i++) await createSeries(store, calendarId, i, todayMs);
}

async function createCalendar(api: TestServer, token: string, name: string): Promise<{ id: string; etag: string }> {
  const created = await api.request<{ id: string }>('POST', '/api/calendars', { token, body: { name, color: '#0f6cbd', description: '', editors: [] } });
  if (created.status !== 201) throw new Error(`POST /api/calendars: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, etag: created.headers.get('etag')! };
}

async function deleteCalendar(api: TestServer, token: string, calendar: { id: string; etag: string }): Promise<void> {
  const deleted = await api.request('DELETE', `/api/calendars/${calendar.id}`, { token, headers: { 'if-match': calendar.etag } });
  if (deleted.status !== 204) throw new Error(`DELETE /api/calendars/${calendar.id}: ${deleted.status}`);
}

/** A GET read to the end; with an ETag, a conditional one that must answer 304. */
async function getIcs(url: string, { token, etag, encoding = 'identity' }: { token?: string; etag?: string; encoding?: string } = {}): Promise<string> {
  const headers: Record<string, string> = { 'accept-encoding': encoding, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (etag) headers['if-none-match'] = etag;
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== (etag ? 304 : 200)) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** As the feed bench asks: the bytes as they are, and brotli as browsers (and the bare route, precompressed) offer it. */
const ENCODINGS = ['identity', 'br'];

/**
 * The bare route: these bytes with their ETag (brotli-compressed before it started, at the API's own quality, when the
 * client takes br), or a 304 when the client holds them, at each of the paths.
 */
async function bareIcsServer(paths: readonly string[], body: string, etag: string) {
  const brotli = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } });
  const bare = Fastify();
  for (const path of paths) {
    bare.get(path, (request, reply) => {
      reply.header('etag', etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.type('text/calendar; charset=utf-8');
      if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'br').send(brotli);
      return reply.send(body);
    });
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.addresses().find((candidate) => typeof candidate !== 'string')!;
  return { url: `http://127.0.0.1:${address.port}`, close: () => bare.close() };
}

interface Setup {
  api: TestServer;
  token: string;
  calendarId: string;
  exportPath: string;
  body: string;
  etag: string;
}

async function setUp(): Promise<Setup> {
  const api = await build({ RATE_LIMIT_PER_MINUTE: '1000000' });
  // Ada, the administrator: she makes the calendars, imports into them and holds the subscription links.
  const token = await api.tokenFor('ada');
  const { id: calendarId } = await createCalendar(api, token, 'Bench export');
  await seedCalendar(api.server.store, calendarId);
  const exportPath = `/api/calendars/${calendarId}/calendar.ics`;
  const response = await fetch(api.url + exportPath, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${exportPath}: ${response.status} ${body}`);
  return { api, token, calendarId, exportPath, body, etag: response.headers.get('etag')! };
}

const veventCount = (body: string) => body.split('BEGIN:VEVENT').length - 1;

/** The export and the feed answered from the export cache, as 200 and as 304, against the bare route. */
async function benchCached({ api, token, exportPath, body, etag }: Setup, rounds: number): Promise<Comparison[]> {
  // Links enough that the rounds stay under each one's SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE.
  const feeds: string[] = [];
  for (let i = 0; i < SUBSCRIPTIONS_PER_USER_MAX; i++) {
    const created = await api.request<{ url: string }>('POST', `${exportPath.replace('/calendar.ics', '')}/subscriptions`, { token, body: {} });
    if (created.status !== 201) throw new Error(`POST subscriptions: ${created.status} ${JSON.stringify(created.body)}`);
    feeds.push(new URL(created.body.url).pathname);
  }
  const bare = await bareIcsServer([exportPath, '/ics/:file'], body, etag);
  if ((await getIcs(bare.url + exportPath)) !== body || (await getIcs(api.url + feeds[0]!)) !== body) throw new Error('the feed or the bare route does not answer the export’s bytes');
  let next = 0;
  const feed = () => feeds[next++ % feeds.length]!;
  const size = `${veventCount(body)} VEVENTs, ${(Buffer.byteLength(body) / 2 ** 20).toFixed(2)} MiB`;
  const comparisons: Comparison[] = [];
  for (const encoding of ENCODINGS) {
    const limit = `${BARE_LIMIT}${encoding === 'br' ? ', brotli precompressed' : ''}`;
    const exported = { figure: `GET calendar.ics, export cache hit (${size}), ${encoding}`, limit, rounds };
    comparisons.push(await interleave({ ...exported, ours: timed(() => getIcs(api.url + exportPath, { token, encoding })), bare: timed(() => getIcs(bare.url + exportPath, { encoding })) }));
    const fed = { figure: `GET /ics/{secret}.ics feed, cache hit (${size}), ${encoding}`, limit: `${limit}; ${feeds.length} links in turn (per-link rate limit)`, rounds };
    comparisons.push(await interleave({ ...fed, ours: timed(() => getIcs(api.url + feed(), { encoding })), bare: timed(() => getIcs(bare.url + feed(), { encoding })) }));
  }
  const notModified = { limit: 'the bare route answering 304 to the same ETag', rounds };
  comparisons.push(
    await interleave({ ...notModified, figure: 'GET calendar.ics, If-None-Match → 304', ours: timed(() => getIcs(api.url + exportPath, { token, etag })), bare: timed(() => getIcs(bare.url + exportPath, { etag })) }),
    await interleave({ ...notModified, figure: 'GET /ics/{secret}.ics feed, If-None-Match → 304', ours: timed(() => getIcs(api.url + feed(), { etag })), bare: timed(() => getIcs(bare.url + feed(), { etag })) }),
  );
  await bare.close();
  return comparisons;
}

/** ical.js alone: a value as an ICAL.Time, UTC for instants (no TZID, so no VTIMEZONE needed). */
const icalTime = (value: string) => (value.length === 10 ? ICAL.Time.fromDateString(value) : ICAL.Time.fromJSDate(new Date(value), true));

/** The event's VEVENT (and one per changed occurrence) with ical.js's own components: the fields ours writes, as they are. */
function libraryVevents(event: CalendarEvent): ICAL.Component[] {
  const vevent = new ICAL.Component('vevent');
  const uid = `${event.id}@bench.invalid`;
  const { extendedProps: props } = event;
  vevent.addPropertyWithValue('uid', uid);
  vevent.addPropertyWithValue('dtstamp', icalTime(props.updatedAt));
  vevent.addPropertyWithValue('last-modified', icalTime(props.updatedAt));
  vevent.addPropertyWithValue('sequence', props.version);
  vevent.addPropertyWithValue('dtstart', icalTime(event.start));
  vevent.addPropertyWithValue('dtend', icalTime(event.end));
  vevent.addPropertyWithValue('summary', event.title);
  if (props.location) vevent.addPropertyWithValue('location', props.location);
  if (props.description) vevent.addPropertyWithValue('description', props.description);
  vevent.addPropertyWithValue('url', `https://calendar.invalid/events/${event.id}`);
  if (event.rrule) vevent.addPropertyWithValue('rrule', ICAL.Recur.fromString(event.rrule));
  for (const exdate of event.exdate ?? []) vevent.addPropertyWithValue('exdate', icalTime(exdate));
  const overrides = Object.entries(props.overrides ?? {}).map(([recurrenceId, override]) => {
    const changed = new ICAL.Component('vevent');
    changed.addPropertyWithValue('uid', uid);
    changed.addPropertyWithValue('dtstamp', icalTime(props.updatedAt));
    changed.addPropertyWithValue('recurrence-id', icalTime(recurrenceId));
    changed.addPropertyWithValue('dtstart', icalTime(override.start ?? recurrenceId));
    if (override.end) changed.addPropertyWithValue('dtend', icalTime(override.end));
    changed.addPropertyWithValue('summary', override.title ?? event.title);
    return changed;
  });
  return [vevent, ...overrides];
}

function libraryIcs(events: readonly CalendarEvent[]): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//bench//EN');
  calendar.addPropertyWithValue('version', '2.0');
  for (const event of events) for (const component of libraryVevents(event)) calendar.addSubcomponent(component);
  return calendar.toString();
}

/** The calendar's events as the export reads them (a year back, no end): for the limit, read once. */
async function exportedEvents(store: Store, calendarId: string): Promise<CalendarEvent[]> {
  const fromMs = Math.floor((Date.now() - 365 * DAY) / DAY) * DAY;
  const window = { fromMs, toMs: EVENT_RANGE_END_MS, fromDayMs: fromMs, toDayMs: Math.ceil(EVENT_RANGE_END_MS / DAY) * DAY };
  const query = { tenantId: DEMO_TENANT, calendarIds: [calendarId], window };
  return [...(await store.events.listInWindow({ ...query, limit: 10_000 })), ...(await store.events.listSeriesInWindow(query))];
}

/** The export built afresh: a write elsewhere in the tenant (untimed) moves its change version, so the cache misses. */
async function benchColdExport({ api, token, calendarId, exportPath, body }: Setup, rounds: number): Promise<Comparison> {
  const store = api.server.store;
  const { id: elsewhere } = await createCalendar(api, token, 'Bench writes');
  const write = () => store.events.create({ tenantId: DEMO_TENANT, calendarId: elsewhere, draft: toDraft(eventWriteSchema.parse({ title: 'Write', start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' })), actor: ACTOR });
  const events = await exportedEvents(store, calendarId);
  if (veventCount(libraryIcs(events)) !== veventCount(body)) throw new Error('the limit does not write as many VEVENTs as the export');
  const ours: Sampler = async () => {
    const before = await store.changes.version({ tenantId: DEMO_TENANT });
    await write();
    if ((await store.changes.version({ tenantId: DEMO_TENANT })) === before) throw new Error('the write did not move the change version');
    return timed(() => getIcs(api.url + exportPath, { token }))();
  };
  return interleave({
    figure: `GET calendar.ics built afresh (${events.length} events, ${veventCount(body)} VEVENTs, ${new Set(ZONES).size} zones)`,
    limit: 'ical.js alone: the same events, read beforehand, as ICAL.Component VEVENTs (+ overrides) with UTC times, toString(); no VTIMEZONE, read, checks, folding fix, HTTP',
    rounds,
    warmup: 3,
    ours,
    bare: timed(() => libraryIcs(events)),
  });
}

async function postImport(api: TestServer, token: string, calendarId: string, body: string): Promise<IcsImportResult> {
  const response = await fetch(`${api.url}/api/calendars/${calendarId}/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/calendar' }, body });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST import: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as IcsImportResult;
}

/** A copy of the file for the limit's inserts: the same events table, indexes and triggers, and the imported rows to insert. */
function scratchCopy(api: TestServer, calendarId: string) {
  const scratchFile = join(api.dataDir, 'bench-scratch.sqlite');
  const source = new Database(join(api.dataDir, SQLITE_FILE_NAME), { readonly: true });
  source.prepare('VACUUM INTO ?').run(scratchFile);
  const rows = source.prepare('SELECT * FROM events WHERE tenant_id = ? AND calendar_id = ?').all(DEMO_TENANT, calendarId) as Record<string, unknown>[];
  const uids = JSON.stringify(rows.map((row) => (JSON.parse(row.import_source as string) as { uid: string }).uid));
  const byUids = source.prepare(`SELECT * FROM events WHERE tenant_id = ? AND calendar_id = ? AND import_source != 'null' AND json_extract(import_source, '$.uid') IN (SELECT value FROM json_each(?))`);
  const scratch = new Database(scratchFile);
  registerSearchFunctions(scratch);
  const clear = scratch.prepare('DELETE FROM events WHERE tenant_id = ? AND calendar_id = ?');
  clear.run(DEMO_TENANT, calendarId);
  const insert = scratch.prepare(`INSERT INTO events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map((column) => `@${column}`).join(', ')})`);
  const insertAll = scratch.transaction(() => {
    for (const row of rows) insert.run(Object.fromEntries(EVENT_COLUMNS.map((column) => [column, row[column]])));
  });
  return {
    rows: rows.length,
    /** Timed: the inserts alone; the rows are then deleted, untimed, for the next round. */
    insertAll: (async () => {
      const started = performance.now();
      insertAll();
      const elapsed = performance.now() - started;
      clear.run(DEMO_TENANT, calendarId);
      return elapsed;
    }) satisfies Sampler,
    selectUids: () => byUids.all(DEMO_TENANT, calendarId, uids),
    close: () => (source.close(), scratch.close(), rmSync(scratchFile, { force: true })),
  };
}

/** The export imported into an empty calendar (made and deleted untimed each round), and imported again (all unchanged). */
async function benchImport({ api, token, body }: Setup, rounds: number): Promise<Comparison[]> {
  const vevents = veventCount(body);
  const target = await createCalendar(api, token, 'Bench import');
  const first = await postImport(api, token, target.id, body);
  if (first.created === 0 || first.skipped.length > 0) throw new Error(`the first import: ${JSON.stringify(first).slice(0, 300)}`);
  const raw = scratchCopy(api, target.id);
  if (raw.rows !== first.created) throw new Error(`${raw.rows} rows for ${first.created} events created`);
  const fresh: Sampler = async () => {
    const calendar = await createCalendar(api, token, 'Bench import round');
    const started = performance.now();
    const result = await postImport(api, token, calendar.id, body);
    const elapsed = performance.now() - started;
    if (result.created !== first.created) throw new Error(`created ${result.created}, not ${first.created}`);
    await deleteCalendar(api, token, calendar);
    return elapsed;
  };
  const again = async () => {
    const result = await postImport(api, token, target.id, body);
    if (result.unchanged !== first.created || result.created + result.updated > 0) throw new Error(`the re-import changed something: ${JSON.stringify(result).slice(0, 300)}`);
  };
  const figure = `POST import of the export (${vevents} VEVENTs, ${(Buffer.byteLength(body) / 2 ** 20).toFixed(2)} MiB → ${first.created} events)`;
  const comparisons = [
    await interleave({ figure: `${figure} into an empty calendar`, limit: `raw SQL: ${raw.rows} INSERTs, one prepared statement, one transaction, same table, indexes and triggers (a copy of the file)`, rounds, warmup: 2, ours: fresh, bare: raw.insertAll }),
    await interleave({ figure: `${figure} again, all unchanged`, limit: 'raw SQL: one SELECT of those UIDs (the store’s own query, rows read, not compared)', rounds, warmup: 2, ours: timed(again), bare: timed(raw.selectUids) }),
  ];
  raw.close();
  return comparisons;
}

/** The `ics` group: `cachedRounds` for each cached figure, `buildRounds` for the export built afresh and for each import figure. */
export async function benchIcs(cachedRounds: number, buildRounds: number): Promise<Comparison[]> {
  console.log(`ics: ${SINGLES} singles + ${SERIES} series (exdates, ${SERIES / OVERRIDDEN_EVERY} with a changed occurrence) in one calendar, ${ZONES.join(', ')}; export, feed and import`);
  const setup = await setUp();
  const comparisons = [...(await benchCached(setup, cachedRounds)), await benchColdExport(setup, buildRounds), ...(await benchImport(setup, buildRounds))];
  await setup.api.close();
  return comparisons;
}
