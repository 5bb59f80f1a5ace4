import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { IcsImportResult } from '../../src/shared/ics-import.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../src/shared/limits.ts';
import { IDEMPOTENCY_KEY_REUSED_TYPE, type Problem } from '../../src/shared/problem.ts';
import { build, type ApiResponse, type TestServer } from './helpers/test-server.ts';

// Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) on creates, imports and restores: the same key gets the
// first answer again and writes nothing more; the same key with another request is a 422.

let api: TestServer;
let ada: string;
let eddie: string;
let company: Calendar;

beforeAll(async () => {
  api = await build();
  [ada, eddie] = [await api.tokenFor('ada'), await api.tokenFor('eddie')];
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
});
afterAll(() => api.close());

const keyed = (key: string, more: Record<string, string> = {}) => ({ 'idempotency-key': `"${key}"`, ...more });
const eventsPath = () => `/api/calendars/${company.id}/events`;
const newEvent = (title: string) => ({ title, start: '2032-06-01T09:00:00Z', end: '2032-06-01T10:00:00Z' });

async function titled(title: string): Promise<CalendarEvent[]> {
  const feed = await api.request<CalendarEvent[]>('GET', '/api/events?start=2032-05-30T00:00:00Z&end=2032-06-05T00:00:00Z&timeZone=UTC', { token: eddie });
  return feed.body.filter((event) => event.title === title);
}

/** The same answer: status, body and the headers a client acts on. */
function expectSameAnswer(first: ApiResponse<unknown>, again: ApiResponse<unknown>): void {
  expect(again.status).toBe(first.status);
  expect(again.body).toEqual(first.body);
  for (const header of ['etag', 'location']) expect(again.headers.get(header)).toBe(first.headers.get(header));
}

describe('POST /api/calendars/:id/events with an Idempotency-Key', () => {
  it('creates once: the same key again gets the first answer, and the event exists once', async () => {
    const key = randomUUID();
    const first = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: newEvent('Keyed once'), headers: keyed(key) });
    expect(first.status).toBe(201);
    const again = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: newEvent('Keyed once'), headers: keyed(key) });
    expectSameAnswer(first, again);
    expect((await titled('Keyed once')).map((event) => event.id)).toEqual([first.body.id]);
    // Without a key, or with another, a request is a new one.
    expect((await api.request('POST', eventsPath(), { token: eddie, body: newEvent('Keyed once'), headers: keyed(randomUUID()) })).status).toBe(201);
    expect(await titled('Keyed once')).toHaveLength(2);
  });

  it('refuses the key with another body (422, problem+json) and writes nothing', async () => {
    const key = randomUUID();
    await api.request('POST', eventsPath(), { token: eddie, body: newEvent('First body'), headers: keyed(key) });
    const other = await api.request<Problem>('POST', eventsPath(), { token: eddie, body: newEvent('Second body'), headers: keyed(key) });
    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(other.body.type).toBe(IDEMPOTENCY_KEY_REUSED_TYPE);
    expect(await titled('Second body')).toEqual([]);
  });

  it('keeps one user’s key apart from another’s', async () => {
    const key = randomUUID();
    const mine = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: newEvent('Per user'), headers: keyed(key) });
    const theirs = await api.request<CalendarEvent>('POST', eventsPath(), { token: ada, body: newEvent('Per user'), headers: keyed(key) });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it(`takes a key of 1 to IDEMPOTENCY_KEY_MAX_LENGTH (${IDEMPOTENCY_KEY_MAX_LENGTH}) characters, quoted or bare, and refuses any other with a 400`, async () => {
    const longest = 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH);
    expect((await api.request('POST', eventsPath(), { token: eddie, body: newEvent('Longest key'), headers: keyed(longest) })).status).toBe(201);
    expect((await api.request('POST', eventsPath(), { token: eddie, body: newEvent('Bare key'), headers: { 'idempotency-key': randomUUID() } })).status).toBe(201);
    for (const value of [`"${longest}k"`, '""', '"unterminated', 'spaced key', '"a"b"']) {
      const refused = await api.request<Problem>('POST', eventsPath(), { token: eddie, body: newEvent('Bad key'), headers: { 'idempotency-key': value } });
      expect(refused.status, value).toBe(400);
      expect(refused.body.errors?.[0]?.field).toBe('Idempotency-Key');
    }
    expect(await titled('Bad key')).toEqual([]);
  });
});

describe('POST /api/calendars with an Idempotency-Key', () => {
  it('creates the calendar once and answers the same again', async () => {
    const key = randomUUID();
    const body = { name: `Keyed ${key.slice(0, 8)}`, color: '#005B70', editors: [] };
    const first = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body, headers: keyed(key) });
    expect(first.status).toBe(201);
    const again = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body, headers: keyed(key) });
    expectSameAnswer(first, again);
    const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body;
    expect(calendars.filter((calendar) => calendar.name === body.name)).toHaveLength(1);
  });
});

describe('imports and restores with an Idempotency-Key', () => {
  const ics = (uid: string) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20320101T000000Z', 'DTSTART:20320602T090000Z', 'DTEND:20320602T100000Z', 'SUMMARY:Imported with a key', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

  async function importIcs(body: string, key: string): Promise<ApiResponse<IcsImportResult>> {
    const response = await fetch(`${api.url}/api/calendars/${company.id}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eddie}`, 'content-type': 'text/calendar', 'idempotency-key': `"${key}"` },
      body,
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as IcsImportResult };
  }

  it('imports once: the same key again answers the first counts, not "unchanged"', async () => {
    const key = randomUUID();
    const body = ics(randomUUID());
    const first = await importIcs(body, key);
    expect(first.body).toMatchObject({ created: 1, unchanged: 0 });
    const again = await importIcs(body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Without the key the file is matched by UID: unchanged.
    expect((await importIcs(body, randomUUID())).body).toMatchObject({ created: 0, unchanged: 1 });
  });

  it('restores once: the same key again gets the restored event, not a 412 for the trash version it named', async () => {
    const created = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: newEvent('Restored with a key') });
    await api.request('DELETE', `${eventsPath()}/${created.body.id}`, { token: eddie, headers: { 'if-match': '"1"' } });
    const key = randomUUID();
    const restorePath = `/api/calendars/${company.id}/trash/${created.body.id}/restore`;
    const first = await api.request<CalendarEvent>('POST', restorePath, { token: eddie, headers: keyed(key, { 'if-match': '"2"' }) });
    expect(first.status).toBe(200);
    const again = await api.request<CalendarEvent>('POST', restorePath, { token: eddie, headers: keyed(key, { 'if-match': '"2"' }) });
    expectSameAnswer(first, again);
  });
});
