// Imports of files in the shapes real calendar apps write, through the API: Exchange's Windows and display-name zones
// (with and without their VTIMEZONE, quoted and not, in other languages, as Outlook numbers its copies, and one it
// defines itself), Google's X-WR-TIMEZONE, Apple's change to "this and all later" occurrences, events on listed dates
// (RDATE), DURATION, floating times and Latin-1 bytes. Each file is written here from what the producer is documented
// to write; each expectation is an instant worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { IcsImportResult } from '../../src/shared/ics-import.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, type ApiResponse, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;

beforeAll(async () => {
  api = await build();
  [ada, eddie] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie')]);
});
afterAll(() => api.close());

/** A calendar file of these lines, CRLF as RFC 5545 writes them. */
const ics = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function importIcs<T = IcsImportResult>(calendarId: string, body: string | Buffer, query = ''): Promise<ApiResponse<T>> {
  const response = await fetch(`${api.url}/api/calendars/${calendarId}/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${eddie}`, 'content-type': 'text/calendar' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

async function newCalendar(name: string): Promise<Calendar> {
  const response = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name, color: '#005B70', editors: ['eddie'] } });
  expect(response.status).toBe(201);
  return response.body;
}

/** The calendar's occurrences from 1 March to 10 April 2027 as "title @ start – end", in order. */
async function feed(calendarId: string): Promise<string[]> {
  const response = await api.request<CalendarEvent[]>('GET', `/api/events?start=2027-03-01&end=2027-04-10&calendarId=${calendarId}`, { token: eddie });
  expect(response.status).toBe(200);
  return response.body.map((e) => `${e.title} @ ${e.start} – ${e.end}`).sort();
}

/** Imports the file, then imports it again: the second import changes nothing and the feed stays as it was. */
async function importTwice(calendarId: string, file: string | Buffer, query = ''): Promise<{ first: IcsImportResult; events: string[] }> {
  const first = await importIcs(calendarId, file, query);
  expect(first.status).toBe(200);
  const events = await feed(calendarId);
  const again = await importIcs(calendarId, file, query);
  expect(again.body).toEqual({ created: 0, updated: 0, unchanged: first.body.created, skipped: first.body.skipped });
  expect(await feed(calendarId)).toEqual(events);
  return { first: first.body, events };
}

const vevent = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20270201T100000Z', 'SEQUENCE:0', ...lines, 'END:VEVENT'];

