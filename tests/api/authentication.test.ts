import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import type { ClientConfig, Me } from '../../src/shared/user.ts';
import { build, type TestServer } from './helpers/test-server.ts';
import { DEFAULT_USER_SETTINGS } from '../../src/shared/user-settings-schema.ts';

/** A person who has changed no setting: the defaults, at version 0. */
const NO_SETTINGS = { values: DEFAULT_USER_SETTINGS, version: 0 };

let api: TestServer;
beforeAll(async () => {
  // The token matrix sends 36 bad tokens from one address, past the default limit on failed authentications.
  api = await build({ FAILED_AUTHENTICATIONS_PER_MINUTE: '100' });
});
afterAll(() => api.close());

function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  claims.oid = 'ada';
  claims.roles = ['Calendar.Admin'];
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

function unsigned(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'urn:company-calendar:development', aud: 'api://company-calendar-development', iat: now, exp: now + 600, scp: 'access_as_user', ...claims })}.`;
}

describe('development sign-in', () => {
  it('describes itself and its demo users without a token', async () => {
    const response = await api.request<ClientConfig>('GET', '/api/client-config');
    expect(response.status).toBe(200);
    expect(response.body.host).toEqual({ validMessageOrigins: [], teamsAppId: null });
    if (response.body.auth.mode !== 'development') throw new Error('expected development sign-in');
    expect(response.body.auth.devUsers.map((u) => u.id)).toEqual(['ada', 'eddie', 'riley']);
  });

  it('issues a short-lived token for a demo user', async () => {
    const response = await api.request<{ accessToken: string; expiresOn: string }>('POST', '/api/dev/token', { body: { userId: 'riley' } });
    expect(response.status).toBe(200);
    const lifetime = Date.parse(response.body.expiresOn) - Date.now();
    expect(lifetime).toBeGreaterThan(50 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
  });

  it('refuses an unknown user with a field error', async () => {
    const response = await api.request<Problem>('POST', '/api/dev/token', { body: { userId: 'mallory' } });
    expect(response.status).toBe(400);
    expect(response.body.errors?.map((e) => e.field)).toEqual(['userId']);
  });
});

describe('GET /api/me', () => {
  it.each([
    ['ada', 'Ada Admin', ['reader', 'editor', 'admin']],
    ['eddie', 'Eddie Editor', ['reader', 'editor']],
    ['riley', 'Riley Reader', ['reader']],
  ] as const)('tells %s who they are and what they may do', async (id, name, roles) => {
    const response = await api.request<Me>('GET', '/api/me', { token: await api.tokenFor(id) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, name, tenantId: DEMO_TENANT_ID, roles, settings: NO_SETTINGS });
  });

  it('gives the editor role as soon as a write through any instance grants it, and takes it back as soon', async () => {
    // Another instance over the same store: what each instance remembers of the tenant must follow the other's writes.
    const other = await build({}, api.dataDir);
    try {
      const [riley, ada] = [await api.tokenFor('riley'), await other.tokenFor('ada')];
      const rolesOfRiley = async () => (await api.request<Me>('GET', '/api/me', { token: riley })).body.roles;
      expect(await rolesOfRiley()).toEqual(['reader']);
      const created = await other.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Support', color: '#8A3707' } });
      expect(await rolesOfRiley()).toEqual(['reader']);
      const path = `/api/calendars/${created.body.id}`;
      expect((await other.request('PATCH', path, { token: ada, body: { editors: ['riley'] }, headers: { 'if-match': '"1"' } })).status).toBe(200);
      expect(await rolesOfRiley()).toEqual(['reader', 'editor']);
      expect((await other.request('DELETE', path, { token: ada, headers: { 'if-match': '"2"' } })).status).toBe(204);
      expect(await rolesOfRiley()).toEqual(['reader']);
    } finally {
      await other.close({ keepData: true });
    }
  });
});

describe('tokens the API refuses with 401 and no data', () => {
  const user = { oid: 'eddie', tid: DEMO_TENANT_ID, name: 'Eddie Editor' };
  const cases: [string, () => Promise<Record<string, string>>][] = [
    ['no Authorization header', async () => ({})],
    ['a scheme other than Bearer', async () => ({ authorization: `Basic ${Buffer.from('eddie:pw').toString('base64')}` })],
    ['a malformed token', async () => ({ authorization: 'Bearer not-a-jwt' })],
    ['a token with a tampered payload', async () => ({ authorization: `Bearer ${tamper(await api.tokenFor('riley'))}` })],
    ['alg none', async () => ({ authorization: `Bearer ${unsigned(user)}` })],
    ['an expired token', async () => ({ authorization: `Bearer ${await api.mintToken(user, { expiresIn: -120 })}` })],
    ['a token not yet valid', async () => ({ authorization: `Bearer ${await api.mintToken(user, { notBefore: 600, expiresIn: 1200 })}` })],
    ['the wrong issuer', async () => ({ authorization: `Bearer ${await api.mintToken(user, { issuer: 'https://evil.example.com' })}` })],
    ['the wrong audience', async () => ({ authorization: `Bearer ${await api.mintToken(user, { audience: 'api://someone-else' })}` })],
    ['a missing scope', async () => ({ authorization: `Bearer ${await api.mintToken({ ...user, scp: 'User.Read' })}` })],
    ['an unknown key id', async () => ({ authorization: `Bearer ${await api.mintToken(user, { kid: 'unknown-key' })}` })],
    ['no tenant claim', async () => ({ authorization: `Bearer ${await api.mintToken({ oid: 'eddie', name: 'Eddie' })}` })],
  ];

  it.each(cases)('%s', async (_label, headers) => {
    for (const path of ['/api/me', '/api/calendars', '/api/events?start=2026-01-01&end=2026-02-01']) {
      const response = await api.request<Problem>('GET', path, { headers: await headers() });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(Object.keys(response.body).sort()).toEqual(['detail', 'instance', 'status', 'title', 'type']);
    }
  });

  it('keeps a token valid across the matrix’s controls', async () => {
    // The control: the same minting path with nothing wrong is accepted.
    const response = await api.request('GET', '/api/me', { token: await api.mintToken(user) });
    expect(response.status).toBe(200);
  });
});
