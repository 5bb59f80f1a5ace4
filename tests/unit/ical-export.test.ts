import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { buildCalendarIcs, type IcsCalendarInput } from '../../src/api/ical/ical-export.ts';
import { foldLine, ICS_LINE_OCTETS_MAX } from '../../src/api/ical/ical-lines.ts';
import { vtimezone } from '../../src/api/ical/vtimezone.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { EVENT_DESCRIPTION_NESTING_MAX } from '../../src/shared/limits.ts';
import { plainTextToHtml } from '../../src/shared/rich-text.ts';

const MEETING = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d';

function event(fields: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'title' | 'start' | 'end' | 'allDay'>, props: Partial<CalendarEvent['extendedProps']> = {}): CalendarEvent {
  const { extendedProps, ...rest } = fields;
  return {
    ...rest,
    extendedProps: {
      calendarId: 'cal-1',
      description: '',
      location: '',
      timeZone: 'UTC',
      categoryId: '',
      video: '',
      onlineMeetingUrl: '',
      createdBy: { id: 'eddie', name: 'Eddie' },
      updatedBy: { id: 'eddie', name: 'Eddie' },
      createdAt: '2027-01-10T08:00:00.000Z',
      updatedAt: '2027-02-20T16:30:00.000Z',
      version: 4,
      ...extendedProps,
      ...props,
    },
  };
}

const context = (events: CalendarEvent[], more: Partial<IcsCalendarInput> = {}): IcsCalendarInput => ({
  name: 'Engineering',
  events,
  uidDomain: 'calendar.contoso.com',
  origin: 'https://calendar.contoso.com',
  categoryNames: new Map([['cat-1', 'Town hall, all hands']]),
  now: new Date('2026-11-27T12:00:00Z'),
  ...more,
});

/** Europe/London weekly at 09:00 across the change to BST on 28 March 2027, with an exdate and a moved occurrence. */
const standUp = event(
  {
    id: 'series-1',
    title: 'Stand-up',
    start: '2027-03-15T09:00:00.000Z',
    end: '2027-03-15T09:30:00.000Z',
    allDay: false,
    url: 'https://wiki.contoso.com/standup',
    rrule: 'FREQ=WEEKLY;COUNT=6;BYDAY=MO',
    exdate: ['2027-03-22T09:00:00.000Z'],
  },
  {
    timeZone: 'Europe/London',
    description: '<p>Agenda: <strong>blockers</strong>, then <a href="https://example.com">notes</a></p>',
    location: 'Room 4; floor 2',
    categoryId: 'cat-1',
    onlineMeetingUrl: MEETING,
    overrides: {
      // 29 March 09:00 BST, moved to Tuesday 10:00 BST and renamed.
      '2027-03-29T08:00:00.000Z': { title: 'Stand-up (Tuesday)', start: '2027-03-30T09:00:00.000Z', end: '2027-03-30T09:30:00.000Z', location: 'Room 5' },
    },
  },
);

function parse(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text));
}

const ms = (time: ICAL.Time) => time.toJSDate().getTime();
const iso = (time: ICAL.Time) => new Date(ms(time)).toISOString();

function occurrenceStarts(calendar: ICAL.Component, uid: string, untilIso: string): string[] {
  const components = calendar.getAllSubcomponents('vevent').filter((vevent) => vevent.getFirstPropertyValue('uid') === uid);
  const series = new ICAL.Event(components.find((vevent) => !vevent.hasProperty('recurrence-id'))!);
  for (const exception of components.filter((vevent) => vevent.hasProperty('recurrence-id'))) series.relateException(exception);
  const starts: string[] = [];
  const iterator = series.iterator();
  for (let next = iterator.next(); next && iso(next) < untilIso; next = iterator.next()) starts.push(iso(series.getOccurrenceDetails(next).startDate));
  return starts;
}

