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