describe('Outlook and Exchange', () => {
  // Exchange's publishing: no X-WR-TIMEZONE, TZIDs that are Windows ids or display names, quoted (their colon) or not.
  const exchange = (...events: string[][]) => ics('BEGIN:VCALENDAR', 'METHOD:PUBLISH', 'PRODID:Microsoft Exchange Server 2010', 'VERSION:2.0', ...events.flat(), 'END:VCALENDAR');

  it('places every Windows zone name, without its VTIMEZONE: display names quoted or not, newer and localised ones, Windows ids and Outlook’s numbered copies', async () => {
    const calendar = await newCalendar('Exchange zones');
    const file = exchange(
      vevent('EX-1', 'SUMMARY;LANGUAGE=en-US:Sales sync', 'DTSTART;TZID="(UTC-05:00) Eastern Time (US and Canada)":20270308T090000', 'DTEND;TZID="(UTC-05:00) Eastern Time (US and Canada)":20270308T093000', 'RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO'),
      vevent('EX-2', 'SUMMARY:Planning', 'DTSTART;TZID=Eastern Standard Time 1:20270316T090000', 'DTEND;TZID=Eastern Standard Time 1:20270316T100000'),
      // The quirk: a display name's colon inside a quoted TZID; and the same name written unquoted.
      vevent('EX-3', 'SUMMARY:Quoted', 'DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin":20270301T090000', 'DTEND;TZID="(UTC+01:00) Amsterdam, Berlin":20270301T100000'),
      vevent('EX-4', 'SUMMARY:Unquoted', 'DTSTART;TZID=(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna:20270330T100000', 'DTEND;TZID=(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna:20270330T110000'),
      // A display name Windows added lately, and one a French Outlook writes.
      vevent('EX-5', 'SUMMARY:Punta Arenas', 'DTSTART;TZID="(UTC-03:00) Punta Arenas":20270303T090000', 'DTEND;TZID="(UTC-03:00) Punta Arenas":20270303T100000'),
      vevent('EX-6', 'SUMMARY:Paris', 'DTSTART;TZID="(UTC+01:00) Bruxelles, Copenhague, Madrid, Paris":20270401T090000', 'DTEND;TZID="(UTC+01:00) Bruxelles, Copenhague, Madrid, Paris":20270401T100000'),
      vevent('EX-7', 'SUMMARY:Tokyo', 'DTSTART;TZID=Tokyo Standard Time:20270305T090000', 'DTEND;TZID=Tokyo Standard Time:20270305T100000'),
    );
    const { first, events } = await importTwice(calendar.id, file);
    expect(first).toEqual({ created: 7, updated: 0, unchanged: 0, skipped: [] });
    expect(events).toEqual([
      'Paris @ 2027-04-01T07:00:00.000Z – 2027-04-01T08:00:00.000Z',
      'Planning @ 2027-03-16T13:00:00.000Z – 2027-03-16T14:00:00.000Z',
      'Punta Arenas @ 2027-03-03T12:00:00.000Z – 2027-03-03T13:00:00.000Z',
      'Quoted @ 2027-03-01T08:00:00.000Z – 2027-03-01T09:00:00.000Z',
      // 9:00 in New York on either side of the change to daylight saving time (14 March 2027).
      'Sales sync @ 2027-03-08T14:00:00.000Z – 2027-03-08T14:30:00.000Z',
      'Sales sync @ 2027-03-15T13:00:00.000Z – 2027-03-15T13:30:00.000Z',
      'Sales sync @ 2027-03-22T13:00:00.000Z – 2027-03-22T13:30:00.000Z',
      'Tokyo @ 2027-03-05T00:00:00.000Z – 2027-03-05T01:00:00.000Z',
      'Unquoted @ 2027-03-30T08:00:00.000Z – 2027-03-30T09:00:00.000Z',
    ]);
  });

  it('follows a zone Outlook defines itself ("Customized Time Zone", its rules from 1601), and skips an event whose line cannot be read, naming it, while the rest imports', async () => {
    const calendar = await newCalendar('Exchange custom zone');
    const custom = [
      'BEGIN:VTIMEZONE', 'TZID:Customized Time Zone',
      'BEGIN:STANDARD', 'DTSTART:16010101T020000', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11', 'END:STANDARD',
      'BEGIN:DAYLIGHT', 'DTSTART:16010101T020000', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3', 'END:DAYLIGHT',
      'END:VTIMEZONE',
    ];
    const file = exchange(
      custom,
      vevent('EX-CUSTOM', 'SUMMARY:Board', 'DTSTART;TZID=Customized Time Zone:20270311T090000', 'DTEND;TZID=Customized Time Zone:20270311T100000', 'RRULE:FREQ=WEEKLY;COUNT=2'),
      // A quote never closed: the line cannot be read, so this event is left out and the others are imported.
      vevent('EX-BROKEN', 'SUMMARY:Broken', 'DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin:20270302T090000'),
      vevent('EX-FINE', 'SUMMARY:Fine', 'DTSTART:20270302T090000Z', 'DTEND:20270302T100000Z'),
    );
    const { first, events } = await importTwice(calendar.id, file);
    expect(first).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: [{ uid: 'EX-BROKEN', reason: 'Line 34: A quoted parameter of DTSTART is never closed, so this item was left out' }],
    });
    expect(events).toEqual([
      'Board @ 2027-03-11T14:00:00.000Z – 2027-03-11T15:00:00.000Z',
      'Board @ 2027-03-18T13:00:00.000Z – 2027-03-18T14:00:00.000Z',
      'Fine @ 2027-03-02T09:00:00.000Z – 2027-03-02T10:00:00.000Z',
    ]);
  });

  it('still refuses with a 400 what is not iCalendar at all, writing nothing', async () => {
    const calendar = await newCalendar('Not a calendar');
    const page = await importIcs<Problem>(calendar.id, '<!DOCTYPE html>\r\n<html><body>Sign in to Outlook</body></html>\r\n');
    expect(page.status).toBe(400);
    expect(page.body.errors![0]!.message).toMatch(/^Line 1: /);
    expect(await feed(calendar.id)).toEqual([]);
  });
});

