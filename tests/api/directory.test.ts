import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { DirectoryEntry, DirectoryResolveResult, DirectorySearchResult } from '../../src/shared/directory-schema.ts';
import { DIRECTORY_QUERY_MAX, DIRECTORY_RESOLVE_IDS_MAX, DIRECTORY_RESULTS_MAX } from '../../src/shared/limits.ts';
import { CONSENT_REQUIRED_TYPE, type Problem } from '../../src/shared/problem.ts';
import { entraUserToken, graphApiEnv, startTestGraph } from './helpers/entra-graph-app.ts';
import type { FakeGraph } from './helpers/fake-graph.ts';
import { startJwksServer, type JwksServer } from './helpers/jwks-server.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

const search = (q: string, extra = '') => `/api/directory/search?q=${encodeURIComponent(q)}${extra}`;

describe('the directory in development: the demo organisation', () => {
  let api: TestServer;
  let ada: string;
  let eddie: string;
  let riley: string;

  beforeAll(async () => {
    api = await build();
    [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  });
  afterAll(() => api.close());

  it('finds people by the start of any word of their name or mail, and groups by name', async () => {
    const found = await api.request<DirectorySearchResult>('GET', search('ed'), { token: ada });
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([{ id: 'eddie', kind: 'user', displayName: 'Eddie Editor', detail: 'eddie@demo.example' }]);
    const groups = await api.request<DirectorySearchResult>('GET', search('ENG'), { token: ada });
    expect(groups.body.results).toEqual([{ id: 'group-engineering', kind: 'group', displayName: 'Engineering', detail: 'The engineering team' }]);
    expect((await api.request<DirectorySearchResult>('GET', search('riley@demo'), { token: ada })).body.results.map((entry) => entry.id)).toEqual(['riley']);
  });

  it('narrows to one kind, users first then groups otherwise', async () => {
    const all = await api.request<DirectorySearchResult>('GET', search('a'), { token: ada });
    expect(all.body.results.map((entry) => entry.id)).toEqual(['ada', 'group-all-staff']);
    expect((await api.request<DirectorySearchResult>('GET', search('a', '&kind=group'), { token: ada })).body.results.map((entry) => entry.id)).toEqual(['group-all-staff']);
    expect((await api.request<DirectorySearchResult>('GET', search('a', '&kind=user'), { token: ada })).body.results.map((entry) => entry.id)).toEqual(['ada']);
  });

  it('lets administrators and calendar editors search, not readers', async () => {
    expect((await api.request('GET', search('ri'), { token: eddie })).status).toBe(200);
    const refused = await api.request<Problem>('GET', search('ri'), { token: riley });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect((await api.request<Problem>('POST', '/api/directory/resolve', { token: riley, body: { ids: ['eddie'] } })).status).toBe(403);
    expect((await api.request('GET', search('ri'))).status).toBe(401);
  });

  it('shows another organisation none of the demo organisation', async () => {
    const stranger = await api.mintToken({ oid: 'stranger', tid: OTHER_TENANT_ID, roles: ['Calendar.Admin'] });
    expect((await api.request<DirectorySearchResult>('GET', search('ed'), { token: stranger })).body).toEqual({ results: [] });
    const resolved = await api.request<DirectoryResolveResult>('POST', '/api/directory/resolve', { token: stranger, body: { ids: ['eddie'] } });
    expect(resolved.body).toEqual({ results: [{ id: 'eddie', kind: 'unknown' }] });
  });

  it.each([
    ['no query', '/api/directory/search', 'q', 'This field is required'],
    ['a blank query', search('   '), 'q', 'Search for at least 1 character'],
    ['a query over the limit', search('x'.repeat(DIRECTORY_QUERY_MAX + 1)), 'q', `Search for at most ${DIRECTORY_QUERY_MAX} characters`],
    ['an unknown kind', search('ed', '&kind=device'), 'kind', 'kind is user or group'],
    ['an unknown parameter', search('ed', '&top=5'), 'top', 'Unknown parameter "top"'],
  ])('refuses %s with 400 naming the parameter', async (_case, path, field, message) => {
    const refused = await api.request<Problem>('GET', path, { token: ada });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field, message }]);
  });

  it('takes a query of exactly the longest length', async () => {
    expect((await api.request('GET', search('x'.repeat(DIRECTORY_QUERY_MAX)), { token: ada })).status).toBe(200);
  });

  it('names stored ids in the order asked, the unknown ones (and names saved as ids) as unknown', async () => {
    const ids = ['group-engineering', 'nobody', 'eddie', 'Eddie Editor'];
    const resolved = await api.request<DirectoryResolveResult>('POST', '/api/directory/resolve', { token: ada, body: { ids } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.results).toEqual([
      { id: 'group-engineering', kind: 'group', displayName: 'Engineering', detail: 'The engineering team' },
      { id: 'nobody', kind: 'unknown' },
      { id: 'eddie', kind: 'user', displayName: 'Eddie Editor', detail: 'eddie@demo.example' },
      { id: 'Eddie Editor', kind: 'unknown' },
    ]);
  });

  it(`resolves at most ${DIRECTORY_RESOLVE_IDS_MAX} ids, and at least one`, async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `user-${i}`);
    expect((await api.request('POST', '/api/directory/resolve', { token: ada, body: { ids: ids(DIRECTORY_RESOLVE_IDS_MAX) } })).status).toBe(200);
    const tooMany = await api.request<Problem>('POST', '/api/directory/resolve', { token: ada, body: { ids: ids(DIRECTORY_RESOLVE_IDS_MAX + 1) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([{ field: 'ids', message: `Name at most ${DIRECTORY_RESOLVE_IDS_MAX} ids` }]);
    expect((await api.request<Problem>('POST', '/api/directory/resolve', { token: ada, body: { ids: [] } })).body.errors).toEqual([{ field: 'ids', message: 'Name at least one id' }]);
  });

  it('refuses an editor that is a name or a mail address rather than an id, and stores nothing', async () => {
    const before = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body.length;
    const refused = await api.request<Problem>('POST', '/api/calendars', {
      token: ada,
      body: { name: 'Named editors', color: '#005B70', editors: ['eddie', 'Eddie Editor', 'eddie@demo.example'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => error.field)).toEqual(['editors.1', 'editors.2']);
    expect(refused.body.errors?.[0]?.message).toMatch(/not a user or group id/);
    expect((await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body).toHaveLength(before);
  });

  it('grants editing through the demo groups, as their members’ tokens carry them', async () => {
    const planners = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Parties', color: '#005B70', editors: ['group-event-planners'] } });
    expect(planners.status).toBe(201);
    const canEdit = async (token: string) => (await api.request<Calendar[]>('GET', '/api/calendars', { token })).body.find((c) => c.id === planners.body.id)?.canEdit;
    expect(await canEdit(eddie)).toBe(true);
    expect(await canEdit(riley)).toBe(false);
    const patched = await api.request<Calendar>('PATCH', `/api/calendars/${planners.body.id}`, { token: ada, body: { editors: ['group-engineering'] }, headers: { 'if-match': '"1"' } });
    expect(patched.status).toBe(200);
    expect(await canEdit(riley)).toBe(true);
  });
});

const ADMIN_OID = 'aaaaaaaa-0000-4000-8000-00000000000a';
const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const person = (n: number) => ({ id: guid(n), displayName: `Person ${String(n).padStart(2, '0')}`, mail: `person${n}@contoso.test`, userPrincipalName: `p${n}@contoso.test` });
const team = (n: number) => ({ id: guid(1000 + n), displayName: `Team ${String(n).padStart(2, '0')}`, description: n === 1 ? null : `Team number ${n}`, mail: null });

describe('the directory through Microsoft Graph, on behalf of the signed-in user', () => {
  let jwks: JwksServer;
  let fake: FakeGraph;
  let api: TestServer;
  let admin: string;
  const directory = { users: [person(1)], groups: [team(1)] };

  const entraToken = (oid: string, claims: Record<string, unknown> = {}) => entraUserToken(jwks, oid, claims);
  const lastRequest = (path: string) => fake.requests.filter((request) => request.path === path).at(-1)!;

  beforeAll(async () => {
    jwks = await startJwksServer();
    fake = await startTestGraph();
    fake.route('GET', '/users', () => ({ body: { value: directory.users } }));
    fake.route('GET', '/groups', () => ({ body: { value: directory.groups } }));
    fake.route('POST', '/directoryObjects/getByIds', ({ body }) => {
      const { ids } = body as { ids: string[] };
      const known = [
        ...directory.users.map((user) => ({ '@odata.type': '#microsoft.graph.user', ...user })),
        ...directory.groups.map((group) => ({ '@odata.type': '#microsoft.graph.group', ...group })),
      ];
      return { body: { value: known.filter((object) => ids.includes(object.id)) } };
    });
    api = await build(graphApiEnv(fake, jwks));
    admin = await entraToken(ADMIN_OID, { roles: ['Calendar.Admin'] });
  });
  afterAll(async () => {
    await api.close();
    await Promise.all([jwks.close(), fake.close()]);
  });

  it('searches users and groups together with $search, eventual consistency, $select and $top', async () => {
    const found = await api.request<DirectorySearchResult>('GET', search('pers'), { token: admin });
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([
      { id: guid(1), kind: 'user', displayName: 'Person 01', detail: 'person1@contoso.test' },
      { id: guid(1001), kind: 'group', displayName: 'Team 01', detail: '' },
    ]);
    const users = lastRequest('/users');
    expect(users.headers.consistencylevel).toBe('eventual');
    expect(users.query.get('$search')).toBe('"displayName:pers" OR "mail:pers"');
    expect(users.query.get('$select')).toBe('id,displayName,mail,userPrincipalName');
    expect(users.query.get('$top')).toBe(String(DIRECTORY_RESULTS_MAX));
    const groups = lastRequest('/groups');
    expect(groups.headers.consistencylevel).toBe('eventual');
    expect(groups.query.get('$search')).toBe('"displayName:pers" OR "mail:pers"');
    // Only security groups reach tokens' groups claim, so only they can grant anything.
    expect(groups.query.get('$filter')).toBe('securityEnabled eq true');
    expect(groups.query.get('$count')).toBe('true');
    const origin = new URL(fake.graphBaseUrl).origin;
    expect(fake.exchanges.at(-1)).toMatchObject({ assertion: admin, scopes: [`${origin}/User.ReadBasic.All`, `${origin}/GroupMember.Read.All`] });
  });

  it('asks for one kind only when told, and keeps quotes out of the search term', async () => {
    const before = fake.requests.length;
    await api.request('GET', search('o"neil\\x', '&kind=user'), { token: admin });
    const sent = fake.requests.slice(before);
    expect(sent.map((request) => request.path)).toEqual(['/users']);
    expect(sent[0]!.query.get('$search')).toBe('"displayName:o neil x" OR "mail:o neil x"');
  });

  it(`answers at most ${DIRECTORY_RESULTS_MAX}, half users and half groups when both are plenty`, async () => {
    directory.users = Array.from({ length: 30 }, (_, i) => person(i + 1));
    directory.groups = Array.from({ length: 30 }, (_, i) => team(i + 1));
    try {
      const { results } = (await api.request<DirectorySearchResult>('GET', search('p'), { token: admin })).body;
      expect(results).toHaveLength(DIRECTORY_RESULTS_MAX);
      const kinds = (kind: DirectoryEntry['kind']) => results.filter((entry) => entry.kind === kind).length;
      expect([kinds('user'), kinds('group')]).toEqual([DIRECTORY_RESULTS_MAX / 2, DIRECTORY_RESULTS_MAX / 2]);
      directory.groups = [team(1)];
      const fewGroups = (await api.request<DirectorySearchResult>('GET', search('q'), { token: admin })).body.results;
      expect(fewGroups.filter((entry) => entry.kind === 'user')).toHaveLength(DIRECTORY_RESULTS_MAX - 1);
    } finally {
      directory.users = [person(1)];
      directory.groups = [team(1)];
    }
  });

  it('resolves stored ids with getByIds, sending only object ids, unknown ones marked', async () => {
    const ids = [guid(1001), 'not-an-object-id', guid(1).toUpperCase(), guid(999)];
    const resolved = await api.request<DirectoryResolveResult>('POST', '/api/directory/resolve', { token: admin, body: { ids } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.results).toEqual([
      { id: guid(1001), kind: 'group', displayName: 'Team 01', detail: '' },
      { id: 'not-an-object-id', kind: 'unknown' },
      { id: guid(1).toUpperCase(), kind: 'user', displayName: 'Person 01', detail: 'person1@contoso.test' },
      { id: guid(999), kind: 'unknown' },
    ]);
    expect(lastRequest('/directoryObjects/getByIds').body).toEqual({ ids: [guid(1001), guid(1), guid(999)], types: ['user', 'group'] });
  });

  it('answers the consent problem when the directory permissions are not granted yet', async () => {
    const scope = `${new URL(fake.graphBaseUrl).origin}/GroupMember.Read.All`;
    fake.unconsentedScopes.add(scope);
    try {
      const refused = await api.request<Problem>('GET', search('ada'), { token: await entraToken('bbbbbbbb-0000-4000-8000-00000000000b', { roles: ['Calendar.Admin'] }) });
      expect(refused.status).toBe(403);
      expect(refused.body.type).toBe(CONSENT_REQUIRED_TYPE);
      expect(refused.body.scopes).toContain(scope);
    } finally {
      fake.unconsentedScopes.delete(scope);
    }
  });

  it('refuses readers without asking Graph', async () => {
    const before = fake.requests.length;
    expect((await api.request('GET', search('ada'), { token: await entraToken('cccccccc-0000-4000-8000-00000000000c') })).status).toBe(403);
    expect(fake.requests.length).toBe(before);
  });

  it('stores editors as Entra object ids only, in lower case as tokens carry them', async () => {
    const refused = await api.request<Problem>('POST', '/api/calendars', { token: admin, body: { name: 'Not ids', color: '#005B70', editors: ['eddie'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'editors.0', message: expect.stringContaining('a GUID') }]);
    const created = await api.request<Calendar>('POST', '/api/calendars', { token: admin, body: { name: 'Ids', color: '#005B70', editors: [guid(1001).toUpperCase()] } });
    expect(created.status).toBe(201);
    expect(created.body.editors).toEqual([guid(1001)]);
    const member = await entraToken(guid(1), { groups: [guid(1001)] });
    expect((await api.request<Calendar[]>('GET', '/api/calendars', { token: member })).body.find((c) => c.id === created.body.id)?.canEdit).toBe(true);
  });
});
