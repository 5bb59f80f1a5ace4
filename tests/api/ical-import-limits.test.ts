// An import's bounds over HTTP: the caps on a file's lines (400s naming the line and the cap), the zones it follows,
// and its reading thread's deadline (a 422 of its own type), each with nothing imported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { IcsImportResult } from '../../src/shared/ics-import.ts';
import { ICS_IMPORT_DEPTH_MAX, ICS_IMPORT_LINES_MAX, ICS_IMPORT_PARAMETERS_MAX } from '../../src/shared/limits.ts';
import { FILE_TOO_COMPLEX_TYPE, PROBLEM_CONTENT_TYPE, type Problem } from '../../src/shared/problem.ts';
import { largestFile, nestingAttack, parametersAttack, zoneRuleAttack } from '../security/helpers/ics-attacks.ts';
import { build, type ApiResponse, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let slow: TestServer;

beforeAll(async () => {
  // The second server's reading threads have a thousandth of what the largest file takes.
  [api, slow] = await Promise.all([build(), build({}, undefined, { icsReader: { deadlineMs: 1 } })]);
});
afterAll(() => Promise.all([api.close(), slow.close()]));

async function importIcs<T = IcsImportResult>(server: TestServer, calendarId: string, body: string, query = ''): Promise<ApiResponse<T>> {
  const token = await server.tokenFor('ada');
  const response = await fetch(`${server.url}/api/calendars/${calendarId}/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/calendar' },
    body,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

async function newCalendar(server: TestServer, name: string): Promise<Calendar> {
  const response = await server.request<Calendar>('POST', '/api/calendars', { token: await server.tokenFor('ada'), body: { name, color: '#005B70' } });
  expect(response.status).toBe(201);
  return response.body;
}

async function eventsOf(server: TestServer, calendarId: string): Promise<CalendarEvent[]> {
  const response = await server.request<CalendarEvent[]>('GET', `/api/events?start=2027-01-01&end=2027-06-01&calendarId=${calendarId}`, { token: await server.tokenFor('ada') });
  expect(response.status).toBe(200);
  return response.body;
}

describe('an import’s bounds', () => {
  it.each([
    ['150,000 nested VCALENDARs', nestingAttack(), ICS_IMPORT_LINES_MAX + 1, 'The file has more than 200,000 lines'],
    ['90,000 nested VCALENDARs', nestingAttack(90_000), ICS_IMPORT_DEPTH_MAX + 1, `Components nest more than ${ICS_IMPORT_DEPTH_MAX} deep`],
    ['a line of 800,000 parameters', parametersAttack(), 3, 'The line is 3,200,005 characters long; an import takes lines of at most 160,000'],
    [`a property of ${ICS_IMPORT_PARAMETERS_MAX + 1} parameters`, parametersAttack(ICS_IMPORT_PARAMETERS_MAX + 1), 3, `X-P has more than ${ICS_IMPORT_PARAMETERS_MAX} parameters`],
  ])('refuses %s with a 400 naming the line and the cap, importing nothing', async (_name, file, line, message) => {
    const calendar = await newCalendar(api, 'Attacked');
    const response = await importIcs<Problem>(api, calendar.id, file);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    expect(response.body.errors![0]!.message).toMatch(new RegExp(`^Line ${line}: ${message}`));
    expect(response.body.detail).toMatch(/^The file holds more than an import takes \(line \d+: .*\)\. Nothing was imported\.$/);
    expect(await eventsOf(api, calendar.id)).toEqual([]);
  });

  it('previews and imports a file whose own zone changes every minute from 1900: its event is skipped, saying why', async () => {
    const calendar = await newCalendar(api, 'Minutely zone');
    const skipped = [{ uid: 'zone-attack@example.com', reason: expect.stringContaining('(RRULE:FREQ=MINUTELY): only yearly changes are followed') }];
    for (const query of ['?preview=true', '']) {
      const response = await importIcs(api, calendar.id, zoneRuleAttack('MINUTELY'), query);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ created: 0, updated: 0, unchanged: 0, skipped });
    }
    expect(await eventsOf(api, calendar.id)).toEqual([]);
  });

  it('answers 422 file-too-complex when reading the file outlasts its thread’s deadline, imports nothing, and keeps answering', async () => {
    const calendar = await newCalendar(slow, 'Too complex');
    const response = await importIcs<Problem>(slow, calendar.id, largestFile());
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    expect(response.body).toMatchObject({ type: FILE_TOO_COMPLEX_TYPE, title: 'File too complex', detail: expect.stringContaining('Nothing was imported') });
    expect(await eventsOf(slow, calendar.id)).toEqual([]);
    expect((await fetch(`${slow.url}/api/health`)).status).toBe(200);
  });
});
