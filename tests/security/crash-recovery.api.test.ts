import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/api/stores/sqlite/sqlite-store.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { storeEnv } from '../api/helpers/test-server.ts';
import { freePort } from '../e2e/harness/server.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** Kill-and-restart rounds, as the attack ran them. */
const ROUNDS = 5;
/** Clients writing at once, each creating events and updating each a few times. */
const WRITERS = 8;
const UPDATES_PER_EVENT = 3;
/** Acknowledged writes in a round before the kill: the load is under way, with other writes in flight. */
const ACKS_BEFORE_KILL = 30;
const START_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 120_000;

const usesCosmos = process.env.TEST_STORE === 'cosmos';

interface Reply {
  status: number;
  etag: string | null;
  body: CalendarEvent;
}

/** A write the server acknowledged: what it answered, which must survive a kill at any moment after. */
interface Ack {
  path: string;
  etag: string;
  body: CalendarEvent;
}

interface ServerProcess {
  url: string;
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** The real server as a process of its own, as `npm start` runs it once the web app is built. */
async function startServer(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/api/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      // The Cosmos protocol server's certificate, trusted the way a deployment trusts an emulator's.
      ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
      ...storeEnv(dataDir),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      WEB_ROOT: join(dataDir, 'no-web-app'),
      // Hundreds of writes as one user: far above the per-user limit, which is not what this file is about.
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_TIMEOUT_MS; Date.now() < deadline && child.exitCode === null; await sleep(100)) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { url, stop };
    } catch {
      // Not listening yet.
    }
  }
  await stop('SIGKILL');
  throw new Error(`The server did not become healthy on ${url}.\n${errors}`);
}

async function send(url: string, method: string, path: string, token: string, body: object, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, etag: response.headers.get('etag'), body: (await response.json()) as CalendarEvent };
}

/**
 * One round: WRITERS clients create and update events until ACKS_BEFORE_KILL writes are acknowledged, then the
 * server gets SIGKILL with the others in flight. A request that dies with the server was never acknowledged.
 */
async function writeUntilKilled(server: ServerProcess, token: string, calendarId: string, acks: Map<string, Ack>, round: number): Promise<void> {
  let acknowledged = 0;
  let killed = false;
  const acknowledge = (reply: Reply, expected: number) => {
    expect(reply.status).toBe(expected);
    acks.set(reply.body.id, { path: `/api/calendars/${calendarId}/events/${reply.body.id}`, etag: reply.etag!, body: reply.body });
    if (++acknowledged === ACKS_BEFORE_KILL) {
      killed = true;
      void server.stop('SIGKILL');
    }
  };
  const unlessKilled = async (request: () => Promise<Reply>): Promise<Reply | null> => {
    try {
      return await request();
    } catch (error) {
      if (killed) return null;
      throw error;
    }
  };
  const writer = async (writer: number) => {
    for (let n = 0; !killed; n++) {
      const title = `Round ${round}, writer ${writer}, event ${n}`;
      const created = await unlessKilled(() =>
        send(server.url, 'POST', `/api/calendars/${calendarId}/events`, token, { title, start: '2027-11-01T09:00:00Z', end: '2027-11-01T10:00:00Z' }),
      );
      if (!created) return;
      acknowledge(created, 201);
      for (let update = 1; update <= UPDATES_PER_EVENT; update++) {
        const { path, etag } = acks.get(created.body.id)!;
        const updated = await unlessKilled(() => send(server.url, 'PATCH', path, token, { title: `${title}, edit ${update}` }, { 'if-match': etag }));
        if (!updated) return;
        acknowledge(updated, 200);
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)));
  await server.stop('SIGKILL');
  expect(acknowledged).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
}

/** Every acknowledged write is there at its version or a later one (a write in flight at the kill may have landed). */
async function expectAllAcknowledged(server: ServerProcess, token: string, acks: Map<string, Ack>): Promise<void> {
  const lost: string[] = [];
  await Promise.all(
    [...acks.values()].map(async (ack) => {
      const response = await fetch(server.url + ack.path, { headers: { authorization: `Bearer ${token}` } });
      const acked = ack.body.extendedProps.version;
      if (response.status !== 200) return lost.push(`${ack.body.title}: ${response.status}`);
      const stored = (await response.json()) as CalendarEvent;
      if (stored.extendedProps.version < acked) lost.push(`${ack.body.title}: version ${stored.extendedProps.version} < ${acked}`);
      else if (stored.extendedProps.version === acked) expect({ etag: response.headers.get('etag'), body: stored }).toEqual({ etag: ack.etag, body: ack.body });
    }),
  );
  expect(lost).toEqual([]);
}

function expectSqliteIntact(dataDir: string): void {
  const db = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    db.close();
  }
}

// Over Cosmos the store outlives the killed API process; what must hold is the same: nothing acknowledged is lost.
describe(`SIGKILL under write load (${usesCosmos ? 'Cosmos' : 'SQLite'})`, () => {
  it(`loses no acknowledged write over ${ROUNDS} kill-and-restart rounds on one data directory`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-crash-'));
    let server = await startServer(dataDir);
    try {
      // The development signing key lives in the data directory: one token serves every restart.
      const token = ((await (await fetch(`${server.url}/api/dev/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":"eddie"}' })).json()) as { accessToken: string }).accessToken;
      const calendars = (await (await fetch(`${server.url}/api/calendars`, { headers: { authorization: `Bearer ${token}` } })).json()) as Calendar[];
      const companyId = calendars.find((calendar) => calendar.name === 'Company')!.id;
      const acks = new Map<string, Ack>();

      for (let round = 1; round <= ROUNDS; round++) {
        await writeUntilKilled(server, token, companyId, acks, round);
        if (!usesCosmos) expectSqliteIntact(dataDir);
        server = await startServer(dataDir);
        await expectAllAcknowledged(server, token, acks);
      }
      await server.stop('SIGTERM');
      if (!usesCosmos) expectSqliteIntact(dataDir);
    } finally {
      await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, TEST_TIMEOUT_MS);
});
