import { request } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import { createSubscriptionService } from '../../src/api/subscriptions/subscription-service.ts';
import { SUBSCRIPTION_FEED_BYTES_MAX, SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE, SUBSCRIPTIONS_PER_USER_MAX } from '../../src/shared/limits.ts';
import { FEED_TOO_LARGE_TYPE, type Problem } from '../../src/shared/problem.ts';
import type { CreatedSubscription, Subscription } from '../../src/shared/subscription-schema.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let outsiderAdmin: string;
let company: Calendar;
/** Every line the server logged, at info: no secret may be among them. */
const logLines: string[] = [];
/** Every link's URL handed out here. */
const handedOut: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  api = await build({ LOG_LEVEL: 'info' }, undefined, { logStream });
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  // An admin of another organisation, with the same user id as ours: tenants never mix, whatever the ids.
  outsiderAdmin = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body.find((calendar) => calendar.name === 'Company')!;
});
afterAll(() => api.close());

const subscribePath = (calendarId: string) => `/api/calendars/${calendarId}/subscriptions`;

async function subscribe(calendarId: string, token: string, body: unknown = {}): Promise<CreatedSubscription> {
  const response = await api.request<CreatedSubscription>('POST', subscribePath(calendarId), { token, body });
  expect(response.status).toBe(201);
  handedOut.push(response.body.url);
  return response.body;
}

async function newCalendar(name: string): Promise<Calendar> {
  const response = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name, color: '#005B70', editors: [] } });
  expect(response.status).toBe(201);
  return response.body;
}

async function newCategory(calendarId: string, name: string): Promise<Category> {
  const response = await api.request<Category>('POST', `/api/calendars/${calendarId}/categories`, { token: ada, body: { name, color: '#C239B3', icon: 'Megaphone' } });
  expect(response.status).toBe(201);
  return response.body;
}

async function newEvent(calendarId: string, title: string, extendedProps: Record<string, unknown> = {}) {
  const body = { title, start: '2027-05-10T09:00:00Z', end: '2027-05-10T10:00:00Z', extendedProps };
  expect((await api.request('POST', `/api/calendars/${calendarId}/events`, { token: ada, body })).status).toBe(201);
}

/** A subscription service over the server's own store and export, with other options than the server's. */
function serverService(options: Omit<Parameters<typeof createSubscriptionService>[1], 'exportCalendarIcs'>) {
  const exports = api.server.icsExportService;
  return createSubscriptionService(api.server.store, { exportCalendarIcs: (...args) => exports.exportCalendarIcs(...args), ...options });
}

const secretOf = (url: string) => /\/ics\/(.+)\.ics$/.exec(url)![1]!;

const listOf = async (token: string, query = '') => api.request<Subscription[]>('GET', `/api/subscriptions${query}`, { token });