describe('an exported series', () => {
  it('round-trips every field of a series with an exdate and a moved occurrence across a DST change, read back by ical.js', () => {
    const text = buildCalendarIcs(context([standUp]));
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Engineering');
    const [master, moved] = calendar.getAllSubcomponents('vevent');
    expect(master!.getFirstPropertyValue('uid')).toBe('series-1@calendar.contoso.com');
    expect(master!.getFirstPropertyValue('sequence')).toBe(3);
    expect(iso(master!.getFirstPropertyValue('dtstamp') as ICAL.Time)).toBe('2027-02-20T16:30:00.000Z');
    expect(iso(master!.getFirstPropertyValue('last-modified') as ICAL.Time)).toBe('2027-02-20T16:30:00.000Z');
    expect(iso(master!.getFirstPropertyValue('created') as ICAL.Time)).toBe('2027-01-10T08:00:00.000Z');
    expect(master!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
    expect(iso(master!.getFirstPropertyValue('dtstart') as ICAL.Time)).toBe('2027-03-15T09:00:00.000Z');
    expect(iso(master!.getFirstPropertyValue('dtend') as ICAL.Time)).toBe('2027-03-15T09:30:00.000Z');
    expect(String(master!.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=6;BYDAY=MO');
    expect(master!.getAllProperties('exdate').map((p) => iso(p.getFirstValue() as ICAL.Time))).toEqual(['2027-03-22T09:00:00.000Z']);
    expect(master!.getFirstPropertyValue('summary')).toBe('Stand-up');
    expect(master!.getFirstPropertyValue('location')).toBe('Room 4; floor 2');
    expect(master!.getFirstPropertyValue('categories')).toBe('Town hall, all hands');
    expect(master!.getFirstPropertyValue('url')).toBe('https://calendar.contoso.com/?eventId=series-1');
    expect(master!.getFirstPropertyValue('description')).toBe(
      `Agenda: blockers, then notes [https://example.com]\n\nLink: https://wiki.contoso.com/standup\n\nJoin the Microsoft Teams meeting: ${MEETING}`,
    );
    const altDesc = master!.getFirstProperty('x-alt-desc')!;
    expect(altDesc.getParameter('fmttype')).toBe('text/html');
    expect(altDesc.getFirstValue()).toContain('<strong>blockers</strong>, then <a href="https://example.com">notes</a>');
    expect(master!.getFirstPropertyValue('x-microsoft-skypeteamsmeetingurl')).toBe(MEETING);
    expect(master!.getFirstPropertyValue('conference')).toBe(MEETING);

    expect(iso(moved!.getFirstPropertyValue('recurrence-id') as ICAL.Time)).toBe('2027-03-29T08:00:00.000Z');
    expect(moved!.getFirstProperty('recurrence-id')!.getParameter('tzid')).toBe('Europe/London');
    expect(iso(moved!.getFirstPropertyValue('dtstart') as ICAL.Time)).toBe('2027-03-30T09:00:00.000Z');
    expect(moved!.getFirstPropertyValue('summary')).toBe('Stand-up (Tuesday)');
    expect(moved!.getFirstPropertyValue('location')).toBe('Room 5');
    expect(moved!.getFirstPropertyValue('uid')).toBe('series-1@calendar.contoso.com');
    expect(moved!.getFirstPropertyValue('url')).toBe('https://calendar.contoso.com/?eventId=series-1%3A2027-03-29T08%3A00%3A00.000Z');

    // 09:00 London: GMT before 28 March, BST after; the exdated 22nd is gone and the 29th moved to the 30th.
    expect(occurrenceStarts(calendar, 'series-1@calendar.contoso.com', '2028-01-01')).toEqual([
      '2027-03-15T09:00:00.000Z',
      '2027-03-30T09:00:00.000Z',
      '2027-04-05T08:00:00.000Z',
      '2027-04-12T08:00:00.000Z',
      '2027-04-19T08:00:00.000Z',
    ]);
  });
});

describe('exported time zones', () => {
  it('writes a VTIMEZONE for every TZID used, with the offsets either side of each change', () => {
    const sydney = event({ id: 'e-syd', title: 'Sydney', start: '2027-04-01T23:00:00.000Z', end: '2027-04-02T00:00:00.000Z', allDay: false }, { timeZone: 'Australia/Sydney' });
    const utc = event({ id: 'e-utc', title: 'UTC', start: '2027-04-01T10:00:00.000Z', end: '2027-04-01T11:00:00.000Z', allDay: false });
    const calendar = parse(buildCalendarIcs(context([standUp, sydney, utc])));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid')).sort()).toEqual(['Australia/Sydney', 'Europe/London']);
    const tzids = new Set(calendar.getAllSubcomponents('vevent').flatMap((vevent) => vevent.getAllProperties().map((p) => p.getParameter('tzid')).filter(Boolean)));
    expect([...tzids].sort()).toEqual(['Australia/Sydney', 'Europe/London']);
    // The UTC event needs none: its times end in Z.
    expect(iso(calendar.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === 'e-utc@calendar.contoso.com')!.getFirstPropertyValue('dtstart') as ICAL.Time)).toBe('2027-04-01T10:00:00.000Z');
    const london = new ICAL.Timezone(zones.find((zone) => zone.getFirstPropertyValue('tzid') === 'Europe/London')!);
    const at = (year: number, month: number, day: number) => london.utcOffset(ICAL.Time.fromData({ year, month, day, hour: 12, minute: 0, second: 0, isDate: false }));
    expect([at(2027, 3, 27), at(2027, 3, 29), at(2027, 10, 30), at(2027, 11, 1)]).toEqual([0, 3600, 3600, 0]);
  });

  it('makes VTIMEZONEs from the time zone database: offsets as Temporal gives them, a yearly rule for each run of years one names', () => {
    const noon = (zone: string, year: number, month: number, day: number) =>
      Temporal.PlainDateTime.from({ year, month, day, hour: 12 }).toZonedDateTime(zone).offsetNanoseconds / 1e9;
    const cases: [string, number, number][] = [
      // A rule change in the span (the US moved its DST dates in 2007), southern hemisphere, a half-hour zone, no DST.
      ['America/New_York', 2006, 2008],
      ['Australia/Sydney', 2026, 2028],
      ['Asia/Kolkata', 2026, 2027],
      ['Asia/Tokyo', 2026, 2027],
    ];
    for (const [zone, from, to] of cases) {
      const component = vtimezone(zone, from, to);
      const timezone = new ICAL.Timezone(parse(`BEGIN:VCALENDAR\r\n${component.toString()}\r\nEND:VCALENDAR`).getFirstSubcomponent('vtimezone')!);
      for (let year = from; year <= to; year++) {
        for (let month = 1; month <= 12; month++) {
          const local = ICAL.Time.fromData({ year, month, day: 15, hour: 12, minute: 0, second: 0, isDate: false });
          expect(timezone.utcOffset(local), `${zone} ${year}-${month}`).toBe(noon(zone, year, month, 15));
        }
      }
    }
    // New York: its 2007 change ends one pair of yearly rules (UNTIL its last change) and starts another; Sydney's rule runs on past 2028.
    expect(vtimezone('America/New_York', 2006, 2008).getAllSubcomponents().map((o) => String(o.getFirstPropertyValue('rrule')))).toEqual([
      'FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z',
      'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    ]);
    const sydney = vtimezone('Australia/Sydney', 2026, 2028);
    expect(sydney.getAllSubcomponents().map((o) => String(o.getFirstPropertyValue('rrule'))).sort()).toEqual(['FREQ=YEARLY;BYMONTH=10;BYDAY=1SU', 'FREQ=YEARLY;BYMONTH=4;BYDAY=1SU']);
    expect(vtimezone('Asia/Tokyo', 2026, 2027).getAllSubcomponents()).toHaveLength(1);
  });
});

describe('exported text and dates', () => {
  it('writes all-day events and series as DATE values, a moved occurrence included', () => {
    const holiday = event(
      { id: 'days', title: 'Offsite', start: '2027-06-07', end: '2027-06-09', allDay: true, rrule: 'FREQ=MONTHLY;UNTIL=20271231;BYDAY=1MO', exdate: ['2027-08-02'] },
      { overrides: { '2027-07-05': { start: '2027-07-06', end: '2027-07-08' } } },
    );
    const text = buildCalendarIcs(context([holiday]));
    expect(text).toContain('DTSTART;VALUE=DATE:20270607\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20270609\r\n');
    expect(text).toContain('EXDATE;VALUE=DATE:20270802\r\n');
    expect(text).toContain('RECURRENCE-ID;VALUE=DATE:20270705\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20270706\r\n');
    expect(text).toContain('RRULE:FREQ=MONTHLY;BYDAY=1MO;UNTIL=20271231\r\n');
    expect(text).not.toContain('VTIMEZONE');
    const calendar = parse(text);
    const [master] = calendar.getAllSubcomponents('vevent');
    expect((master!.getFirstPropertyValue('dtstart') as ICAL.Time).isDate).toBe(true);
    const dates = occurrenceStarts(calendar, 'days@calendar.contoso.com', '2028-01-01').map((start) => start.slice(0, 10));
    expect(dates).toEqual(['2027-06-07', '2027-07-06', '2027-09-06', '2027-10-04', '2027-11-01', '2027-12-06']);
  });

  it('escapes commas, semicolons, backslashes and newlines, and a plain description gets no X-ALT-DESC', () => {
    const tricky = event(
      { id: 'tricky', title: 'Q&A, part 1; really\\truly', start: '2027-05-01T10:00:00.000Z', end: '2027-05-01T11:00:00.000Z', allDay: false },
      { description: '<p>Line one</p><p>Line two, with; marks</p>', location: 'A\\B' },
    );
    const text = buildCalendarIcs(context([tricky]));
    expect(text).toContain('SUMMARY:Q&A\\, part 1\\; really\\\\truly\r\n');
    expect(text).toContain('LOCATION:A\\\\B\r\n');
    expect(text).toContain('DESCRIPTION:Line one\\n\\nLine two\\, with\\; marks\r\n');
    expect(text).not.toContain('X-ALT-DESC');
    const [vevent] = parse(text).getAllSubcomponents('vevent');
    expect(vevent!.getFirstPropertyValue('summary')).toBe('Q&A, part 1; really\\truly');
    // A description written as plain text, its address made a link as plainTextToHtml makes it: still plain.
    const linked = event({ id: 'linked', title: 'Linked', start: '2027-05-01T10:00:00.000Z', end: '2027-05-01T11:00:00.000Z', allDay: false }, { description: plainTextToHtml('See https://example.com/a') });
    const linkedText = buildCalendarIcs(context([linked]));
    expect(linkedText).toContain('DESCRIPTION:See https://example.com/a\r\n');
    expect(linkedText).not.toContain('X-ALT-DESC');
    expect(vevent!.getFirstPropertyValue('description')).toBe('Line one\n\nLine two, with; marks');
  });

  it('a description stored too deep to convert goes out as its text alone, with a warning naming the event, and the rest as usual', () => {
    const deep = `<p>Agenda</p><p>${'<b>'.repeat(100_000)}deep words${'</b>'.repeat(100_000)}</p>`;
    const times = { start: '2027-05-01T10:00:00.000Z', end: '2027-05-01T11:00:00.000Z', allDay: false };
    const events = [
      event({ id: 'deep', title: 'Deep', ...times }, { description: deep }),
      event({ id: 'rich', title: 'Rich', ...times }, { description: '<p><strong>Bold</strong> words</p>' }),
    ];
    const warnings: object[] = [];
    const text = buildCalendarIcs(context(events, { log: { warn: (object) => warnings.push(object) } }));
    const [deepEvent, richEvent] = parse(text).getAllSubcomponents('vevent');
    expect(deepEvent!.getFirstPropertyValue('description')).toBe('Agenda\ndeep words');
    expect(deepEvent!.getFirstProperty('x-alt-desc')).toBeNull();
    expect(richEvent!.getFirstProperty('x-alt-desc')).not.toBeNull();
    expect(warnings).toEqual([{ eventId: 'deep', reason: `its elements nest deeper than ${EVENT_DESCRIPTION_NESTING_MAX}` }]);
  });
});

describe('exported lines', () => {
  it(`folds lines at ${ICS_LINE_OCTETS_MAX} octets between whole characters, with CRLF only, in UTF-8`, () => {
    const emoji = '🎉👩🏽‍💻🇯🇵'.repeat(20);
    const japanese = '社内カレンダーの予定：四半期レビュー、東京オフィス'.repeat(5);
    const long = event({ id: 'wide', title: emoji, start: '2027-05-01T10:00:00.000Z', end: '2027-05-01T11:00:00.000Z', allDay: false }, { location: japanese });
    const text = buildCalendarIcs(context([long]));
    const bytes = Buffer.from(text, 'utf8');
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(text);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(ICS_LINE_OCTETS_MAX);
      // Each folded piece is valid UTF-8 on its own: no character was cut.
      expect(Buffer.from(Buffer.from(line, 'utf8').toString('utf8'), 'utf8').equals(Buffer.from(line, 'utf8'))).toBe(true);
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    const [vevent] = parse(text).getAllSubcomponents('vevent');
    expect(vevent!.getFirstPropertyValue('summary')).toBe(emoji);
    expect(vevent!.getFirstPropertyValue('location')).toBe(japanese);
  });

  it('folds exactly at the limit: 75 octets, then a space and 74 more', () => {
    const line = `SUMMARY:${'x'.repeat(300)}`;
    const parts = foldLine(line).split('\r\n');
    expect(parts.map((part) => Buffer.byteLength(part))).toEqual([75, 75, 75, 75, 1 + 308 - 75 - 3 * 74]);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    // A four-octet character that would cross the limit goes whole to the next line.
    const folded = foldLine(`${'a'.repeat(73)}😀`).split('\r\n');
    expect(folded).toEqual(['a'.repeat(73), ' 😀']);
    // One that ends exactly at the limit stays whole.
    expect(foldLine(`${'a'.repeat(71)}😀`)).toBe(`${'a'.repeat(71)}😀`);
  });
});
