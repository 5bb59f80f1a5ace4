import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let outsiderAdmin: string;
let company: Calendar;
let event: CalendarEvent;

beforeAll(async () => {
  api = await build();
  ada = await api.tokenFor('ada');
  // An admin of another organisation, with the same user id as ours: tenants never mix, whatever the ids.
  outsiderAdmin = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body.find((c) => c.name === 'Company')!;
  event = (
    await api.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
      token: ada,
      body: { title: 'Board meeting', start: '2027-04-01T09:00:00Z', end: '2027-04-01T10:00:00Z' },
    })
  ).body;
});
afterAll(() => api.close());

describe('a second tenant', () => {
  it('sees none of the first tenant’s calendars or events', async () => {
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: outsiderAdmin });
    expect(calendars.body).toEqual([]);
    const events = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-03-01&end=2027-05-01&calendarId=${company.id}`, { token: outsiderAdmin });
    expect(events.body).toEqual([]);
  });

  it('gets 404, never 403, for the first tenant’s objects, and changes nothing', async () => {
    const eventPath = `/api/calendars/${company.id}/events/${event.id}`;
    const attempts = [
      api.request('GET', eventPath, { token: outsiderAdmin }),
      api.request('PATCH', eventPath, { token: outsiderAdmin, body: { title: 'Hijacked' }, headers: { 'if-match': '"1"' } }),
      api.request('DELETE', eventPath, { token: outsiderAdmin, headers: { 'if-match': '"1"' } }),
      api.request('POST', `/api/calendars/${company.id}/events`, { token: outsiderAdmin, body: { title: 'Planted', start: '2027-04-02' } }),
      api.request('PATCH', `/api/calendars/${company.id}`, { token: outsiderAdmin, body: { name: 'Ours now' }, headers: { 'if-match': '"1"' } }),
      api.request('DELETE', `/api/calendars/${company.id}`, { token: outsiderAdmin, headers: { 'if-match': '"1"' } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);

    const after = await api.request<CalendarEvent>('GET', eventPath, { token: ada });
    expect(after.body).toEqual(event);
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: ada });
    expect(calendars.body.find((c) => c.id === company.id)).toMatchObject({ name: 'Company', version: company.version });
    const window = await api.request<CalendarEvent[]>('GET', '/api/events?start=2027-04-02&end=2027-04-03', { token: ada });
    expect(window.body).toEqual([]);
  });

  it("gets 404 for the first tenant's series occurrences too: reading, the split a change would make, a delete and its undo", async () => {
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
      token: ada,
      body: { title: 'Weekly sync', start: '2027-04-05T09:00:00Z', end: '2027-04-05T10:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=4', extendedProps: { timeZone: 'UTC' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const series = created.body;
    const occurrence = `/api/calendars/${company.id}/events/${series.id}/occurrences/2027-04-12T09:00:00Z`;
    const mine = await api.request('GET', `${occurrence}/following`, { token: ada });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const ifMatch = { 'if-match': `"${series.extendedProps.version}"` };
    const attempts = [
      api.request('GET', occurrence, { token: outsiderAdmin }),
      api.request('GET', `${occurrence}/following`, { token: outsiderAdmin }),
      api.request('DELETE', `${occurrence}?scope=this`, { token: outsiderAdmin, headers: ifMatch }),
      api.request('POST', `${occurrence}/restore?scope=this`, { token: outsiderAdmin, headers: ifMatch }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    const after = await api.request<CalendarEvent>('GET', `/api/calendars/${company.id}/events/${series.id}`, { token: ada });
    expect(after.body).toEqual(series);
  });

  it('keeps its own calendars to itself', async () => {
    const own = await api.request<Calendar>('POST', '/api/calendars', { token: outsiderAdmin, body: { name: 'Contoso', color: '#123456' } });
    expect(own.status).toBe(201);
    expect(own.body.tenantId).toBe(OTHER_TENANT_ID);
    const theirs = await api.request<Calendar[]>('GET', '/api/calendars', { token: outsiderAdmin });
    expect(theirs.body.map((c) => c.name)).toEqual(['Contoso']);
    const ours = await api.request<Calendar[]>('GET', '/api/calendars', { token: ada });
    expect(ours.body.map((c) => c.name)).not.toContain('Contoso');
    expect((await api.request('GET', `/api/calendars/${own.body.id}/events/x`, { token: ada })).status).toBe(404);
  });
});
