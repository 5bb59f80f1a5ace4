import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { CALENDAR_DESCRIPTION_MAX, CALENDAR_EDITORS_MAX, CALENDAR_NAME_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
});
afterAll(() => api.close());

const valid = { name: 'Marketing', color: '#C239B3', description: 'Campaigns and launches', editors: ['eddie', 'group-marketing'] };

describe('GET /api/calendars', () => {
  it('lists the seeded calendars with colours and per-caller edit rights', async () => {
    const asEddie = await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie });
    expect(asEddie.status).toBe(200);
    expect(asEddie.body.map((c) => [c.name, c.canEdit])).toEqual([
      ['Company', true],
      ['Engineering', true],
      ['Holidays', false],
    ]);
    for (const calendar of asEddie.body) expect(calendar.color).toMatch(/^#[0-9A-F]{6}$/i);
    const asRiley = await api.request<Calendar[]>('GET', '/api/calendars', { token: riley });
    expect(asRiley.body.every((c) => !c.canEdit)).toBe(true);
    const asAda = await api.request<Calendar[]>('GET', '/api/calendars', { token: ada });
    expect(asAda.body.every((c) => c.canEdit)).toBe(true);
  });
});

describe('POST /api/calendars', () => {
  it('lets an admin create a calendar, with Location and ETag', async () => {
    const response = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: valid });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/calendars/${response.body.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.body).toMatchObject({ ...valid, version: 1, canEdit: true });
    const list = await api.request<Calendar[]>('GET', '/api/calendars', { token: riley });
    expect(list.body.map((c) => c.name)).toContain('Marketing');
  });

  it.each([['eddie'], ['riley']] as const)('refuses %s with 403 and creates nothing', async (who) => {
    const token = who === 'eddie' ? eddie : riley;
    const before = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    const response = await api.request<Problem>('POST', '/api/calendars', { token, body: { ...valid, name: 'Sneaky' } });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const after = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(after.body).toHaveLength(before.body.length);
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a name over the limit', { name: 'x'.repeat(CALENDAR_NAME_MAX + 1) }, 'name'],
    ['a colour not #RRGGBB', { color: 'red' }, 'color'],
    ['a description over the limit', { description: 'x'.repeat(CALENDAR_DESCRIPTION_MAX + 1) }, 'description'],
    ['too many editors', { editors: Array.from({ length: CALENDAR_EDITORS_MAX + 1 }, (_, i) => `user-${i}`) }, 'editors'],
    ['an empty editor id', { editors: [''] }, 'editors.0'],
    ['an unknown field', { owner: 'ada' }, 'owner'],
  ])('rejects %s with a field list', async (_label, change, field) => {
    const response = await api.request<Problem>('POST', '/api/calendars', { token: ada, body: { ...valid, ...change } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors?.map((e) => e.field)).toEqual([field]);
    expect(response.body.errors?.[0]?.message).toBeTruthy();
  });

  it('accepts at the limits', async () => {
    const response = await api.request<Calendar>('POST', '/api/calendars', {
      token: ada,
      body: { name: 'x'.repeat(CALENDAR_NAME_MAX), color: '#000000', description: 'x'.repeat(CALENDAR_DESCRIPTION_MAX) },
    });
    expect(response.status).toBe(201);
  });
});

describe('PATCH and DELETE /api/calendars/:id', () => {
  it('renames and recolours with If-Match, then 412 on the stale ETag and 428 without one', async () => {
    const created = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { ...valid, name: 'Sales' } });
    const path = `/api/calendars/${created.body.id}`;
    const renamed = await api.request<Calendar>('PATCH', path, { token: ada, body: { name: 'Sales EMEA', color: '#005B70' }, headers: { 'if-match': '"1"' } });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"2"');
    expect(renamed.body).toMatchObject({ name: 'Sales EMEA', color: '#005B70', description: valid.description, version: 2 });

    const stale = await api.request<Problem>('PATCH', path, { token: ada, body: { name: 'Lost update' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    const missing = await api.request<Problem>('PATCH', path, { token: ada, body: { name: 'Blind write' } });
    expect(missing.status).toBe(428);
    const weak = await api.request<Problem>('PATCH', path, { token: ada, body: { name: 'Weak' }, headers: { 'if-match': 'W/"2"' } });
    expect(weak.status).toBe(412);
    const list = await api.request<Calendar[]>('GET', '/api/calendars', { token: ada });
    expect(list.body.find((c) => c.id === created.body.id)?.name).toBe('Sales EMEA');
  });

  it('sets editors, which grants edit rights', async () => {
    const created = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Support', color: '#8A3707' } });
    const before = await api.request<Calendar[]>('GET', '/api/calendars', { token: riley });
    expect(before.body.find((c) => c.id === created.body.id)?.canEdit).toBe(false);
    await api.request('PATCH', `/api/calendars/${created.body.id}`, { token: ada, body: { editors: ['riley'] }, headers: { 'if-match': '"1"' } });
    const after = await api.request<Calendar[]>('GET', '/api/calendars', { token: riley });
    expect(after.body.find((c) => c.id === created.body.id)?.canEdit).toBe(true);
  });

  it('refuses editors and readers with 403', async () => {
    const calendars = await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie });
    const company = calendars.body.find((c) => c.name === 'Company')!;
    for (const token of [eddie, riley]) {
      const patch = await api.request('PATCH', `/api/calendars/${company.id}`, { token, body: { name: 'Mine' }, headers: { 'if-match': '"1"' } });
      expect(patch.status).toBe(403);
      const del = await api.request('DELETE', `/api/calendars/${company.id}`, { token, headers: { 'if-match': '"1"' } });
      expect(del.status).toBe(403);
    }
  });

  it('deletes a calendar and its events', async () => {
    const created = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Doomed', color: '#333333' } });
    const id = created.body.id;
    const event = await api.request<CalendarEvent>('POST', `/api/calendars/${id}/events`, {
      token: ada,
      body: { title: 'Goes too', start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' },
    });
    expect(event.status).toBe(201);
    expect((await api.request('DELETE', `/api/calendars/${id}`, { token: ada })).status).toBe(428);
    expect((await api.request('DELETE', `/api/calendars/${id}`, { token: ada, headers: { 'if-match': '"7"' } })).status).toBe(412);
    const deleted = await api.request('DELETE', `/api/calendars/${id}`, { token: ada, headers: { 'if-match': '"1"' } });
    expect(deleted.status).toBe(204);
    expect((await api.request('GET', `/api/calendars/${id}/events/${event.body.id}`, { token: ada })).status).toBe(404);
    const window = await api.request<CalendarEvent[]>('GET', `/api/events?start=2026-03-01&end=2026-03-31&calendarId=${id}`, { token: ada });
    expect(window.body).toEqual([]);
    expect((await api.request('DELETE', `/api/calendars/${id}`, { token: ada, headers: { 'if-match': '"1"' } })).status).toBe(404);
  });
});
