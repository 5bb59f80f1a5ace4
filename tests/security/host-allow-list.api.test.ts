import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { ALLOWED_HOST_VALUES_MAX } from '../../src/api/plugins/app/host-allow-list.ts';
import { build, type TestServer } from '../api/helpers/test-server.ts';
import { exchange, rawStatus, type Exchange } from './helpers/http-exchange.ts';

// Names a DNS-rebinding page would carry: its own, whatever it resolves to.
const FOREIGN_HOSTS = ['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', 'calendar.contoso.com:3000', 'localhost.', 'localhost:3000@evil.example', ''];

function expectMisdirected(response: Exchange, host: string) {
  expect(response.status).toBe(421);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(response.body) as Problem;
  expect(problem).toMatchObject({ status: 421, title: 'Misdirected Request' });
  expect(response.body).not.toContain('accessToken');
  if (host) expect(response.body.toLowerCase()).not.toContain(host.toLowerCase());
}

describe('the Host allow-list in development mode', () => {
  let api: TestServer;
  let ada: string;
  beforeAll(async () => {
    api = await build();
    ada = await api.tokenFor('ada');
  });
  afterAll(() => api.close());

  describe.each(FOREIGN_HOSTS)('Host: %j', (host) => {
    it('gets no development token', async () => {
      expectMisdirected(await exchange(api.url, '/api/dev/token', { method: 'POST', headers: { host }, body: { userId: 'ada' } }), host);
    });

    it('reads no calendars, even with a valid token', async () => {
      expectMisdirected(await exchange(api.url, '/api/calendars', { headers: { host, authorization: `Bearer ${ada}` } }), host);
    });

    it('gets no web app page, and no route’s 404', async () => {
      expectMisdirected(await exchange(api.url, '/', { headers: { host } }), host);
      expectMisdirected(await exchange(api.url, '/no/such/page', { headers: { host } }), host);
    });
  });

  it('refuses before validating the body, and changes nothing', async () => {
    expectMisdirected(await exchange(api.url, '/api/dev/token', { method: 'POST', headers: { host: 'evil.example' }, body: { userId: 'mallory' } }), 'evil.example');
    const create = await exchange(api.url, '/api/calendars', {
      method: 'POST',
      headers: { host: 'evil.example', authorization: `Bearer ${ada}` },
      body: { name: 'Rebound', color: '#005B70', editors: [] },
    });
    expectMisdirected(create, 'evil.example');
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: ada });
    expect(calendars.body.map((calendar) => calendar.name)).not.toContain('Rebound');
  });

  it('refuses an HTTP/1.0 request without Host', async () => {
    const response = await rawStatus(api.url, 'POST /api/dev/token HTTP/1.0\r\ncontent-type: application/json\r\ncontent-length: 16\r\n\r\n{"userId":"ada"}');
    expect(response.status).toBe(421);
    expect(response.text).not.toContain('accessToken');
  });

  it('refuses an HTTP/1.1 request without Host, which HTTP/1.1 requires', async () => {
    const response = await exchange(api.url, '/api/dev/token', { method: 'POST', body: { userId: 'ada' } });
    expect(response.status).toBe(421);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).not.toContain('accessToken');
  });

  it.each(['localhost', 'LOCALHOST:3000', '127.0.0.1', '127.0.0.1:1', '[::1]', '[::1]:65535'])('answers loopback’s name %s on any port', async (host) => {
    const token = await exchange(api.url, '/api/dev/token', { method: 'POST', headers: { host }, body: { userId: 'riley' } });
    expect(token.status).toBe(200);
    const calendars = await exchange(api.url, '/api/calendars', { headers: { host, authorization: `Bearer ${ada}` } });
    expect(calendars.status).toBe(200);
  });

  it.each(['evil.example', ''])('answers GET /api/health whatever the Host (%j): platform probes may not name the site', async (host) => {
    const response = await exchange(api.url, '/api/health', { headers: { host } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ status: 'ok', store: 'ready' });
    expect((await exchange(api.url, '/api/health', { method: 'HEAD', headers: { host } })).status).toBe(200);
  });

  it('answers nothing else under a foreign name, however close to the health route', async () => {
    for (const path of ['/api/health/', '/api/healthz', '/api/client-config']) {
      expect((await exchange(api.url, path, { headers: { host: 'evil.example' } })).status, path).toBe(421);
    }
  });

  it(`decides the same past the ${ALLOWED_HOST_VALUES_MAX} allowed Host values it remembers`, async () => {
    const status = async (host: string) => (await exchange(api.url, '/api/client-config', { headers: { host } })).status;
    for (let port = 1; port <= ALLOWED_HOST_VALUES_MAX + 10; port++) expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status('localhost:1')).toBe(200);
    // A refusal is never remembered as an answer.
    for (let ask = 0; ask < 2; ask++) expect(await status('evil.example')).toBe(421);
  });
});

describe('the Host allow-list with public host names', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await build({
      ENTRA_CLIENT_ID: '11111111-2222-4333-8444-555555555555',
      // Never fetched: no token is verified here.
      ENTRA_JWKS_URI: 'http://127.0.0.1:9/keys',
      PUBLIC_HOSTS: 'calendar.contoso.com tab.contoso.com:8443',
    });
  });
  afterAll(() => api.close());

  it.each(['calendar.contoso.com', 'Calendar.Contoso.com', 'calendar.contoso.com:443', 'tab.contoso.com:8443', 'localhost', '127.0.0.1:3000'])(
    'answers %s',
    async (host) => {
      const response = await exchange(api.url, '/api/client-config', { headers: { host } });
      expect(response.status).toBe(200);
    },
  );

  it.each(['evil.example', 'calendar.contoso.com.evil.example', 'tab.contoso.com', 'tab.contoso.com:443', 'contoso.com'])('refuses %s', async (host) => {
    expectMisdirected(await exchange(api.url, '/api/client-config', { headers: { host } }), host);
    expectMisdirected(await exchange(api.url, '/api/me', { headers: { host, authorization: 'Bearer x.y.z' } }), host);
  });
});
