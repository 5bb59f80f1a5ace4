import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { GRAPH_RETRY_WAIT_MAX_MS } from '../../src/api/graph/graph-client.ts';
import { OUTLOOK_EVENT_ID_PROPERTY } from '../../src/api/outlook/outlook-event.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DEFAULT_OUTLOOK_LABELS, OUTLOOK_CANNOT_REPEAT_TYPE, type OutlookCopy, type OutlookCopyAdded } from '../../src/shared/outlook-copy.ts';
import { OUTLOOK_LABEL_MAX } from '../../src/shared/limits.ts';
import { CONSENT_REQUIRED_TYPE, type Problem } from '../../src/shared/problem.ts';
import type { ClientConfig } from '../../src/shared/user.ts';
import { entraIssuer, entraUserToken, startTestGraph, TEST_APP_ID_URI, TEST_CLIENT_ID } from './helpers/entra-graph-app.ts';
import { FAKE_GRAPH_CLIENT_SECRET, type FakeGraph } from './helpers/fake-graph.ts';
import { startJwksServer, type JwksServer } from './helpers/jwks-server.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

const MEETING_URL = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_town-hall%40thread.v2/0';

let jwks: JwksServer;
let fake: FakeGraph;
let api: TestServer;
let calendarId: string;
let scope: string;

const userToken = (oid: string, claims: Record<string, unknown> = {}) => entraUserToken(jwks, oid, { name: `User ${oid}`, ...claims });

const graphEnv = (extra: Record<string, string> = {}) => ({
  ENTRA_CLIENT_ID: TEST_CLIENT_ID,
  ENTRA_APP_ID_URI: TEST_APP_ID_URI,
  ENTRA_JWKS_URI: jwks.url,
  SEED_DEMO_DATA: 'true',
  ENTRA_AUTHORITY_HOST: fake.authorityHost,
  GRAPH_BASE_URL: fake.graphBaseUrl,
  ...extra,
});

async function createEvent(body: Record<string, unknown>): Promise<CalendarEvent> {
  const admin = await userToken('admin-user', { roles: ['Calendar.Admin'] });
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, { token: admin, body });
  expect(created.status).toBe(201);
  return created.body;
}

const outlookPath = (event: CalendarEvent) => `/api/calendars/${calendarId}/events/${event.id}/outlook`;
const copiesOf = (userId: string) => [...fake.mailbox(userId).values()];

beforeAll(async () => {
  jwks = await startJwksServer();
  fake = await startTestGraph();
  // App Service's managed identity endpoint, as App Service sets it for the process: the production credential.
  Object.assign(process.env, fake.managedIdentityEnv);
  api = await build(graphEnv({ GRAPH_CREDENTIAL: 'managed-identity' }));
  const admin = await userToken('admin-user', { roles: ['Calendar.Admin'] });
  const calendars = await api.request<{ id: string; name: string }[]>('GET', '/api/calendars', { token: admin });
  calendarId = calendars.body.find((calendar) => calendar.name === 'Company')!.id;
  scope = `${new URL(fake.graphBaseUrl).origin}/Calendars.ReadWrite`;
});
afterAll(async () => {
  await api.close();
  await Promise.all([jwks.close(), fake.close()]);
});

