import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TOKENS_PER_MINUTE, FORWARDING_HEADERS } from '../../src/api/routes/dev-sign-in.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';
import { exchange, type Exchange } from './helpers/http-exchange.ts';

const FORWARDED_VALUES: Record<(typeof FORWARDING_HEADERS)[number], string> = {
  forwarded: 'for=203.0.113.7;host=localhost;proto=http',
  'x-forwarded-for': '127.0.0.1',
  'x-forwarded-host': 'localhost',
  'x-forwarded-proto': 'http',
  'x-real-ip': '127.0.0.1',
  via: '1.1 proxy',
};

const askForToken = (api: TestServer, headers: Record<string, string> = {}, localAddress?: string) =>
  exchange(api.url, '/api/dev/token', { method: 'POST', headers: { host: 'localhost', ...headers }, body: { userId: 'ada' }, localAddress });

function expectRefused(response: Exchange) {
  expect(response.status).toBe(403);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(response.body)).toMatchObject({ status: 403, title: 'Forbidden' });
  expect(response.body).not.toContain('accessToken');
}

describe('the development token route’s guards', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await build();
  });
  afterAll(() => api.close());

  it.each(['https://evil.example', 'http://evil.example:3000', 'http://localhost.evil.example:3000', 'http://127.0.0.1.nip.io', 'null', 'file://', 'http://localhost:3000/path', 'ftp://localhost'])(
    'refuses Origin: %s',
    async (origin) => {
      expectRefused(await askForToken(api, { origin }));
    },
  );

  it.each(['cross-site', 'same-site', 'none'])('refuses Sec-Fetch-Site: %s', async (site) => {
    expectRefused(await askForToken(api, { 'sec-fetch-site': site }));
    expectRefused(await askForToken(api, { origin: 'http://localhost:3000', 'sec-fetch-site': site }));
  });

  it.each(FORWARDING_HEADERS)('refuses a request relayed with %s', async (name) => {
    expectRefused(await askForToken(api, { [name]: FORWARDED_VALUES[name] }));
  });

  it('refuses without echoing what it was sent', async () => {
    const response = await askForToken(api, { origin: 'https://attacker-marker.example' });
    expect(response.body).not.toContain('attacker-marker');
  });

  it.each<Record<string, string>>([
    {},
    { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    { origin: 'http://127.0.0.1:5173' },
    { origin: 'https://localhost' },
    { origin: 'http://[::1]:3000', 'sec-fetch-site': 'same-origin' },
  ])('gives a token to a same-origin request from this machine: %j', async (headers) => {
    const response = await askForToken(api, headers);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toHaveProperty('accessToken');
  });
});

describe('the development token route’s limit per address', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await build();
  });
  afterAll(() => api.close());

  it(`answers ${DEV_TOKENS_PER_MINUTE} requests a minute from one address, then 429 with Retry-After`, async () => {
    // Refused requests do not use the address's allowance up.
    for (let i = 0; i < 5; i++) expectRefused(await askForToken(api, { origin: 'https://evil.example' }));
    for (let i = 0; i < DEV_TOKENS_PER_MINUTE; i++) expect((await askForToken(api)).status, `request ${i + 1}`).toBe(200);

    const limited = await askForToken(api);
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((JSON.parse(limited.body) as Problem).status).toBe(429);
    expect(limited.body).not.toContain('accessToken');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address on this machine has its own allowance.
    expect((await askForToken(api, {}, '127.0.0.2')).status).toBe(200);
  });
});