describe('Google Calendar', () => {
  it('places all-day series’ date-time UNTIL on its date in the calendar’s X-WR-TIMEZONE, and reads UTC times', async () => {
    const calendar = await newCalendar('Google');
    const file = ics(
      'BEGIN:VCALENDAR', 'PRODID:-//Google Inc//Google Calendar 70.9054//EN', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Team', 'X-WR-TIMEZONE:Europe/Berlin',
      // 22:59:59 UTC on 28 March is 00:59:59 on the 29th in Berlin (summer time since that morning): the 29th is the last day.
      ...vevent('g-1@google.com', 'DTSTART;VALUE=DATE:20270326', 'DTEND;VALUE=DATE:20270327', 'RRULE:FREQ=DAILY;UNTIL=20270328T225959Z', 'SUMMARY:Trade fair'),
      ...vevent('g-2@google.com', 'DTSTART:20270301T080000Z', 'DTEND:20270301T083000Z', 'SUMMARY:Call'),
      'END:VCALENDAR',
    );
    const { events } = await importTwice(calendar.id, file);
    expect(events).toEqual([
      'Call @ 2027-03-01T08:00:00.000Z – 2027-03-01T08:30:00.000Z',
      'Trade fair @ 2027-03-26 – 2027-03-27',
      'Trade fair @ 2027-03-27 – 2027-03-28',
      'Trade fair @ 2027-03-28 – 2027-03-29',
      'Trade fair @ 2027-03-29 – 2027-03-30',
    ]);
  });
});

describe('Apple Calendar', () => {
  const apple = (...lines: string[]) => ics('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Apple Inc.//macOS 14.4//EN', 'CALSCALE:GREGORIAN', ...lines, 'END:VCALENDAR');
  const uid = '6A3F2C1E-8B7D-4E5F-9A0B-1C2D3E4F5A6B';

  it('applies a change to an occurrence and all after it (RANGE=THISANDFUTURE) as a split there, later changes and exdates kept', async () => {
    const calendar = await newCalendar('Apple');
    const file = apple(
      ...vevent(uid, 'DTSTART;TZID=Europe/London:20270302T090000', 'DTEND;TZID=Europe/London:20270302T100000', 'RRULE:FREQ=WEEKLY;COUNT=6', 'EXDATE;TZID=Europe/London:20270323T090000', 'SUMMARY:Design review'),
      ...vevent(uid, 'RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/London:20270316T090000', 'DTSTART;TZID=Europe/London:20270316T100000', 'DTEND;TZID=Europe/London:20270316T110000', 'SUMMARY:Design review (new time)'),
      // One later occurrence changed on its own, by its original start.
      ...vevent(uid, 'RECURRENCE-ID;TZID=Europe/London:20270330T090000', 'DTSTART;TZID=Europe/London:20270331T100000', 'DTEND;TZID=Europe/London:20270331T110000', 'SUMMARY:Design review (Wednesday)'),
    );
    const { first, events } = await importTwice(calendar.id, file);
    expect(first).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: [] });
    expect(events).toEqual([
      'Design review (Wednesday) @ 2027-03-31T09:00:00.000Z – 2027-03-31T10:00:00.000Z',
      // London changes to summer time on 28 March: 10:00 is then 09:00 UTC.
      'Design review (new time) @ 2027-03-16T10:00:00.000Z – 2027-03-16T11:00:00.000Z',
      'Design review (new time) @ 2027-04-06T09:00:00.000Z – 2027-04-06T10:00:00.000Z',
      'Design review @ 2027-03-02T09:00:00.000Z – 2027-03-02T10:00:00.000Z',
      'Design review @ 2027-03-09T09:00:00.000Z – 2027-03-09T10:00:00.000Z',
    ]);
  });
});

