import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { IcsImportResult } from '../../src/shared/ics-import.ts';
import { ICS_IMPORT_MAX_BYTES } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, OTHER_TENANT_ID, type ApiResponse, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let outsiderAdmin: string;

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  outsiderAdmin = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
});
afterAll(() => api.close());

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ics/${name}`, import.meta.url));

/** The file as the body, as the web app sends it. */
async function importIcs<T = IcsImportResult>(calendarId: string, body: Buffer | string, options: { token?: string; query?: string; contentType?: string } = {}): Promise<ApiResponse<T>> {
  const response = await fetch(`${api.url}/api/calendars/${calendarId}/import${options.query ?? ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token ?? eddie}`, 'content-type': options.contentType ?? 'text/calendar' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

async function newCalendar(name: string, extra: Record<string, unknown> = {}): Promise<Calendar> {
  const response = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name, color: '#005B70', editors: ['eddie'], ...extra } });
  expect(response.status).toBe(201);
  return response.body;
}

async function feed(calendarId: string, start = '2027-02-25', end = '2027-04-10'): Promise<CalendarEvent[]> {
  const response = await api.request<CalendarEvent[]>('GET', `/api/events?start=${start}&end=${end}&calendarId=${calendarId}`, { token: riley });
  expect(response.status).toBe(200);
  return response.body;
}

const titlesAt = (events: CalendarEvent[]) => events.map((e) => `${e.title} @ ${e.start}`).sort();

describe('POST /api/calendars/:calendarId/import', () => {
  it('previews the counts and writes nothing, then imports, and a second import of the same file changes nothing', async () => {
    const calendar = await newCalendar('Imported from Google');
    const preview = await importIcs(calendar.id, fixture('google-calendar.ics'), { query: '?preview=true' });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: [] });
    expect(await feed(calendar.id)).toEqual([]);

    const imported = await importIcs(calendar.id, fixture('google-calendar.ics'));
    expect(imported.body).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: [] });
    const events = await feed(calendar.id);
    expect(titlesAt(events)).toEqual([
      '(No title) @ 2027-03-05T17:00:00.000Z',
      'Offsite 🏔️ in the mountains @ 2027-04-01',
      'Weekly sync (moved) @ 2027-03-22T15:00:00.000Z',
      'Weekly sync @ 2027-03-01T14:30:00.000Z',
      'Weekly sync @ 2027-03-08T14:30:00.000Z',
      'Weekly sync @ 2027-03-29T13:30:00.000Z',
      'Weekly sync @ 2027-04-05T13:30:00.000Z',
    ]);
    expect(events.find((e) => e.title === '(No title)')!.extendedProps).toMatchObject({
      createdBy: { id: 'eddie' },
      importSource: { uid: '5e1d2c3b4a59687766554433@google.com', sequence: 0, modified: '2027-01-05T10:00:00.000Z' },
    });

    const again = await importIcs(calendar.id, fixture('google-calendar.ics'));
    expect(again.body).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: [] });
    expect(await feed(calendar.id)).toEqual(events);
  });

  it.each(['google-calendar.ics', 'outlook-exchange.ics', 'apple-calendar.ics', 'nextcloud-sabredav.ics', 'utf8-bom-lf.ics', 'windows-1252.ics'])(
    'imports %s, and a second import of it changes nothing',
    async (name) => {
      const calendar = await newCalendar(`Twice: ${name}`);
      const first = await importIcs(calendar.id, fixture(name));
      expect(first.status).toBe(200);
      expect(first.body.created).toBeGreaterThan(0);
      const events = await feed(calendar.id, '2027-01-01', '2028-01-01');
      expect(events.length).toBeGreaterThan(0);
      const again = await importIcs(calendar.id, fixture(name));
      expect(again.body).toEqual({ created: 0, updated: 0, unchanged: first.body.created + first.body.updated + first.body.unchanged, skipped: first.body.skipped });
      expect(await feed(calendar.id, '2027-01-01', '2028-01-01')).toEqual(events);
    },
  );

  it('updates an event whose SEQUENCE is newer, keeps one whose copy is older, and keeps edits made here until the file changes', async () => {
    const calendar = await newCalendar('Sequences');
    await importIcs(calendar.id, fixture('google-calendar.ics'));
    const text = fixture('google-calendar.ics').toString('utf8');
    const newer = text.replace('SUMMARY:Weekly sync\r\n', 'SUMMARY:Weekly sync (renamed)\r\n').replace('SEQUENCE:1\r\n', 'SEQUENCE:2\r\n');
    expect((await importIcs(calendar.id, newer)).body).toEqual({ created: 0, updated: 1, unchanged: 2, skipped: [] });
    const occurrence = (await feed(calendar.id)).find((e) => e.title === 'Weekly sync (renamed)')!;
    // The series carries where it came from; its occurrences in the feed do not repeat it.
    expect(occurrence.extendedProps.importSource).toBeUndefined();
    const series = await api.request<CalendarEvent>('GET', `/api/calendars/${calendar.id}/events/${occurrence.extendedProps.seriesId}`, { token: eddie });
    expect(series.body.extendedProps.importSource).toMatchObject({ sequence: 2 });

    const older = await importIcs(calendar.id, fixture('google-calendar.ics'));
    expect(older.body).toMatchObject({ created: 0, updated: 0, unchanged: 2, skipped: [{ uid: '7kukuqrfedlm2f9t6ml5ebj2j9@google.com', reason: expect.stringContaining('newer version') }] });

    // An edit here keeps the event's source: the same file again finds it, and leaves the edit alone.
    const allDay = (await feed(calendar.id)).find((e) => e.allDay)!;
    const path = `/api/calendars/${calendar.id}/events/${allDay.id}`;
    const edited = await api.request<CalendarEvent>('PATCH', path, { token: eddie, body: { title: 'Offsite, edited here' }, headers: { 'if-match': `"${allDay.extendedProps.version}"` } });
    expect(edited.status).toBe(200);
    expect(edited.body.extendedProps.importSource).toEqual(allDay.extendedProps.importSource);
    expect((await importIcs(calendar.id, newer)).body).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: [] });
    expect((await api.request<CalendarEvent>('GET', path, { token: eddie })).body.title).toBe('Offsite, edited here');
  });

  it('imports each UID once per calendar: the same file into another calendar makes its own events', async () => {
    const [first, second] = [await newCalendar('First'), await newCalendar('Second')];
    await importIcs(first.id, fixture('apple-calendar.ics'));
    expect((await importIcs(second.id, fixture('apple-calendar.ics'))).body).toMatchObject({ created: 1, unchanged: 0 });
    expect(await feed(second.id)).toHaveLength(4);
  });

  it('reads Exchange’s zones, sanitises its HTML, keeps its Teams link, and matches categories by name', async () => {
    const calendar = await newCalendar('From Outlook');
    await api.request('POST', `/api/calendars/${calendar.id}/categories`, { token: ada, body: { name: 'training', color: '#C239B3', icon: 'Megaphone' } });
    expect((await importIcs(calendar.id, fixture('outlook-exchange.ics'), { query: '?timeZone=America/Chicago' })).body).toMatchObject({ created: 4, skipped: [] });
    const events = await feed(calendar.id, '2027-03-01', '2027-05-31');
    const planning = events.find((e) => e.title === 'Planung – Überblick')!;
    // X-ALT-DESC is TEXT: its escaped comma unescaped; its style and script gone.
    expect(planning.extendedProps.description).toBe('<p><b>Quartalsplanung</b></p><p>Bitte vorbereiten, danke.</p>');
    expect(planning.extendedProps.onlineMeetingUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    expect(events.filter((e) => e.title.startsWith('Kita')).map((e) => e.start)).toEqual(['2027-05-03', '2027-05-04', '2027-05-05', '2027-05-06', '2027-05-07']);

    const nextcloud = await importIcs(calendar.id, fixture('nextcloud-sabredav.ics'), { query: '?timeZone=Europe/Berlin' });
    expect(nextcloud.body.created).toBe(5);
    expect(nextcloud.body.skipped.map((s) => s.uid)).toEqual(['e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9', 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5']);
    const training = (await feed(calendar.id, '2027-03-15', '2027-03-18')).find((e) => e.title === 'Schulung: Datenschutz')!;
    expect(training.extendedProps.categoryId).not.toBe('');
  });

  it('reads back what our own export writes: a series with a moved occurrence and a skipped one across DST, an all-day event, rich text', async () => {
    const [source, copy] = [await newCalendar('Exported'), await newCalendar('Re-imported')];
    const post = (body: Record<string, unknown>) => api.request<CalendarEvent>('POST', `/api/calendars/${source.id}/events`, { token: eddie, body });
    const description = '<p>Notes, with <strong>bold</strong>; and “quotes” 🗓️</p>';
    const series = await post({ title: 'Stand-up', start: '2027-03-08T14:00:00Z', end: '2027-03-08T14:15:00Z', rrule: 'FREQ=DAILY;COUNT=10', exdate: ['2027-03-10T14:00:00Z'], extendedProps: { timeZone: 'America/New_York', description, location: 'Room 1' } });
    const occurrence = `/api/calendars/${source.id}/events/${series.body.id}/occurrences/2027-03-16T13:00:00.000Z?scope=this`;
    expect((await api.request('PATCH', occurrence, { token: eddie, body: { title: 'Stand-up (late)', start: '2027-03-16T15:00:00Z', end: '2027-03-16T15:15:00Z' }, headers: { 'if-match': '"1"' } })).status).toBe(200);
    await post({ title: 'Offsite', start: '2027-03-11', end: '2027-03-13', allDay: true });

    const exported = await fetch(`${api.url}/api/calendars/${source.id}/calendar.ics`, { headers: { authorization: `Bearer ${eddie}` } });
    expect(exported.status).toBe(200);
    expect((await importIcs(copy.id, Buffer.from(await exported.arrayBuffer()))).body).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: [] });
    const shape = (events: CalendarEvent[]) =>
      events.map(({ title, start, end, allDay, extendedProps: p }) => ({ title, start, end, allDay, description: p.description, location: p.location })).sort((a, b) => (a.start + a.title < b.start + b.title ? -1 : 1));
    const [before, after] = [await feed(source.id, '2027-03-01', '2027-04-01'), await feed(copy.id, '2027-03-01', '2027-04-01')];
    expect(before).toHaveLength(10);
    expect(shape(after)).toEqual(shape(before));
  });

  it('refuses a file whose structure is broken with a 400 naming its line, and imports nothing of it', async () => {
    const calendar = await newCalendar('Malformed');
    const response = await importIcs<Problem>(calendar.id, fixture('malformed-unclosed.ics'));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.errors![0]!.message).toMatch(/^Line 10: /);
    expect(response.body.detail).toContain('Nothing was imported');
    expect(await feed(calendar.id, '2027-03-01', '2027-04-01')).toEqual([]);
  });

  it.each([
    ['malformed-no-colon.ics', 15, 'broken-0002@example.com'],
    ['malformed-bad-date.ics', 14, 'bad-date-0002@example.com'],
  ])('imports the readable events of %s and skips the one with line %i, naming it', async (name, line, uid) => {
    const calendar = await newCalendar(`Malformed ${line}`);
    const response = await importIcs(calendar.id, fixture(name));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: 1, updated: 0, unchanged: 0, skipped: [{ uid, reason: expect.stringMatching(new RegExp(`^Line ${line}: `)) }] });
    expect((await feed(calendar.id, '2027-03-01', '2027-04-01')).map((e) => e.start)).toEqual(['2027-03-22T08:30:00.000Z']);
    expect((await importIcs(calendar.id, fixture(name))).body).toMatchObject({ created: 0, unchanged: 1 });
  });

  it(`refuses a file over ICS_IMPORT_MAX_BYTES (${ICS_IMPORT_MAX_BYTES / 1024 / 1024} MB) with a 413 that says so, and takes one at the limit`, async () => {
    const calendar = await newCalendar('Big files');
    // The fixture, padded to the limit exactly by lines of a property no one reads (each far below ICS_IMPORT_LINE_MAX).
    const [head, tail] = [fixture('windows-1252.ics').subarray(0, -'END:VCALENDAR\r\n'.length), Buffer.from('\r\nEND:VCALENDAR\r\n')];
    const size = ICS_IMPORT_MAX_BYTES - head.length - tail.length;
    const lines = Math.floor(size / 1_000) - 1;
    const padding = Buffer.from(`X-PAD:${'x'.repeat(992)}\r\n`.repeat(lines) + 'X-PAD:'.padEnd(size - lines * 1_000, 'x'));
    const atLimit = Buffer.concat([head, padding, tail]);
    expect(atLimit.length).toBe(ICS_IMPORT_MAX_BYTES);
    expect((await importIcs(calendar.id, atLimit)).body).toMatchObject({ created: 1 });
    const over = await importIcs<Problem>(calendar.id, Buffer.alloc(ICS_IMPORT_MAX_BYTES + 1, 0x20));
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('An .ics file for import has at most 5 MB; this one is larger. Nothing was imported.');
  });

  it('takes the file as text/calendar only', async () => {
    const calendar = await newCalendar('Media types');
    const json = await importIcs<Problem>(calendar.id, JSON.stringify({ file: 'x' }), { contentType: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.detail).toContain('Content-Type: text/calendar');
    expect((await importIcs<Problem>(calendar.id, 'BEGIN:VCALENDAR', { contentType: 'text/plain' })).status).toBe(415);
    expect((await importIcs<Problem>(calendar.id, fixture('apple-calendar.ics'), { query: '?preview=yes' })).status).toBe(400);
    expect((await importIcs<Problem>(calendar.id, fixture('apple-calendar.ics'), { query: '?timeZone=Mars/Olympus' })).status).toBe(400);
  });

  it('lets only those who may edit the calendar import: a reader gets 403, another organisation 404, and nothing is written', async () => {
    const calendar = await newCalendar('Guarded');
    const reader = await importIcs<Problem>(calendar.id, fixture('apple-calendar.ics'), { token: riley });
    expect(reader.status).toBe(403);
    expect((await importIcs<Problem>(calendar.id, fixture('apple-calendar.ics'), { token: outsiderAdmin })).status).toBe(404);
    expect((await importIcs<Problem>('no-such-calendar', fixture('apple-calendar.ics'))).status).toBe(404);
    expect((await importIcs<Problem>(calendar.id, 'not a calendar', { token: riley })).status).toBe(403);
    expect(await feed(calendar.id, '2027-03-01', '2027-05-01')).toEqual([]);
  });
});
