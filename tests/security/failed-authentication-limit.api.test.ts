import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE } from '../../src/api/config.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';
import { exchange, type Exchange } from './helpers/http-exchange.ts';

/** A token whose signature is not the server's: one character inside the signature changed. */
function forged(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const changed = signature[10] === 'A' ? 'B' : 'A';
  return [header, payload, signature.slice(0, 10) + changed + signature.slice(11)].join('.');
}

const get = (api: TestServer, path: string, authorization?: string, localAddress?: string) =>
  exchange(api.url, path, { headers: { host: 'localhost', ...(authorization ? { authorization } : {}) }, localAddress });

function expectUnauthorized(response: Exchange, label: string) {
  expect(response.status, label).toBe(401);
  expect(response.headers['www-authenticate']).toBe('Bearer');
}

describe('failed authentications per address', () => {
  let api: TestServer;
  let valid: string;
  let failures: (() => Promise<Exchange>)[];
  beforeAll(async () => {
    api = await build();
    valid = await api.tokenFor('riley');
    const expired = await api.mintToken({ oid: 'riley', tid: DEMO_TENANT_ID, name: 'Riley Reader' }, { expiresIn: -120 });
    // Every kind of failure counts: no token, a malformed one, a forged one, an expired one; on any route.
    failures = [
      () => get(api, '/api/me'),
      () => get(api, '/api/calendars', 'Bearer not-a-jwt'),
      () => get(api, '/api/me', `Bearer ${forged(valid)}`),
      () => get(api, '/api/events?start=2026-01-01&end=2026-02-01', `Bearer ${expired}`),
    ];
  });
  afterAll(() => api.close());

  it(`answers ${DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE} failures with 401, the next with 429 and Retry-After; valid tokens pass throughout`, async () => {
    for (let i = 0; i < DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE; i++) {
      expectUnauthorized(await failures[i % failures.length]!(), `failure ${i + 1}`);
      // A valid token before the limit is answered, and does not count.
      if (i % 10 === 0) expect((await get(api, '/api/me', `Bearer ${valid}`)).status).toBe(200);
    }

    for (const failure of failures) {
      const limited = await failure();
      expect(limited.status).toBe(429);
      expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((JSON.parse(limited.body) as Problem).title).toBe('Too Many Requests');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // A valid token still passes: one client failing behind a shared address must not lock everyone else out.
    const me = await get(api, '/api/me', `Bearer ${valid}`);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ id: 'riley' });

    // Another address has its own count.
    expectUnauthorized(await get(api, '/api/me', `Bearer ${forged(valid)}`, '127.0.0.2'), 'from 127.0.0.2');
  });
});

describe('failed authentications behind a reverse proxy', () => {
  const LIMIT = 3;
  const from = (api: TestServer, forwardedFor?: string) =>
    exchange(api.url, '/api/me', { headers: { host: 'localhost', authorization: 'Bearer not-a-jwt', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) } });
  const statuses = async (api: TestServer, forwardedFor: string[]) => {
    const seen: number[] = [];
    for (const address of forwardedFor) seen.push((await from(api, address)).status);
    return seen;
  };

  it('count the client the trusted proxy names, whatever port App Service writes beside its address', async () => {
    const api = await build({ FAILED_AUTHENTICATIONS_PER_MINUTE: String(LIMIT), TRUSTED_PROXY_HOPS: '1' });
    try {
      // One client on ever-new connections (App Service writes address:port): one count, then 429.
      expect(await statuses(api, ['203.0.113.7:50001', '203.0.113.7:50002', '203.0.113.7', '203.0.113.7:50004'])).toEqual([401, 401, 401, 429]);
      // Another client behind the same proxy is not locked out with it.
      expect(await statuses(api, ['198.51.100.9:40000'])).toEqual([401]);
      // A client cannot pick its own address: only the last entry, the one the proxy appended, counts.
      expect(await statuses(api, ['192.0.2.1, 203.0.113.7:50005'])).toEqual([429]);
    } finally {
      await api.close();
    }
  });

  it('ignore X-Forwarded-For when no proxy is trusted, so a client cannot spread its failures over made-up addresses', async () => {
    const api = await build({ FAILED_AUTHENTICATIONS_PER_MINUTE: String(LIMIT) });
    try {
      expect(await statuses(api, ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'])).toEqual([401, 401, 401, 429]);
    } finally {
      await api.close();
    }
  });
});