describe('the on-behalf-of exchange', () => {
  it('trades the user’s own token for a Graph token, proving the app with its managed identity, once per user', async () => {
    const event = await createEvent({ title: 'Town hall', start: '2026-12-03T15:00:00Z', end: '2026-12-03T16:00:00Z', extendedProps: { timeZone: 'Europe/Berlin' } });
    const token = await userToken('obo-user');
    const before = fake.exchanges.length;
    expect((await api.request<OutlookCopy>('GET', outlookPath(event), { token })).body).toEqual({ inOutlook: false, webLink: null });
    expect((await api.request('POST', outlookPath(event), { token })).status).toBe(201);
    // A new API token for the same user (as an hourly renewal gives) still uses the cached Graph token.
    expect((await api.request('GET', outlookPath(event), { token: await userToken('obo-user', { jti: 'renewed' }) })).status).toBe(200);
    const exchanges = fake.exchanges.slice(before);
    expect(exchanges).toEqual([{ tenantId: DEMO_TENANT_ID, assertion: token, scopes: [scope], clientAuthentication: 'managed-identity' }]);
    expect(fake.managedIdentityTokens).toBeGreaterThanOrEqual(1);
  });

  it('exchanges afresh, once, when Graph no longer takes the cached token', async () => {
    const event = await createEvent({ title: 'Revoked', start: '2026-12-04T12:00:00Z', end: '2026-12-04T13:00:00Z' });
    const token = await userToken('revoked-user');
    await api.request('GET', outlookPath(event), { token });
    const before = fake.exchanges.length;
    fake.revokeGraphTokens();
    expect((await api.request<OutlookCopy>('GET', outlookPath(event), { token })).status).toBe(200);
    expect(fake.exchanges.length - before).toBe(1);
  });

  it('shares one exchange between a user’s requests that arrive together', async () => {
    const event = await createEvent({ title: 'Together', start: '2026-12-04T14:00:00Z', end: '2026-12-04T15:00:00Z' });
    const token = await userToken('eager-user');
    const before = fake.exchanges.length;
    const answers = await Promise.all([1, 2, 3].map(() => api.request('GET', outlookPath(event), { token })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(fake.exchanges.length - before).toBe(1);
  });

  it('keeps each user’s token apart', async () => {
    const event = await createEvent({ title: 'Apart', start: '2026-12-04T10:00:00Z', end: '2026-12-04T11:00:00Z' });
    const before = fake.exchanges.length;
    await api.request('GET', outlookPath(event), { token: await userToken('user-a') });
    await api.request('GET', outlookPath(event), { token: await userToken('user-b') });
    expect(fake.exchanges.length - before).toBe(2);
  });

  it('answers a consent problem naming the scope when the user has yet to allow it, and nothing is created', async () => {
    const event = await createEvent({ title: 'Needs consent', start: '2026-12-05T10:00:00Z', end: '2026-12-05T11:00:00Z' });
    fake.unconsentedScopes.add(scope);
    try {
      const refused = await api.request<Problem>('POST', outlookPath(event), { token: await userToken('no-consent-user') });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body).toMatchObject({ type: CONSENT_REQUIRED_TYPE, scopes: [scope] });
      expect(copiesOf('no-consent-user')).toEqual([]);
    } finally {
      fake.unconsentedScopes.delete(scope);
    }
    // Once allowed, the same add goes through.
    expect((await api.request('POST', outlookPath(event), { token: await userToken('no-consent-user') })).status).toBe(201);
  });

  it('proves the app with a client secret where one is configured for local development', async () => {
    const local = await build(graphEnv({ GRAPH_CREDENTIAL: 'client-secret', ENTRA_CLIENT_SECRET: FAKE_GRAPH_CLIENT_SECRET }));
    try {
      const admin = await userToken('secret-user', { roles: ['Calendar.Admin'] });
      const calendars = await local.request<{ id: string }[]>('GET', '/api/calendars', { token: admin });
      const event = await local.request<CalendarEvent>('POST', `/api/calendars/${calendars.body[0]!.id}/events`, {
        token: admin,
        body: { title: 'Local', start: '2026-12-06T10:00:00Z', end: '2026-12-06T11:00:00Z' },
      });
      const before = fake.exchanges.length;
      expect((await local.request('GET', `/api/calendars/${calendars.body[0]!.id}/events/${event.body.id}/outlook`, { token: admin })).status).toBe(200);
      expect(fake.exchanges.slice(before).map((exchange) => exchange.clientAuthentication)).toEqual(['client-secret']);
    } finally {
      await local.close();
    }
  });
});

describe('Add to my Outlook calendar', () => {
  it('creates one copy, then updates that copy on the next add', async () => {
    const event = await createEvent({
      title: 'Quarterly review',
      start: '2026-12-10T09:00:00Z',
      end: '2026-12-10T10:30:00Z',
      extendedProps: { timeZone: 'Europe/London', location: 'Room 4', description: '<p>Bring <strong>numbers</strong></p>' },
    });
    const token = await userToken('adder');
    const first = await api.request<OutlookCopyAdded>('POST', outlookPath(event), { token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ inOutlook: true, created: true });
    const [copy] = copiesOf('adder');
    expect(copy).toMatchObject({
      subject: 'Quarterly review',
      start: { dateTime: '2026-12-10T09:00:00', timeZone: 'GMT Standard Time' },
      end: { dateTime: '2026-12-10T10:30:00', timeZone: 'GMT Standard Time' },
      isAllDay: false,
      location: { displayName: 'Room 4' },
      recurrence: null,
      singleValueExtendedProperties: [{ id: OUTLOOK_EVENT_ID_PROPERTY, value: event.id }],
    });
    const body = (copy!.body as { content: string }).content;
    expect(body).toContain('<p>Bring <strong>numbers</strong></p>');
    expect(body).toContain(`${api.url}/?eventId=${event.id}`);

    const renamed = await api.request<CalendarEvent>('PATCH', `/api/calendars/${calendarId}/events/${event.id}`, {
      token: await userToken('admin-user', { roles: ['Calendar.Admin'] }),
      headers: { 'if-match': `"${event.extendedProps.version}"` },
      body: { title: 'Quarterly review (moved)', start: '2026-12-11T09:00:00Z', end: '2026-12-11T10:30:00Z' },
    });
    expect(renamed.status).toBe(200);
    const second = await api.request<OutlookCopyAdded>('POST', outlookPath(event), { token });
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    expect(copiesOf('adder')).toHaveLength(1);
    expect(copiesOf('adder')[0]).toMatchObject({ subject: 'Quarterly review (moved)', start: { dateTime: '2026-12-11T09:00:00' } });
    expect((await api.request<OutlookCopy>('GET', outlookPath(event), { token })).body.inOutlook).toBe(true);
  });

  it('writes the links’ words in the language the web app sends them in, English without any, and refuses words too long', async () => {
    const event = await createEvent({ title: 'Town hall', start: '2026-12-14T09:00:00Z', end: '2026-12-14T10:00:00Z', extendedProps: { onlineMeetingUrl: MEETING_URL } });
    const labels = { joinMeeting: 'An der Microsoft Teams-Besprechung teilnehmen', openInApp: 'In Company Calendar öffnen' };
    const german = await userToken('german');
    expect((await api.request('POST', outlookPath(event), { token: german, body: { labels } })).status).toBe(201);
    const body = (copiesOf('german')[0]!.body as { content: string }).content;
    expect(body).toContain(`${labels.joinMeeting}: <a href="${MEETING_URL}">`);
    expect(body).toContain(`${labels.openInApp}: <a href="${api.url}/?eventId=${event.id}">`);
    expect(body).not.toContain(DEFAULT_OUTLOOK_LABELS.openInApp);

    const english = await userToken('english');
    expect((await api.request('POST', outlookPath(event), { token: english })).status).toBe(201);
    expect((copiesOf('english')[0]!.body as { content: string }).content).toContain(`${DEFAULT_OUTLOOK_LABELS.joinMeeting}: <a href="${MEETING_URL}">`);

    const tooLong = await api.request<Problem>('POST', outlookPath(event), { token: await userToken('verbose'), body: { labels: { ...labels, openInApp: 'x'.repeat(OUTLOOK_LABEL_MAX + 1) } } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'labels.openInApp', message: `At most ${OUTLOOK_LABEL_MAX} characters` }]);
    expect(copiesOf('verbose')).toHaveLength(0);
  });

  it('makes a new copy when the user deleted theirs in Outlook', async () => {
    const event = await createEvent({ title: 'Deleted in Outlook', start: '2026-12-12T09:00:00Z', end: '2026-12-12T10:00:00Z' });
    const token = await userToken('deleter');
    await api.request('POST', outlookPath(event), { token });
    fake.mailbox('deleter').clear();
    expect((await api.request<OutlookCopy>('GET', outlookPath(event), { token })).body.inOutlook).toBe(false);
    expect((await api.request('POST', outlookPath(event), { token })).status).toBe(201);
    expect(copiesOf('deleter')).toHaveLength(1);
  });

  it('copies an all-day event as dates, and a series with its pattern in its zone, its skipped and changed occurrences too', async () => {
    const token = await userToken('series-user');
    const holiday = await createEvent({ title: 'Founders’ day', start: '2026-12-14', end: '2026-12-15', allDay: true });
    const series = await createEvent({
      title: 'Stand-up',
      start: '2026-12-01T09:30:00Z',
      end: '2026-12-01T09:45:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270330T082959Z',
      exdate: ['2026-12-03T09:30:00Z'],
      extendedProps: { timeZone: 'Europe/London' },
    });
    const moved = await api.request('PATCH', `/api/calendars/${calendarId}/events/${series.id}/occurrences/2026-12-08T09:30:00Z?scope=this`, {
      token: await userToken('admin-user', { roles: ['Calendar.Admin'] }),
      headers: { 'if-match': `"${series.extendedProps.version}"` },
      body: { title: 'Stand-up (late)', start: '2026-12-08T10:00:00Z', end: '2026-12-08T10:15:00Z' },
    });
    expect(moved.status).toBe(200);
    await api.request('POST', outlookPath(holiday), { token });
    await api.request('POST', outlookPath(series), { token });
    const [allDay, weekly] = copiesOf('series-user');
    expect(allDay).toMatchObject({ isAllDay: true, start: { dateTime: '2026-12-14T00:00:00' }, end: { dateTime: '2026-12-15T00:00:00' } });
    expect(weekly!.recurrence).toEqual({
      pattern: { type: 'weekly', interval: 1, daysOfWeek: ['tuesday', 'thursday'], firstDayOfWeek: 'monday' },
      // UNTIL is one second before the 30 March occurrence (09:30 BST is 08:30Z), so Outlook's last date is the 29th.
      range: { type: 'endDate', startDate: '2026-12-01', endDate: '2027-03-29', recurrenceTimeZone: 'GMT Standard Time' },
    });
    // Found among the copy's instances by their original start: one cancelled, one changed.
    expect(weekly!.cancelled).toEqual(['2026-12-03T09:30:00Z']);
    expect(weekly!.changed).toEqual({
      '2026-12-08T09:30:00Z': expect.objectContaining({
        subject: 'Stand-up (late)',
        start: { dateTime: '2026-12-08T10:00:00', timeZone: 'GMT Standard Time' },
        end: { dateTime: '2026-12-08T10:15:00', timeZone: 'GMT Standard Time' },
      }),
    });
  });

  it('skips an all-day series’ occurrence by its date', async () => {
    const token = await userToken('all-day-series-user');
    const series = await createEvent({ title: 'Office closed', start: '2026-12-05', end: '2026-12-06', allDay: true, rrule: 'FREQ=WEEKLY;COUNT=4', exdate: ['2026-12-12'] });
    expect((await api.request('POST', outlookPath(series), { token })).status).toBe(201);
    const [copy] = copiesOf('all-day-series-user');
    expect(copy!.recurrence).toMatchObject({ pattern: { type: 'weekly', daysOfWeek: ['saturday'] }, range: { type: 'numbered', numberOfOccurrences: 4, recurrenceTimeZone: 'UTC' } });
    expect(copy!.cancelled).toEqual(['2026-12-12T00:00:00Z']);
  });

  it('refuses a series Outlook would repeat on other days, with a reason, and adds nothing', async () => {
    const event = await createEvent({
      title: 'Month end',
      start: '2026-12-31T16:00:00Z',
      end: '2026-12-31T17:00:00Z',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31',
      extendedProps: { timeZone: 'UTC' },
    });
    const refused = await api.request<Problem>('POST', outlookPath(event), { token: await userToken('strict-user') });
    expect(refused.status).toBe(422);
    expect(refused.body.type).toBe(OUTLOOK_CANNOT_REPEAT_TYPE);
    expect(refused.body.detail).toMatch(/day 31/);
    expect(copiesOf('strict-user')).toEqual([]);
  });

  it('refuses a series whose start its rule does not give, or with extra dates, which Outlook would leave out', async () => {
    const token = await userToken('rfc-user');
    const offRule = await createEvent({ title: 'Off its rule', start: '2026-12-07T16:00:00Z', end: '2026-12-07T17:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=TU', extendedProps: { timeZone: 'UTC' } });
    const refused = await api.request<Problem>('POST', outlookPath(offRule), { token });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/first occurrence/);
    const extra = await createEvent({ title: 'Extra date', start: '2026-12-08T16:00:00Z', end: '2026-12-08T17:00:00Z', rrule: 'FREQ=WEEKLY;BYDAY=TU', rdate: ['2026-12-10T16:00:00Z'], extendedProps: { timeZone: 'UTC' } });
    expect((await api.request<Problem>('POST', outlookPath(extra), { token })).body.detail).toMatch(/extra dates/);
    expect(copiesOf('rfc-user')).toEqual([]);
  });

  it('retries Graph’s 429 after its Retry-After and still makes one copy', async () => {
    const event = await createEvent({ title: 'Throttled', start: '2026-12-15T09:00:00Z', end: '2026-12-15T10:00:00Z' });
    const token = await userToken('throttled-user');
    await api.request('GET', outlookPath(event), { token });
    const before = fake.requests.length;
    fake.throttleNext(1, '1');
    const started = Date.now();
    const added = await api.request('POST', outlookPath(event), { token });
    expect(added.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // The throttled search, its retry, and the create.
    expect(fake.requests.slice(before).map((request) => request.method)).toEqual(['GET', 'GET', 'POST']);
    expect(copiesOf('throttled-user')).toHaveLength(1);
  });

  it('gives up at once on a Retry-After beyond its wait budget, with a 503 that says when to retry', async () => {
    const event = await createEvent({ title: 'Down', start: '2026-12-16T09:00:00Z', end: '2026-12-16T10:00:00Z' });
    const token = await userToken('busy-user');
    await api.request('GET', outlookPath(event), { token });
    fake.throttleNext(1, String(GRAPH_RETRY_WAIT_MAX_MS / 1000 + 60), 503);
    const busy = await api.request<Problem>('POST', outlookPath(event), { token });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe(String(GRAPH_RETRY_WAIT_MAX_MS / 1000 + 60));
    expect(busy.body.detail).not.toMatch(/Throttled/);
    expect(copiesOf('busy-user')).toEqual([]);
  });

  it('answers 404 for another tenant’s event, before asking Graph anything', async () => {
    const event = await createEvent({ title: 'Ours', start: '2026-12-17T09:00:00Z', end: '2026-12-17T10:00:00Z' });
    const before = fake.exchanges.length;
    const stranger = await jwks.sign({ iss: entraIssuer(OTHER_TENANT_ID), aud: TEST_APP_ID_URI, tid: OTHER_TENANT_ID, oid: 'stranger', name: 'S', scp: 'access_as_user', ver: '2.0' });
    expect((await api.request('POST', outlookPath(event), { token: stranger })).status).toBe(404);
    expect(fake.exchanges.length).toBe(before);
  });

  it('tells the web app Graph is on, and the scope its Allow access asks for', async () => {
    const config = await api.request<ClientConfig>('GET', '/api/client-config');
    expect(config.body.graph?.outlookScopes).toEqual([scope]);
    // Teams's consent page asks for these alone: the Outlook scope and the people picker's.
    expect(config.body.graph?.consentScopes).toEqual(expect.arrayContaining([scope, `${new URL(fake.graphBaseUrl).origin}/User.ReadBasic.All`]));
  });
});

describe('without Graph', () => {
  it('has no Outlook route and says nothing of Graph to the web app', async () => {
    const plain = await build(graphEnv());
    try {
      const admin = await userToken('plain-admin', { roles: ['Calendar.Admin'] });
      expect((await plain.request('GET', `/api/calendars/x/events/y/outlook`, { token: admin })).status).toBe(404);
      expect((await plain.request<ClientConfig>('GET', '/api/client-config')).body.graph).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