/** A feed as a calendar app asks for it: the link alone, no token. */
async function readFeed(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('POST /api/calendars/:calendarId/subscriptions', () => {
  it('gives a reader a link to a calendar once, with its secret in an absolute /ics/ URL, and lists it without', async () => {
    const response = await api.request<CreatedSubscription>('POST', subscribePath(company.id), { token: riley, body: {} });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const created = response.body;
    handedOut.push(created.url);
    expect(created.url).toMatch(new RegExp(`^${api.url}/ics/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(created).toMatchObject({ calendarId: company.id, categoryId: null, calendarName: 'Company', active: true, lastUsedAt: null, createdBy: { id: 'riley' } });
    const secret = secretOf(created.url);

    const listed = await listOf(riley);
    expect(listed.status).toBe(200);
    const { url: _url, ...withoutUrl } = created;
    expect(listed.body).toContainEqual(withoutUrl);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect((await listOf(eddie)).body.map((link) => link.id)).not.toContain(created.id);
  });

  it('links to one category of the calendar, whose feed holds only that category’s events', async () => {
    const calendar = await newCalendar('Subscribed by category');
    const talks = await newCategory(calendar.id, 'Talks');
    await newEvent(calendar.id, 'Keynote on caching', { categoryId: talks.id });
    await newEvent(calendar.id, 'Lunch with nobody');
    const created = await subscribe(calendar.id, riley, { categoryId: talks.id });
    expect(created).toMatchObject({ categoryId: talks.id, categoryName: 'Talks', active: true });
    const feed = await readFeed(created.url);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('SUMMARY:Keynote on caching');
    expect(feed.text).not.toContain('Lunch with nobody');
    const whole = await readFeed((await subscribe(calendar.id, riley)).url);
    expect(whole.text).toContain('SUMMARY:Lunch with nobody');
  });

  it.each([
    ['a category of another calendar', async () => ({ categoryId: (await newCategory(company.id, 'Not Engineering’s')).id }), 'categoryId'],
    ['an unknown category', async () => ({ categoryId: 'no-such-category' }), 'categoryId'],
    ['an empty category id', async () => ({ categoryId: '' }), 'categoryId'],
    ['an unknown field', async () => ({ secret: 'mine' }), 'secret'],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_label, body, field) => {
    const engineering = (await api.request<Calendar[]>('GET', '/api/calendars', { token: riley })).body.find((calendar) => calendar.name === 'Engineering')!;
    const before = (await listOf(riley)).body.length;
    const response = await api.request<Problem>('POST', subscribePath(engineering.id), { token: riley, body: await body() });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors?.map((error) => error.field)).toEqual([field]);
    expect((await listOf(riley)).body).toHaveLength(before);
  });

  it('answers 404 for a calendar that is not there or is another tenant’s, and 401 without a token', async () => {
    expect((await api.request('POST', subscribePath('no-such-calendar'), { token: riley, body: {} })).status).toBe(404);
    expect((await api.request('POST', subscribePath(company.id), { token: outsiderAdmin, body: {} })).status).toBe(404);
    expect((await api.request('POST', subscribePath(company.id), { body: {} })).status).toBe(401);
  });
});

describe('the limits on links and feeds', () => {
  it(`holds each person to ${SUBSCRIPTIONS_PER_USER_MAX} links, and frees a place when one is revoked`, async () => {
    const collector = await api.mintToken({ oid: 'collector', tid: DEMO_TENANT_ID, name: 'Collector' });
    const links: CreatedSubscription[] = [];
    for (let i = 0; i < SUBSCRIPTIONS_PER_USER_MAX; i++) links.push(await subscribe(company.id, collector));
    const over = await api.request<Problem>('POST', subscribePath(company.id), { token: collector, body: {} });
    expect(over.status).toBe(400);
    expect(over.body.detail).toContain(`${SUBSCRIPTIONS_PER_USER_MAX}`);
    expect((await listOf(collector)).body).toHaveLength(SUBSCRIPTIONS_PER_USER_MAX);
    // Others are not held to the collector's count.
    await subscribe(company.id, eddie);
    expect((await api.request('DELETE', `/api/subscriptions/${links[0]!.id}`, { token: collector })).status).toBe(204);
    await subscribe(company.id, collector);
  });

  it(`refuses (422) a feed over its size limit (${SUBSCRIPTION_FEED_BYTES_MAX.toLocaleString('en')} bytes by default), asking for a category’s link`, async () => {
    const calendar = await newCalendar('Sized');
    await newEvent(calendar.id, 'Sizeable');
    const { url } = await subscribe(calendar.id, riley);
    const size = Buffer.byteLength((await readFeed(url)).text);
    // Held to a limit this small calendar can reach.
    expect((await serverService({ feedBytesMax: size }).feed(secretOf(url), api.url))?.body).toMatch(/^BEGIN:VCALENDAR/);
    await expect(serverService({ feedBytesMax: size - 1 }).feed(secretOf(url), api.url)).rejects.toMatchObject({ status: 422, type: FEED_TOO_LARGE_TYPE, limit: size - 1 });
  });

  it(`limits each link to ${SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE} requests a minute, with Retry-After, and no other link`, async () => {
    const busy = await subscribe(company.id, eddie);
    const quiet = await subscribe(company.id, eddie);
    for (let i = 0; i < SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE; i++) expect((await readFeed(busy.url, { 'if-none-match': '*' })).status).toBe(304);
    const limited = await readFeed(busy.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readFeed(quiet.url)).status).toBe(200);
  });
});

describe('GET /ics/{secret}.ics', () => {
  it('answers a calendar app with no token: the calendar as iCalendar, with ETag, Last-Modified and a cache time', async () => {
    const created = await subscribe(company.id, riley);
    await newEvent(company.id, 'Quarterly town hall');
    const feed = await readFeed(created.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text).toContain('SUMMARY:Quarterly town hall');
    expect(feed.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(Date.parse(feed.headers.get('last-modified')!)).toBeGreaterThan(0);
    expect(feed.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    // The app's security headers go with it too.
    expect(feed.headers.get('x-content-type-options')).toBe('nosniff');
    // Compressed for calendar apps that ask (fetch undoes it, and says what it undid).
    const compressed = await readFeed(created.url, { 'accept-encoding': 'gzip' });
    expect([compressed.headers.get('content-encoding'), compressed.text]).toEqual(['gzip', feed.text]);
  });

  it('answers 304 to If-None-Match and to If-Modified-Since while nothing changed, and 200 once something has', async () => {
    const calendar = await newCalendar('Conditional');
    await newEvent(calendar.id, 'First');
    const { url } = await subscribe(calendar.id, riley);
    const first = await readFeed(url);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;

    const byTag = await readFeed(url, { 'if-none-match': etag });
    expect([byTag.status, byTag.text]).toEqual([304, '']);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect((await readFeed(url, { 'if-modified-since': lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 3_600_000).toUTCString();
    expect((await readFeed(url, { 'if-modified-since': earlier })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await readFeed(url, { 'if-none-match': '"something-else"', 'if-modified-since': lastModified })).status).toBe(200);

    await newEvent(calendar.id, 'Second');
    const changed = await readFeed(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain('SUMMARY:Second');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('answers 404 for an unknown secret, a malformed name and a revoked link', async () => {
    const created = await subscribe(company.id, riley);
    const unknown = created.url.replace(/\/ics\/.{43}\.ics$/, `/ics/${'A'.repeat(43)}.ics`);
    for (const url of [unknown, `${api.url}/ics/short.ics`, created.url.replace(/\.ics$/, '.json')]) {
      const response = await readFeed(url);
      expect([url, response.status]).toEqual([url, 404]);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await readFeed(created.url)).status).toBe(200);
    expect((await api.request('DELETE', `/api/subscriptions/${created.id}`, { token: riley })).status).toBe(204);
    expect((await readFeed(created.url)).status).toBe(404);
    expect((await listOf(riley)).body.map((link) => link.id)).not.toContain(created.id);
  });

});

describe('a link over time', () => {
  it('stops (404) when its creator can no longer see what it showed: its calendar or its category deleted', async () => {
    const calendar = await newCalendar('Short-lived');
    const category = await newCategory(calendar.id, 'Soon gone');
    const toCalendar = await subscribe(calendar.id, riley);
    const toCategory = await subscribe(calendar.id, riley, { categoryId: category.id });
    expect((await readFeed(toCategory.url)).status).toBe(200);

    expect((await api.request('DELETE', `/api/calendars/${calendar.id}/categories/${category.id}`, { token: ada, headers: { 'if-match': '"1"' } })).status).toBe(200);
    expect((await readFeed(toCategory.url)).status).toBe(404);
    expect((await readFeed(toCalendar.url)).status).toBe(200);
    expect((await listOf(riley)).body.find((link) => link.id === toCategory.id)).toMatchObject({ active: false, calendarName: 'Short-lived', categoryName: null });

    expect((await api.request('DELETE', `/api/calendars/${calendar.id}`, { token: ada, headers: { 'if-match': '"1"' } })).status).toBe(204);
    expect((await readFeed(toCalendar.url)).status).toBe(404);
    // Listed still, as stopped, until its creator revokes it.
    expect((await listOf(riley)).body.find((link) => link.id === toCalendar.id)).toMatchObject({ active: false, calendarName: null });
  });

  it('stops (404) when sign-in no longer admits its creator’s organisation', async () => {
    const { url } = await subscribe(company.id, riley);
    expect(await serverService({ tenantAdmitted: () => true }).feed(secretOf(url), api.url)).not.toBeNull();
    // As though the demo organisation had been taken off ENTRA_ALLOWED_TENANTS.
    expect(await serverService({ tenantAdmitted: (tenantId) => tenantId !== DEMO_TENANT_ID }).feed(secretOf(url), api.url)).toBeNull();
  });

  it('records when a calendar app last read the link, at most once an hour', async () => {
    const created = await subscribe(company.id, eddie);
    await readFeed(created.url);
    const used = (await listOf(eddie)).body.find((link) => link.id === created.id)!.lastUsedAt;
    expect(Date.parse(used!)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    await readFeed(created.url);
    expect((await listOf(eddie)).body.find((link) => link.id === created.id)!.lastUsedAt).toBe(used);
  });
});

describe('GET /api/subscriptions and DELETE /api/subscriptions/:subscriptionId', () => {
  it('lets an administrator list and revoke anyone’s links in the tenant, and nobody else’s', async () => {
    const rileys = await subscribe(company.id, riley);
    const all = await listOf(ada, '?all=true');
    expect(all.status).toBe(200);
    expect(all.body.find((link) => link.id === rileys.id)).toMatchObject({ createdBy: { id: 'riley', name: 'Riley Reader' } });
    expect((await listOf(ada)).body.map((link) => link.id)).not.toContain(rileys.id);
    expect((await listOf(riley, '?all=true')).status).toBe(403);
    expect((await listOf(riley, '?all=maybe')).status).toBe(400);

    // Another reader's link, or another tenant's, is not there for them to see.
    expect((await api.request('DELETE', `/api/subscriptions/${rileys.id}`, { token: eddie })).status).toBe(404);
    expect((await api.request('DELETE', `/api/subscriptions/${rileys.id}`, { token: outsiderAdmin })).status).toBe(404);
    expect((await listOf(outsiderAdmin, '?all=true')).body).toEqual([]);
    expect((await readFeed(rileys.url)).status).toBe(200);

    expect((await api.request('DELETE', `/api/subscriptions/${rileys.id}`, { token: ada })).status).toBe(204);
    expect((await readFeed(rileys.url)).status).toBe(404);
    expect((await api.request('DELETE', `/api/subscriptions/${rileys.id}`, { token: ada })).status).toBe(404);
  });

  it('never wrote a link’s secret to the log, not even for a request that escaped its path', async () => {
    const created = await subscribe(company.id, riley);
    const escaped = created.url.replace('/ics/', '/%69cs/');
    expect((await readFeed(escaped)).status).toBe(200);
    await expect.poll(() => logLines.some((line) => line.includes('"url":"/ics/REDACTED.ics"'))).toBe(true);
    const log = logLines.join('\n');
    for (const url of handedOut) expect(log).not.toContain(secretOf(url));
  });

  it('never logs a secret sent in any other shape of path, which no feed answers', async () => {
    const secret = secretOf((await subscribe(company.id, riley)).url);
    const shapes = [`//ics//${secret}.ics`, `/ics//${secret}.ics`, `/ICS/${secret}.ics`, `/x/../ics/${secret}.ics`, `/%2569cs/${secret}.ics`, `/\\ics\\${secret}.ics`, `/api/%2e%2e/ics%2F${secret}.ics`];
    const before = logLines.length;
    for (const path of shapes) expect((await rawGet(api.url, path)).status, path).toBe(404);
    await expect.poll(() => logLines.length - before).toBeGreaterThanOrEqual(shapes.length);
    const log = logLines.slice(before).join('\n');
    expect(log).not.toContain(secret);
    expect(log.split('"url":"/ics/REDACTED.ics"').length - 1).toBe(shapes.length);
  });
});

/** A GET whose path is sent exactly as written: fetch would fold its dot segments and escape its backslashes. */
function rawGet(baseUrl: string, path: string): Promise<{ status: number }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
