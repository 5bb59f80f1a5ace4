import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { ClientConfig, Me } from '../../src/shared/user.ts';
import { VIDEO_FRAME_ORIGINS } from '../../src/shared/video-url.ts';
import { startJwksServer, type JwksServer } from './helpers/jwks-server.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';
import { DEFAULT_USER_SETTINGS } from '../../src/shared/user-settings-schema.ts';

/** A person who has changed no setting: the defaults, at version 0. */
const NO_SETTINGS = { values: DEFAULT_USER_SETTINGS, version: 0 };

const CLIENT_ID = '11111111-2222-4333-8444-555555555555';
const APP_ID_URI = `api://calendar.contoso.test/${CLIENT_ID}`;
const entraIssuer = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;

let jwks: JwksServer;
let api: TestServer;

function entraClaims(overrides: Record<string, unknown> = {}) {
  return {
    iss: entraIssuer(DEMO_TENANT_ID),
    aud: APP_ID_URI,
    tid: DEMO_TENANT_ID,
    oid: 'aaaaaaaa-0000-4000-8000-000000000001',
    name: 'Megan Bowen',
    scp: 'access_as_user',
    ver: '2.0',
    ...overrides,
  };
}

beforeAll(async () => {
  jwks = await startJwksServer();
  api = await build({
    ENTRA_CLIENT_ID: CLIENT_ID,
    ENTRA_APP_ID_URI: APP_ID_URI,
    ENTRA_JWKS_URI: jwks.url,
    // The demo tenant's id is a GUID, so it doubles as an Entra tenant here.
    SEED_DEMO_DATA: 'true',
  });
});
afterAll(async () => {
  await api.close();
  await jwks.close();
});

describe('Entra ID v2 tokens', () => {
  it('identifies the user by oid and tid, with app roles', async () => {
    const token = await jwks.sign(entraClaims({ roles: ['Calendar.Admin'] }));
    const me = await api.request<Me>('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Megan Bowen', tenantId: DEMO_TENANT_ID, roles: ['reader', 'editor', 'admin'], settings: NO_SETTINGS });
  });

  it('accepts the client id as audience as well as the App ID URI', async () => {
    const response = await api.request('GET', '/api/me', { token: await jwks.sign(entraClaims({ aud: CLIENT_ID })) });
    expect(response.status).toBe(200);
  });

  it('grants edit rights through the groups claim', async () => {
    const admin = await jwks.sign(entraClaims({ roles: ['Calendar.Admin'] }));
    const calendar = await api.request<Calendar>('POST', '/api/calendars', { token: admin, body: { name: 'HR', color: '#005B70', editors: ['bbbbbbbb-0000-4000-8000-000000000001'] } });
    const member = await jwks.sign(entraClaims({ oid: 'cccccccc-0000-4000-8000-000000000002', groups: ['bbbbbbbb-0000-4000-8000-000000000001'] }));
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: member });
    expect(calendars.body.find((c) => c.id === calendar.body.id)?.canEdit).toBe(true);
  });

  it('lets a valid token from another tenant see only that tenant’s data', async () => {
    const token = await jwks.sign(entraClaims({ iss: entraIssuer(OTHER_TENANT_ID), tid: OTHER_TENANT_ID }));
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(calendars.status).toBe(200);
    expect(calendars.body).toEqual([]);
  });

  const refused: [string, () => Promise<string>][] = [
    ['a v1 issuer', () => jwks.sign(entraClaims({ iss: `https://sts.windows.net/${DEMO_TENANT_ID}/` }))],
    ['an issuer for another tenant than tid', () => jwks.sign(entraClaims({ iss: entraIssuer(OTHER_TENANT_ID) }))],
    ['a look-alike issuer host', () => jwks.sign(entraClaims({ iss: `https://login.microsoftonline.com.evil.example/${DEMO_TENANT_ID}/v2.0` }))],
    ['the wrong audience', () => jwks.sign(entraClaims({ aud: 'api://someone-else' }))],
    ['no access_as_user scope', () => jwks.sign(entraClaims({ scp: 'User.Read' }))],
    ['an application token with no scope', () => jwks.sign(entraClaims({ scp: undefined, roles: ['Calendar.Admin'] }))],
    ['an expired token', () => jwks.sign(entraClaims(), { expiresIn: -300 })],
    ['an unknown key id', () => jwks.sign(entraClaims(), { kid: 'rotated-away', unservedKey: true })],
    ['a known key id on another key', () => jwks.sign(entraClaims(), { unservedKey: true })],
    [
      'HS256 signed with the public key (algorithm confusion)',
      async () => {
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        const unsigned = `${part({ alg: 'HS256', kid: 'served-key' })}.${part({ ...entraClaims(), iat: now, exp: now + 600 })}`;
        const signature = createHmac('sha256', JSON.stringify(jwks.publicJwk)).update(unsigned).digest('base64url');
        return `${unsigned}.${signature}`;
      },
    ],
  ];
  it.each(refused)('refuses %s with 401', async (_label, token) => {
    const response = await api.request('GET', '/api/calendars', { token: await token() });
    expect(response.status).toBe(401);
  });

  it('lets the web app reach Entra ID, and nothing else new, under its CSP', async () => {
    // A page's policy: no web app is built here, so / answers 404 with a page's headers.
    const csp = (await fetch(`${api.url}/`)).headers.get('content-security-policy') ?? '';
    expect(/connect-src ([^;]+)/.exec(csp)?.[1]).toBe("'self' https://res.cdn.office.net https://login.microsoftonline.com");
    expect(/frame-src ([^;]+)/.exec(csp)?.[1]).toBe(`'self' https://login.microsoftonline.com ${VIDEO_FRAME_ORIGINS.join(' ')}`);
  });

  it('has no development sign-in once a provider is configured', async () => {
    expect((await api.request('POST', '/api/dev/token', { body: { userId: 'ada' } })).status).toBe(404);
    const config = await api.request<ClientConfig>('GET', '/api/client-config');
    expect(config.body).toEqual({
      auth: {
        mode: 'production',
        entra: { clientId: CLIENT_ID, authority: 'https://login.microsoftonline.com/organizations', apiScope: `${APP_ID_URI}/access_as_user` },
      },
      host: { validMessageOrigins: [], teamsAppId: null },
      sharePointOrigins: [],
    });
  });
});

