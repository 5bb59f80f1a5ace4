// A full SQLite database, made full for real: SQLITE_MAX_SIZE_MB sets PRAGMA max_page_count on the server's own
// connection, which then refuses writes exactly as a full disk does (SQLITE_FULL). And a start on a disk that is
// really full: a tmpfs of its own, mounted in a user and mount namespace (`unshare -Urm`), so no root is needed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FREE_SPACE_MIN_BYTES } from '../../../src/api/disk-space.ts';
import { SERVER_NODE_FLAGS } from '../../../src/api/process-settings.ts';
import { SQLITE_FILE_NAME } from '../../../src/api/stores/sqlite/sqlite-store.ts';
import type { Calendar } from '../../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../src/shared/event-schema.ts';
import { PROBLEM_CONTENT_TYPE, STORAGE_FULL_TYPE, type Problem } from '../../../src/shared/problem.ts';
import { expectHealthAnswered, startAttackedServer, whileWatchingHealth, type AttackedServer } from '../helpers/attacked-server.ts';

/** The database's cap: a little over what the demo data takes, so that a few dozen events fill it. */
const CAP_MB = 2;
/** Each event's description: some 9 kB of text, so that the cap is reached in well under FILL_MAX writes. */
const DESCRIPTION = `<p>${'storage fills up one event at a time '.repeat(240)}</p>`;
const FILL_MAX = 400;
/** Events moved to the trash while there is room: purging them is the space an administrator frees. */
const SPARE = 6;

let server: AttackedServer;
let ada: string;
let companyId: string;

async function send<T>(method: string, path: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${ada}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

const create = (i: number) =>
  send<CalendarEvent | Problem>('POST', `/api/calendars/${companyId}/events`, {
    title: `Filler ${i}`,
    start: '2031-05-05T09:00:00Z',
    end: '2031-05-05T10:00:00Z',
    extendedProps: { description: DESCRIPTION },
  });
const health = () => fetch(`${server.url}/api/health`).then(async (response) => ({ status: response.status, body: (await response.json()) as { status: string; store: string } }));

beforeAll(async () => {
  server = await startAttackedServer({ SQLITE_MAX_SIZE_MB: String(CAP_MB), RATE_LIMIT_PER_MINUTE: '1000000' });
  ada = await server.tokenFor('ada');
  companyId = (await send<Calendar[]>('GET', '/api/calendars')).body.find((calendar) => calendar.name === 'Company')!.id;
});
afterAll(() => server.stop());

describe(`a database full to its cap (SQLITE_MAX_SIZE_MB=${CAP_MB})`, () => {
  it('answers the write 507 storage-full and saves nothing, health says degraded, reads work; freed space heals it without a restart', async () => {
    const spare: CalendarEvent[] = [];
    for (let i = 0; i < SPARE; i++) {
      const created = await create(i);
      expect(created.status).toBe(201);
      spare.push(created.body as CalendarEvent);
      expect((await send('DELETE', `/api/calendars/${companyId}/events/${spare[i]!.id}`, undefined, { 'if-match': '"1"' })).status).toBe(204);
    }
    let refused: Awaited<ReturnType<typeof create>> | undefined;
    let stored = 0;
    const { health: watched } = await whileWatchingHealth(server.url, async () => {
      for (let i = 0; i < FILL_MAX && !refused; i++) {
        const answer = await create(SPARE + i);
        if (answer.status === 201) stored++;
        else refused = answer;
      }
    });
    expectHealthAnswered(watched);
    expect(refused?.status).toBe(507);
    expect(refused!.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    expect(refused!.body).toMatchObject({ type: STORAGE_FULL_TYPE, status: 507, detail: expect.stringMatching(/storage is full, so nothing was saved/) });
    expect(await health()).toMatchObject({ status: 200, body: { status: 'degraded', store: 'full' } });

    // Reads still work, and the refused event is nowhere.
    const window = await send<CalendarEvent[]>('GET', `/api/events?start=2031-05-05T00:00:00Z&end=2031-05-06T00:00:00Z&calendarId=${companyId}`);
    expect(window.status).toBe(200);
    expect(window.body.filter((event) => event.title.startsWith('Filler'))).toHaveLength(stored);

    // An administrator frees space: the trash, purged. The next write works, and health says so.
    for (const event of spare) expect((await send('DELETE', `/api/calendars/${companyId}/trash/${event.id}`)).status).toBe(204);
    expect((await create(FILL_MAX + 1)).status).toBe(201);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', store: 'ready' } });

    const db = new Database(join(server.dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    expect(server.alive()).toBe(true);
  });
});

describe('a start on a full disk', () => {
  const REPO_ROOT = resolve(import.meta.dirname, '../../..');
  const mountPoint = mkdtempSync(join(tmpdir(), 'company-calendar-full-disk-'));
  afterAll(() => rmSync(mountPoint, { recursive: true, force: true }));

  /**
   * Starts the real server (as App Service does) with DATA_DIR on a 1 MB tmpfs; `before` runs in the namespace first,
   * with DATA_DIR set. The mount lives and dies with the namespace: nothing is left mounted on the machine.
   */
  const SERVER = `"${process.execPath}" ${SERVER_NODE_FLAGS.join(' ')} src/api/server.ts`;
  function startOnTmpfs(before: string) {
    const script = `mount -t tmpfs -o size=1m tmpfs "$DATA_DIR" && ${before} && exec ${SERVER}`;
    return spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: mountPoint, WEB_ROOT: join(mountPoint, 'no-web-app'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  }
  // Fills the file system to the last byte (cat stops at ENOSPC).
  const FILL = '{ cat /dev/zero > "$DATA_DIR/filler" 2>/dev/null || true; }';

  // The server starts on the empty disk, is stopped as a platform stops it once it listens, and then the disk fills.
  const FIRST_START = `{ ${SERVER} > "$DATA_DIR/first.log" 2>&1 & pid=$!;
    until grep -q 'is listening' "$DATA_DIR/first.log"; do kill -0 $pid || exit 3; sleep 0.05; done;
    kill -TERM $pid; wait $pid; rm "$DATA_DIR/first.log"; }`;

  it.each([
    ['a fresh data directory', FILL],
    ['existing data', `${FIRST_START} && ${FILL}`],
  ])('with %s prints one line saying what to free where, and exits 1 with no stack trace', (_, before) => {
    const result = startOnTmpfs(before);
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status, output).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `Company Calendar cannot start: the disk holding DATA_DIR (${mountPoint}) is full, 0 kB free. Free at least ${START_FREE_SPACE_MIN_BYTES / 1024 / 1024} MB there and start again.`,
    ]);
  });
});
