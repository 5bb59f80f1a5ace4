import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CreatedSubscription } from '../../src/shared/subscription-schema.ts';
import { build, type TestServer } from './helpers/test-server.ts';

// Behind a trusted proxy the links the API writes take the scheme from X-Forwarded-Proto, which arrives as any text.
let api: TestServer;
let eddie: string;
let company: Calendar;

beforeAll(async () => {
  api = await build({ TRUSTED_PROXY_HOPS: '1' });
  eddie = await api.tokenFor('eddie');
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
});
afterAll(() => api.close());

describe('absolute links behind a trusted proxy', () => {
  it.each([
    ['https', 'https:'],
    ['http', 'http:'],
    ['a b', 'http:'],
    ['ht^tp', 'http:'],
    ['javascript', 'http:'],
  ])('X-Forwarded-Proto %j: a subscription link and an export on %s, never a 500', async (proto, scheme) => {
    const headers = { 'x-forwarded-proto': proto };
    const created = await api.request<CreatedSubscription>('POST', `/api/calendars/${company.id}/subscriptions`, { token: eddie, body: {}, headers });
    expect(created.status).toBe(201);
    expect(new URL(created.body.url).protocol).toBe(scheme);
    const exported = await fetch(`${api.url}/api/calendars/${company.id}/calendar.ics`, { headers: { authorization: `Bearer ${eddie}`, ...headers } });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain(`URL:${scheme}//127.0.0.1:`);
  });
});