describe('events on listed dates (RDATE), DURATION, floating times, Latin-1', () => {
  const thunderbird = (sequence: number, summary: string) =>
    ics(
      'BEGIN:VCALENDAR', 'PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN', 'VERSION:2.0',
      'BEGIN:VEVENT', 'UID:office-hours-1', 'DTSTAMP:20270201T100000Z', `SEQUENCE:${sequence}`, `SUMMARY:${summary}`,
      'DTSTART;TZID=Europe/Berlin:20270304T100000', 'DURATION:PT45M',
      'RDATE;TZID=Europe/Berlin:20270311T100000,20270401T100000', 'RDATE;VALUE=PERIOD:20270318T090000Z/PT2H',
      'EXDATE;TZID=Europe/Berlin:20270311T100000',
      'END:VEVENT',
      ...vevent('all-day-duration', 'DTSTART;VALUE=DATE:20270305', 'DURATION:P2D', 'SUMMARY:Retreat'),
      'END:VCALENDAR',
    );

  it('imports an RDATE-only event as one event per date (the first at DTSTART), each lasting its DURATION or PERIOD, and a new version updates them rather than adding more', async () => {
    const calendar = await newCalendar('Listed dates');
    const { first, events } = await importTwice(calendar.id, thunderbird(0, 'Office hours'));
    expect(first).toEqual({ created: 4, updated: 0, unchanged: 0, skipped: [] });
    expect(events).toEqual([
      'Office hours @ 2027-03-04T09:00:00.000Z – 2027-03-04T09:45:00.000Z',
      'Office hours @ 2027-03-18T09:00:00.000Z – 2027-03-18T11:00:00.000Z',
      // Berlin is on summer time by 1 April.
      'Office hours @ 2027-04-01T08:00:00.000Z – 2027-04-01T08:45:00.000Z',
      'Retreat @ 2027-03-05 – 2027-03-07',
    ]);
    expect((await importIcs(calendar.id, thunderbird(1, 'Office hours (room 2)'))).body).toEqual({ created: 0, updated: 3, unchanged: 1, skipped: [] });
    expect(await feed(calendar.id)).toEqual(events.map((event) => event.replace('Office hours @', 'Office hours (room 2) @')));
  });

  it('reads floating times in the importer’s zone, and a windows-1252 file with a localised display name', async () => {
    const calendar = await newCalendar('Floating and Latin-1');
    // windows-1252, as Outlook 2003 writes: "–" is 0x96 there (JavaScript's "\x96" written as latin1).
    const file = Buffer.from(
      ics(
        'BEGIN:VCALENDAR', 'PRODID:-//Microsoft Corporation//Outlook 11.0 MIMEDIR//EN', 'VERSION:2.0',
        ...vevent('floating', 'DTSTART:20270310T090000', 'DTEND:20270310T100000', 'SUMMARY:Floating'),
        ...vevent('latin-1', 'DTSTART;TZID="(UTC+01:00) Amsterdam, Berlin, Bern, Rom, Stockholm, Wien":20270302T090000', 'DURATION:PT1H', 'SUMMARY:Réunion à Zürich – Straße'),
        'END:VCALENDAR',
      ).replace('–', '\x96'),
      'latin1',
    );
    const { events } = await importTwice(calendar.id, file, '?timeZone=America/Chicago');
    expect(events).toEqual([
      // 9:00 in Chicago, still on standard time (-6) on 10 March.
      'Floating @ 2027-03-10T15:00:00.000Z – 2027-03-10T16:00:00.000Z',
      'Réunion à Zürich – Straße @ 2027-03-02T08:00:00.000Z – 2027-03-02T09:00:00.000Z',
    ]);
  });
});
