// A series' extra dates (RDATE) and a start off its rule, through an export and an import: what ical.js reads from
// the file is what the feed shows, and a file's series RDATEs come back as the series' extra dates.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendarIcs } from '../../src/api/ical/ical-export.ts';
import { icsDrafts } from '../../src/api/ical/ical-import-drafts.ts';
import { expandSeries } from '../../src/api/recurrence/expand-series.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const author = { id: 'eddie', name: 'Eddie' };

function series(fields: Pick<CalendarEvent, 'id' | 'start' | 'end' | 'allDay' | 'rrule' | 'rdate'>, timeZone = 'UTC'): CalendarEvent {
  return {
    title: 'Review',
    exdate: [],
    ...fields,
    extendedProps: {
      calendarId: 'cal-1',
      description: '',
      location: '',
      timeZone,
      categoryId: '',
      video: '',
      onlineMeetingUrl: '',
      createdBy: author,
      updatedBy: author,
      createdAt: '2027-01-10T08:00:00.000Z',
      updatedAt: '2027-02-20T16:30:00.000Z',
      version: 1,
    },
  };
}

function exported(event: CalendarEvent): string {
  return buildCalendarIcs({ name: 'Team', events: [event], uidDomain: 'example.com', categoryNames: new Map(), now: new Date('2027-01-01T00:00:00Z') });
}

/** The starts ical.js reads from the file, as ISO instants (dates for all-day ones), before `until`. */
function icalStarts(text: string, until: string): string[] {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const iterator = new ICAL.Event(vevent).iterator();
  const starts: string[] = [];
  for (let next = iterator.next(); next && next.toString() < until; next = iterator.next()) {
    starts.push(next.isDate ? next.toString() : next.toJSDate().toISOString());
  }
  return starts;
}

const window = (from: string, to: string) => ({ fromMs: Date.parse(from), toMs: Date.parse(to), fromDayMs: dateToDayMs(from), toDayMs: dateToDayMs(to) });
const feedStarts = (event: CalendarEvent, from: string, to: string) =>
  expandSeries({ ...event, rrule: event.rrule!, exdate: event.exdate ?? [], timeZone: event.extendedProps.timeZone }, window(from, to)).occurrences.map((o) => o.start);

describe('extra dates in an export', () => {
  it('writes RDATE in the series’ zone, and ical.js reads the feed’s occurrences from the file', () => {
    const timed = series(
      { id: 's1', start: '2027-03-15T09:00:00.000Z', end: '2027-03-15T10:00:00.000Z', allDay: false, rrule: 'FREQ=WEEKLY;COUNT=3;BYDAY=MO', rdate: ['2027-03-31T08:00:00.000Z'] },
      'Europe/London',
    );
    const text = exported(timed);
    expect(text).toContain('RDATE;TZID=Europe/London:20270331T090000\r\n');
    expect(icalStarts(text, '2028')).toEqual(feedStarts(timed, '2027-01-01', '2028-01-01'));
    expect(feedStarts(timed, '2027-01-01', '2028-01-01')).toEqual(['2027-03-15T09:00:00.000Z', '2027-03-22T09:00:00.000Z', '2027-03-29T08:00:00.000Z', '2027-03-31T08:00:00.000Z']);
    const allDay = series({ id: 's2', start: '2027-06-07', end: '2027-06-08', allDay: true, rrule: 'FREQ=MONTHLY;COUNT=2;BYDAY=1MO', rdate: ['2027-06-20'] });
    expect(exported(allDay)).toContain('RDATE;VALUE=DATE:20270620\r\n');
    expect(icalStarts(exported(allDay), '2028')).toEqual(['2027-06-07', '2027-06-20', '2027-07-05']);
  });

  it('writes a start off its rule as DTSTART, which every reader takes as the first occurrence', () => {
    // A Monday repeating on Tuesdays: the feed shows the Monday, as the file's DTSTART says.
    const off = series({ id: 's3', start: '2027-03-15T09:00:00.000Z', end: '2027-03-15T10:00:00.000Z', allDay: false, rrule: 'FREQ=WEEKLY;COUNT=2;BYDAY=TU', rdate: [] });
    expect(exported(off)).toContain('DTSTART:20270315T090000Z\r\n');
    expect(feedStarts(off, '2027-01-01', '2028-01-01')).toEqual(['2027-03-15T09:00:00.000Z', '2027-03-16T09:00:00.000Z']);
  });
});

describe('extra dates in an import', () => {
  const file = (...lines: string[]) => new TextEncoder().encode(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n'));

  it('keeps a series’ RDATEs, a list, a period by its start and an all-day date, leaving out one before the start with why', async () => {
    const { drafts, skipped } = await icsDrafts(
      file(
        'BEGIN:VEVENT', 'UID:timed', 'DTSTART;TZID=America/New_York:20270301T090000', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2',
        'RDATE;TZID=America/New_York:20270303T090000,20270320T090000', 'RDATE;VALUE=PERIOD:20270325T130000Z/PT2H', 'RDATE;TZID=America/New_York:20270201T090000',
        'SUMMARY:Timed', 'END:VEVENT',
        'BEGIN:VEVENT', 'UID:days', 'DTSTART;VALUE=DATE:20270301', 'RRULE:FREQ=MONTHLY;COUNT=2', 'RDATE;VALUE=DATE:20270310', 'SUMMARY:Days', 'END:VEVENT',
      ),
      { timeZone: 'UTC', categories: [] },
    );
    expect(drafts.map((d) => [d.title, d.rdate])).toEqual([
      ['Timed', ['2027-03-03T14:00:00.000Z', '2027-03-20T13:00:00.000Z', '2027-03-25T13:00:00.000Z']],
      ['Days', ['2027-03-10']],
    ]);
    expect(skipped).toEqual([{ uid: 'timed', reason: 'Its extra date(s) (RDATE) before its start were left out: 2027-02-01T14:00:00.000Z' }]);
  });
});
