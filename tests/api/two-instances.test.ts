import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { build, type TestServer } from './helpers/test-server.ts';

// Two API instances over one store. Under the api-cosmos project that is one Cosmos database, as in Azure.
describe('two API instances over one store', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await build();
    // The same data directory: the development signing key lives there, so tokens work on both.
    second = await build({}, first.dataDir);
  });
  afterAll(async () => {
    await second.close({ keepData: true });
    await first.close();
  });

  it('reads and updates through one what was written through the other, with ETags that agree', async () => {
    const token = await first.tokenFor('eddie');
    const company = (await second.request<Calendar[]>('GET', '/api/calendars', { token })).body.find((c) => c.name === 'Company')!;
    const created = await first.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
      token,
      body: { title: 'Written on one', start: '2027-10-01T09:00:00Z', end: '2027-10-01T10:00:00Z' },
    });
    const path = `/api/calendars/${company.id}/events/${created.body.id}`;
    const read = await second.request<CalendarEvent>('GET', path, { token });
    expect(read.body).toEqual(created.body);
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'));

    const updated = await second.request<CalendarEvent>('PATCH', path, { token, body: { title: 'Updated on two' }, headers: { 'if-match': read.headers.get('etag')! } });
    expect(updated.status).toBe(200);
    const stale = await first.request('PATCH', path, { token, body: { title: 'Lost update' }, headers: { 'if-match': created.headers.get('etag')! } });
    expect(stale.status).toBe(412);
    const fresh = await first.request<CalendarEvent>('GET', path, { token });
    expect(fresh.body.title).toBe('Updated on two');
    expect(fresh.headers.get('etag')).toBe(updated.headers.get('etag'));
  });

  it('seeded the demo tenant once, not once per instance', async () => {
    const token = await second.tokenFor('riley');
    const names = (await second.request<Calendar[]>('GET', '/api/calendars', { token })).body.map((c) => c.name);
    expect(names).toEqual(['Company', 'Engineering', 'Holidays']);
  });
});
