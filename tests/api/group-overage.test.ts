import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { MEMBER_GROUPS_PAGES_MAX } from '../../src/api/directory/graph-directory.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { entraUserToken, graphApiEnv, startTestGraph } from './helpers/entra-graph-app.ts';
import type { FakeGraph } from './helpers/fake-graph.ts';
import { startJwksServer, type JwksServer } from './helpers/jwks-server.ts';
import { build, type TestServer } from './helpers/test-server.ts';

const MEMBERSHIPS = '/me/transitiveMemberOf/microsoft.graph.group';
const EDITING_GROUP = 'e0e0e0e0-0000-4000-8000-000000000001';
const OVERAGE_USER = 'dddddddd-0000-4000-8000-00000000000d';
const ENDLESS_USER = 'dddddddd-0000-4000-8000-0000000000e1';
const group = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** What Entra ID sends instead of `groups` for a user in more than 200 groups. */
const OVERAGE_CLAIMS = {
  _claim_names: { groups: 'src1' },
  _claim_sources: { src1: { endpoint: `https://graph.windows.net/${DEMO_TENANT_ID}/users/${OVERAGE_USER}/getMemberObjects` } },
};

let jwks: JwksServer;
let fake: FakeGraph;
let api: TestServer;
let calendar: Calendar;

const entraToken = (oid: string, claims: Record<string, unknown> = {}) => entraUserToken(jwks, oid, claims);
const membershipRequests = () => fake.requests.filter((request) => request.path === MEMBERSHIPS);

beforeAll(async () => {
  jwks = await startJwksServer();
  fake = await startTestGraph();
  // Two pages, as Graph pages a long membership list: the group that may edit is on the second.
  fake.route('GET', MEMBERSHIPS, ({ query, caller }) => {
    // A listing that never ends, for the page bound.
    if (caller.userId === ENDLESS_USER) return { body: { value: [{ id: EDITING_GROUP }], '@odata.nextLink': `${fake.graphBaseUrl}${MEMBERSHIPS}?$skiptoken=more` } };
    if (caller.userId !== OVERAGE_USER) return { body: { value: [] } };
    if (query.get('$skiptoken') === 'page-2') return { body: { value: [{ id: EDITING_GROUP.toUpperCase() }, { id: group(250) }] } };
    const first = Array.from({ length: 249 }, (_, i) => ({ '@odata.type': '#microsoft.graph.group', id: group(i + 1) }));
    return { body: { '@odata.count': 251, value: first, '@odata.nextLink': `${fake.graphBaseUrl}${MEMBERSHIPS}?$skiptoken=page-2` } };
  });
  api = await build(graphApiEnv(fake, jwks));
  const admin = await entraToken('aaaaaaaa-0000-4000-8000-00000000000a', { roles: ['Calendar.Admin'] });
  calendar = (await api.request<Calendar>('POST', '/api/calendars', { token: admin, body: { name: 'Big org', color: '#005B70', editors: [EDITING_GROUP] } })).body;
});
afterAll(async () => {
  await api.close();
  await Promise.all([jwks.close(), fake.close()]);
});

describe('a token over the groups limit (Entra’s group overage)', () => {
  it('gets the user’s groups from Graph, every page, on their behalf, and so may edit by group', async () => {
    const token = await entraToken(OVERAGE_USER, OVERAGE_CLAIMS);
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(calendars.status).toBe(200);
    expect(calendars.body.find((c) => c.id === calendar.id)?.canEdit).toBe(true);
    const [first, second] = membershipRequests();
    expect(membershipRequests()).toHaveLength(2);
    expect(first!.headers.consistencylevel).toBe('eventual');
    expect(Object.fromEntries(first!.query)).toEqual({ $select: 'id', $top: '999', $count: 'true' });
    expect(second!.query.get('$skiptoken')).toBe('page-2');
    expect(fake.exchanges.at(-1)).toMatchObject({ assertion: token, scopes: [`${new URL(fake.graphBaseUrl).origin}/User.Read`] });

    const created = await api.request('POST', `/api/calendars/${calendar.id}/events`, {
      token,
      body: { title: 'Overage edit', start: '2026-12-07T10:00:00Z', end: '2026-12-07T11:00:00Z' },
    });
    expect(created.status).toBe(201);
  });

  it('remembers the groups: later requests, with a renewed token too, ask Graph nothing', async () => {
    const before = fake.requests.length;
    const renewed = await entraToken(OVERAGE_USER, { ...OVERAGE_CLAIMS, jti: 'renewed' });
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: renewed });
    expect(calendars.body.find((c) => c.id === calendar.id)?.canEdit).toBe(true);
    expect((await api.request('GET', '/api/me', { token: renewed })).status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });

  it('costs a token that lists its groups nothing: Graph is never asked', async () => {
    const before = fake.requests.length;
    const listed = await entraToken('ffffffff-0000-4000-8000-00000000000f', { groups: [EDITING_GROUP] });
    expect((await api.request<Calendar[]>('GET', '/api/calendars', { token: listed })).body.find((c) => c.id === calendar.id)?.canEdit).toBe(true);
    const none = await entraToken('ffffffff-0000-4000-8000-0000000000f2');
    expect((await api.request<Calendar[]>('GET', '/api/calendars', { token: none })).body.find((c) => c.id === calendar.id)?.canEdit).toBe(false);
    expect(fake.requests.length).toBe(before);
  });

  it('leaves a user Graph cannot answer for in no group, still reading, and asks again only later', async () => {
    const token = await entraToken('eeeeeeee-0000-4000-8000-00000000000e', OVERAGE_CLAIMS);
    const asked = membershipRequests().length;
    fake.throttleNext(1, '0', 400);
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(calendars.status).toBe(200);
    expect(membershipRequests().length).toBe(asked + 1);
    expect(calendars.body.find((c) => c.id === calendar.id)?.canEdit).toBe(false);
    const before = fake.requests.length;
    expect((await api.request('GET', '/api/calendars', { token })).status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });

  it(`reads at most ${MEMBER_GROUPS_PAGES_MAX} pages of memberships, then treats the user as in no group`, async () => {
    const token = await entraToken(ENDLESS_USER, OVERAGE_CLAIMS);
    const asked = membershipRequests().length;
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(calendars.status).toBe(200);
    expect(calendars.body.find((c) => c.id === calendar.id)?.canEdit).toBe(false);
    expect(membershipRequests().length - asked).toBe(MEMBER_GROUPS_PAGES_MAX);
  });
});