describe('the tenant allow-list', () => {
  it('refuses tokens from tenants not on it', async () => {
    const listed = await build({ ENTRA_CLIENT_ID: CLIENT_ID, ENTRA_JWKS_URI: jwks.url, ENTRA_ALLOWED_TENANTS: OTHER_TENANT_ID });
    const outsider = await jwks.sign(entraClaims({ aud: CLIENT_ID }));
    expect((await listed.request('GET', '/api/me', { token: outsider })).status).toBe(401);
    const member = await jwks.sign(entraClaims({ aud: CLIENT_ID, iss: entraIssuer(OTHER_TENANT_ID), tid: OTHER_TENANT_ID }));
    expect((await listed.request('GET', '/api/me', { token: member })).status).toBe(200);
    await listed.close();
  });
});

describe('a generic OpenID Connect provider', () => {
  it('puts its users in the configured organisation, whatever tid they claim', async () => {
    const oidc = await build({
      OIDC_ISSUER: 'https://idp.contoso.test',
      OIDC_CLIENT_ID: 'company-calendar-web',
      OIDC_AUDIENCE: 'https://calendar.contoso.test/api',
      OIDC_JWKS_URI: jwks.url,
      OIDC_TENANT_ID: DEMO_TENANT_ID,
      SEED_DEMO_DATA: 'true',
    });
    const token = await jwks.sign({ iss: 'https://idp.contoso.test', aud: 'https://calendar.contoso.test/api', sub: 'user-42', name: 'Casey', tid: OTHER_TENANT_ID });
    const me = await oidc.request<Me>('GET', '/api/me', { token });
    expect(me.body).toEqual({ id: 'user-42', name: 'Casey', tenantId: DEMO_TENANT_ID, roles: ['reader'], settings: NO_SETTINGS });
    const calendars = await oidc.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(calendars.body.map((c) => c.name)).toEqual(['Company', 'Engineering', 'Holidays']);
    const wrongAudience = await jwks.sign({ iss: 'https://idp.contoso.test', aud: 'something-else', sub: 'user-42' });
    expect((await oidc.request('GET', '/api/me', { token: wrongAudience })).status).toBe(401);
    const entraToken = await jwks.sign(entraClaims());
    expect((await oidc.request('GET', '/api/me', { token: entraToken })).status).toBe(401);
    await oidc.close();
  });
});
