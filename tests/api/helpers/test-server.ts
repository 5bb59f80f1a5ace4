import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { DestinationStream } from 'pino';
import app, { type AppOptions } from '../../../src/api/app.ts';
import { DEV_AUDIENCE, DEV_ISSUER, DEV_KEY_FILE_NAME, DEV_SCOPE, type DevSigningKey } from '../../../src/api/auth/dev-identity.ts';
import { loadConfig } from '../../../src/api/config.ts';
import { serverOptions } from '../../../src/api/server-options.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed bodies. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  dataDir: string;
  server: FastifyInstance;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A token for a demo user, from the development sign-in route. */
  tokenFor(userId: 'ada' | 'eddie' | 'riley'): Promise<string>;
  /** A token signed with the development key, with any claims: for other tenants and the token matrix. */
  mintToken(claims: Record<string, unknown>, options?: { expiresIn?: number; notBefore?: number; kid?: string; audience?: string; issuer?: string }): Promise<string>;
  close(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * The store settings for this run: SQLite by default; under the api-cosmos project, a database on the Cosmos
 * protocol server named after the data directory, so that a restart on the same directory finds the same data.
 */
const LOCAL_COSMOS_DEADLINE_MS = 30_000;

export function storeEnv(dataDir: string): Record<string, string> {
  if (process.env.TEST_STORE !== 'cosmos') return {};
  return {
    STORE: 'cosmos',
    COSMOS_ENDPOINT: process.env.TEST_COSMOS_ENDPOINT!,
    COSMOS_KEY: process.env.TEST_COSMOS_KEY!,
    COSMOS_DATABASE: `test-${basename(dataDir)}`,
    // The local protocol server, sharing the machine with the suite, can take more than the store's 5 s deadline to
    // answer one page of a 5,000-event window: the deadline itself is tested at its default (tests/api/cosmos-only).
    COSMOS_REQUEST_DEADLINE_MS: String(LOCAL_COSMOS_DEADLINE_MS),
  };
}

/**
 * A real server on loopback over a real store: a SQLite file in a fresh temporary directory (or the one given). Its log
 * is silent unless env sets LOG_LEVEL; `logStream` then reads it.
 */
export async function build(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-api-')),
  options: { logStream?: DestinationStream } & Pick<AppOptions, 'live' | 'purgeIntervalMs' | 'eventLoopWindowMs' | 'icsReader'> = {},
): Promise<TestServer> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_ROOT: join(dataDir, 'no-web-app'), ...storeEnv(dataDir), ...env });
  const server = Fastify(serverOptions(config, options));
  const { live, purgeIntervalMs, eventLoopWindowMs, icsReader } = options;
  await server.register(fp(app), { config, live, purgeIntervalMs, eventLoopWindowMs, icsReader });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.addresses().find((candidate) => typeof candidate !== 'string');
  const url = `http://127.0.0.1:${address!.port}`;

  const request = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + path, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
  };

  return {
    url,
    dataDir,
    server,
    request,
    async tokenFor(userId) {
      const response = await request<{ accessToken: string }>('POST', '/api/dev/token', { body: { userId } });
      if (response.status !== 200) throw new Error(`dev token: ${response.status}`);
      return response.body.accessToken;
    },
    async mintToken(claims, options = {}) {
      const key = JSON.parse(readFileSync(join(dataDir, DEV_KEY_FILE_NAME), 'utf8')) as DevSigningKey;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ scp: DEV_SCOPE, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? (key.privateJwk.kid as string) })
        .setIssuer(options.issuer ?? DEV_ISSUER)
        .setAudience(options.audience ?? DEV_AUDIENCE)
        .setIssuedAt(now)
        .setNotBefore(now + (options.notBefore ?? 0))
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .sign(await importJWK(key.privateJwk as JWK, 'ES256'));
    },
    async close({ keepData = false } = {}) {
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const OTHER_TENANT_ID = '9b2e7c41-3f5a-4d8b-a1c6-0e7f2d4b5a99';
