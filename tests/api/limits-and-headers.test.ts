import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { REQUEST_BODY_MAX_BYTES } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { VIDEO_FRAME_ORIGINS } from '../../src/shared/video-url.ts';
import { TEAMS_FRAME_ANCESTORS } from '../../src/api/plugins/external/security-headers.ts';
import { StoreUnavailableError } from '../../src/api/stores/repository.ts';
import { build, type TestServer } from './helpers/test-server.ts';

describe('limits and headers', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await build({
      SHAREPOINT_ORIGINS: 'https://contoso.sharepoint.com, https://fabrikam.sharepoint.com/sites/intranet',
      TRUSTED_HOST_ORIGINS: 'http://127.0.0.1:4100',
      TEAMS_APP_ID: '0d2b5c8e-7a41-4f3e-9c6d-1b2a3c4d5e6f',
    });
  });
  afterAll(() => api.close());

  it(`refuses a body over ${REQUEST_BODY_MAX_BYTES} bytes with 413, and accepts one just under`, async () => {
    const token = await api.tokenFor('ada');
    const company = (await api.request<Calendar[]>('GET', '/api/calendars', { token })).body[0]!;
    const padding = (size: number) => ({ title: 'Big', start: '2027-01-01', extendedProps: { description: '' }, groupId: 'x'.repeat(size) });
    const over = JSON.stringify(padding(REQUEST_BODY_MAX_BYTES));
    const tooBig = await api.request<Problem>('POST', `/api/calendars/${company.id}/events`, { token, rawBody: over, headers: { 'content-type': 'application/json' } });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Just under the limit, the body is read and validated on its merits.
    const under = JSON.stringify(padding(REQUEST_BODY_MAX_BYTES - 200));
    const fits = await api.request<Problem>('POST', `/api/calendars/${company.id}/events`, { token, rawBody: under, headers: { 'content-type': 'application/json' } });
    expect(fits.status).toBe(400);
    expect(fits.body.errors?.map((e) => e.field)).toEqual(['groupId']);
  });

  it('sends pages a CSP whose frame-ancestors are the Microsoft 365 hosts and the configured SharePoint and host origins', async () => {
    // No web app is built here: these paths answer 404, with the headers a page gets.
    for (const path of ['/', '/calendar/2027-01-01']) {
      const response = await fetch(api.url + path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.split(' ');
      expect(ancestors).toEqual(["'self'", ...TEAMS_FRAME_ANCESTORS, 'https://contoso.sharepoint.com', 'https://fabrikam.sharepoint.com', 'http://127.0.0.1:4100']);
      // Development sign-in talks to no identity provider, so nothing beyond teams-js's origin list is reachable.
      expect(/connect-src ([^;]+)/.exec(csp)?.[1]).toBe("'self' https://res.cdn.office.net");
      // Event videos play in frames from their providers' players and the configured SharePoint sites (Stream), no others.
      expect(/frame-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toEqual(["'self'", ...VIDEO_FRAME_ORIGINS, 'https://contoso.sharepoint.com', 'https://fabrikam.sharepoint.com']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('x-dns-prefetch-control')).toBe('off');
    }
  });

  it("sends the API's answers, errors too, a CSP that loads nothing and lets nobody frame them, without the pages' headers", async () => {
    const token = await api.tokenFor('ada');
    const answers = [
      await fetch(`${api.url}/api/health`),
      await fetch(`${api.url}/api/calendars`, { headers: { authorization: `Bearer ${token}` } }),
      await fetch(`${api.url}/api/calendars`),
      await fetch(`${api.url}/api/no-such-route`),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 200, 401, 404]);
    for (const response of answers) {
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('x-dns-prefetch-control')).toBeNull();
      expect(response.headers.get('origin-agent-cluster')).toBeNull();
    }
  });

  it('tells the web app which host origins to trust, the Teams app id, and the SharePoint sites whose videos may be embedded', async () => {
    const response = await api.request<{ host: unknown; sharePointOrigins: unknown }>('GET', '/api/client-config');
    expect(response.body.host).toEqual({
      validMessageOrigins: ['https://contoso.sharepoint.com', 'https://fabrikam.sharepoint.com', 'http://127.0.0.1:4100'],
      teamsAppId: '0d2b5c8e-7a41-4f3e-9c6d-1b2a3c4d5e6f',
    });
    expect(response.body.sharePointOrigins).toEqual(['https://contoso.sharepoint.com', 'https://fabrikam.sharepoint.com']);
  });

  it('answers health without a token', async () => {
    const response = await api.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', store: 'ready' });
  });

  it('answers unknown API routes with a problem 404', async () => {
    const response = await api.request<Problem>('GET', '/api/nothing-here', { token: await api.tokenFor('riley') });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('rate limit', () => {
  const PER_MINUTE = 5;
  let api: TestServer;
  // A web app of two files, to load past the limit.
  const webRoot = mkdtempSync(join(tmpdir(), 'company-calendar-web-'));
  beforeAll(async () => {
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Company Calendar</title>');
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'export {};');
    api = await build({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('gives a user 429 with Retry-After past the limit, and leaves other users alone', async () => {
    // Tokens first: the sign-in route counts against the caller's address.
    const [riley, eddie] = [await api.tokenFor('riley'), await api.tokenFor('eddie')];
    for (let i = 0; i < PER_MINUTE; i++) {
      const allowed = await api.request('GET', '/api/me', { token: riley });
      expect(allowed.status).toBe(200);
      // The counters are per instance: a remainder behind a load balancer would not be the client's.
      expect([...allowed.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    const limited = await api.request<Problem>('GET', '/api/me', { token: riley });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await api.request('GET', '/api/me', { token: eddie })).status).toBe(200);
  });

  it('counts the API only: past the limit for an address, its requests for the web app still get an answer', async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await api.request('GET', '/api/client-config')).status).toBe(200);
    expect((await api.request('GET', '/api/client-config')).status).toBe(429);
    // The same route spelt with an escape is still the API.
    expect((await api.request('GET', '/%61pi/client-config')).status).toBe(429);
    for (let i = 0; i <= PER_MINUTE; i++) {
      expect((await fetch(`${api.url}/assets/index-abc123.js`)).status).toBe(200);
      expect((await fetch(`${api.url}/`)).status).toBe(200);
    }
  });
});

describe('store failures', () => {
  let api: TestServer;
  let token: string;
  beforeAll(async () => {
    api = await build();
    token = await api.tokenFor('riley');
  });
  afterAll(() => api.close());

  it('become a 500 that says nothing of the cause, and health reports the store down', async () => {
    // Fault injection on the real server's store: the database answers with an error naming its internals.
    const { store } = api.server;
    const list = store.calendars.list;
    const isReady = store.isReady;
    store.calendars.list = () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432 (sqlite database is locked)'));
    (store as { isReady: () => Promise<boolean> }).isReady = async () => false;
    try {
      const failed = await api.request<Problem>('GET', '/api/calendars', { token });
      expect(failed.status).toBe(500);
      expect(failed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(JSON.stringify(failed.body)).not.toMatch(/database|sqlite|ECONNREFUSED|10\.1\.2\.3|stack/i);
      const health = await api.request('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'unavailable', store: 'unavailable' });
    } finally {
      store.calendars.list = list;
      (store as { isReady: () => Promise<boolean> }).isReady = isReady;
    }
  });

  it('become a 503 with Retry-After when the store is throttling and retries ran out', async () => {
    const { store } = api.server;
    const list = store.calendars.list;
    store.calendars.list = () => Promise.reject(new StoreUnavailableError(7));
    try {
      const response = await api.request<Problem>('GET', '/api/calendars', { token });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('7');
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    } finally {
      store.calendars.list = list;
    }
  });
});
