import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/api/access-log.ts';
import app from '../../src/api/app.ts';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { loadConfig } from '../../src/api/config.ts';
import { serverOptions } from '../../src/api/server-options.ts';
import { storeEnv } from './helpers/test-server.ts';

type LogLine = Record<string, unknown>;

/** A server as `npm start` makes one, at LOG_LEVEL=info, whose log lines the test reads. */
async function loggedServer(dataDir: string) {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_ROOT: join(dataDir, 'no-web-app'), ...storeEnv(dataDir) });
  const server: FastifyInstance = Fastify(serverOptions(config, { logStream }));
  await server.register(fp(app), { config });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.addresses().find((candidate) => typeof candidate !== 'string')!;
  return { server, lines, url: `http://127.0.0.1:${address.port}` };
}

describe('the access log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-api-'));
  let logged: Awaited<ReturnType<typeof loggedServer>>;
  let token: string;

  beforeAll(async () => {
    logged = await loggedServer(dataDir);
    const response = await fetch(`${logged.url}/api/dev/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'riley' }),
    });
    token = ((await response.json()) as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await logged.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => void logged.lines.splice(0));

  /** The lines written about one request (they carry its id), once the one that ends it (with its status) is in. */
  async function requestLines(path: string, headers: Record<string, string> = {}): Promise<LogLine[]> {
    const response = await fetch(logged.url + path, { headers });
    await response.arrayBuffer();
    // Fastify's own completion line carried the status in `res`.
    await expect.poll(() => logged.lines.some((line) => 'status' in line || 'res' in line)).toBe(true);
    return logged.lines.filter((line) => line.reqId);
  }

  it('writes one line per request, with what an operator follows it by, and never the token', async () => {
    const lines = await requestLines('/api/me', { authorization: `Bearer ${token}` });
    expect(lines).toHaveLength(1);
    const [line] = lines as [LogLine];
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/api/me', status: 200, tenant: DEMO_TENANT_ID, msg: 'answered' });
    expect(line.reqId).toEqual(expect.any(String));
    expect(line.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(logged.lines)).not.toContain(token);
  });

  it('logs refusals too, without a tenant when no one signed in', async () => {
    const lines = await requestLines('/api/calendars');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'GET', url: '/api/calendars', status: 401 });
    expect(lines[0]).not.toHaveProperty('tenant');
  });

  it('keeps the values of the query parameters the API reads, and only the names of others', async () => {
    const secret = 'eyJhbGciOiJFUzI1NiJ9.secret';
    const lines = await requestLines(`/api/events?start=2026-01-01&end=2026-02-01&access_token=${secret}&timeZone=UTC`, {
      authorization: `Bearer ${token}`,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.url).toBe(`/api/events?start=2026-01-01&end=2026-02-01&access_token=${REDACTED}&timeZone=UTC`);
    expect(JSON.stringify(logged.lines)).not.toContain(secret);
  });
});
