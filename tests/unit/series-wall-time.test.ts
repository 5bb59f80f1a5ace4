// A series whose start is a local date-time (issue 27): the expansion repeats its wall-clock time, only a day the zone
// skips it moves forward by the gap, an overlap takes the first instant; imports keep the file's local DTSTART and
// exports write it back.
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { buildCalendarIcs } from '../../src/api/ical/ical-export.ts';
import { icsDrafts } from '../../src/api/ical/ical-import-drafts.ts';
import { toOutlookEvent } from '../../src/api/outlook/outlook-event.ts';
import { expandSeries, occurrenceAt, seriesRange, type SeriesDefinition } from '../../src/api/recurrence/expand-series.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { eventRecord } from '../../src/api/stores/repository.ts';
import { eventWriteSchema, normaliseEvent, toCalendarEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { instantOfLocalMs, isLocalDateTime, localDateTimeMs, localStartOf } from '../../src/shared/local-date-time.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;

/** A one-hour series from a local start, with the instant that start names (as normaliseEvent stores it). */
function local(rrule: string, localStart: string, timeZone: string): SeriesDefinition {
  const startMs = instantOfLocalMs(localDateTimeMs(localStart), timeZone);
  return { rrule, start: new Date(startMs).toISOString(), end: new Date(startMs + HOUR).toISOString(), allDay: false, timeZone, exdate: [], localStart };
}

function windowOf(from: string, to: string): EventWindow {
  return { fromMs: Date.parse(from), toMs: Date.parse(to), fromDayMs: dateToDayMs(from.slice(0, 10)), toDayMs: dateToDayMs(to.slice(0, 10)) };
}

/** The occurrences' starts as the zone's clocks show them. */
function wallStarts(series: SeriesDefinition, from: string, to: string): string[] {
  return expandSeries(series, windowOf(from, to)).occurrences.map((o) =>
    Temporal.Instant.from(o.start).toZonedDateTimeISO(series.timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' }),
  );
}

describe('local date-times', () => {
  it('reads real ones only, seconds optional', () => {
    expect(['2027-03-14T02:30:00', '2027-03-14T02:30', '2028-02-29T23:59:59'].every(isLocalDateTime)).toBe(true);
    expect(['2027-03-14T24:00:00', '2027-02-29T10:00:00', '2027-03-14T02:30:00Z', '2027-03-14T02:30:00-05:00', '2027-03-14', '0099-01-01T00:00'].some(isLocalDateTime)).toBe(false);
  });

  it('names the instant after a gap by the offset before it, and the first of an overlap (RFC 5545 §3.3.5)', () => {
    expect(new Date(instantOfLocalMs(localDateTimeMs('2027-03-14T02:30:00'), NY)).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(new Date(instantOfLocalMs(localDateTimeMs('2027-11-07T01:30:00'), NY)).toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });

  it('is a series’ local start only while it names the series’ start', () => {
    expect(localStartOf({ start: '2027-03-14T07:30:00.000Z', localStart: '2027-03-14T02:30:00', timeZone: NY })).toBe('2027-03-14T02:30:00');
    expect(localStartOf({ start: '2027-03-15T06:30:00.000Z', localStart: '2027-03-14T02:30:00', timeZone: NY })).toBe('');
  });
});

describe('expanding a series from its local start', () => {
  it('repeats 02:30 daily from New York’s spring-forward day: that day at 03:30 EDT, every other at 02:30', () => {
    expect(wallStarts(local('FREQ=DAILY', '2027-03-14T02:30:00', NY), '2027-03-13T00:00:00Z', '2027-03-17T00:00:00Z')).toEqual([
      '2027-03-14T03:30',
      '2027-03-15T02:30',
      '2027-03-16T02:30',
    ]);
  });

  it('moves only the days the zone skips: a yearly rule on the second Sunday of March, a monthly one through it', () => {
    const yearly = local('FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', '2027-03-14T02:30:00', NY);
    expect(wallStarts(yearly, '2027-01-01T00:00:00Z', '2030-01-01T00:00:00Z')).toEqual(['2027-03-14T03:30', '2028-03-12T03:30', '2029-03-11T03:30']);
    const monthly = local('FREQ=MONTHLY;BYDAY=2SU', '2027-02-14T02:30:00', NY);
    expect(wallStarts(monthly, '2027-02-01T00:00:00Z', '2027-05-01T00:00:00Z')).toEqual(['2027-02-14T02:30', '2027-03-14T03:30', '2027-04-11T02:30']);
  });

  it('moves by Chatham’s 45-minute-offset gap too (02:45 → 03:45 on 26 September 2027)', () => {
    expect(wallStarts(local('FREQ=DAILY;COUNT=3', '2027-09-26T03:00:00', 'Pacific/Chatham'), '2027-09-25T00:00:00Z', '2027-09-30T00:00:00Z')).toEqual([
      '2027-09-26T04:00',
      '2027-09-27T03:00',
      '2027-09-28T03:00',
    ]);
  });

  it('takes the first 01:30 on the fall-back day, then 01:30 EST', () => {
    const series = local('FREQ=DAILY', '2027-11-07T01:30:00', NY);
    expect(expandSeries(series, windowOf('2027-11-06T00:00:00Z', '2027-11-09T00:00:00Z')).occurrences.map((o) => o.start)).toEqual([
      '2027-11-07T05:30:00.000Z',
      '2027-11-08T06:30:00.000Z',
    ]);
  });

  it('counts the moved first day in COUNT, finds it by its id, and starts its range there', () => {
    const series = local('FREQ=DAILY;COUNT=2', '2027-03-14T02:30:00', NY);
    expect(wallStarts(series, '2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z')).toEqual(['2027-03-14T03:30', '2027-03-15T02:30']);
    expect(occurrenceAt(series, '2027-03-14T07:30:00.000Z')?.end).toBe('2027-03-14T08:30:00.000Z');
    expect(seriesRange(series)).toEqual({ firstStartMs: Date.parse('2027-03-14T07:30:00Z'), lastEndMs: Date.parse('2027-03-15T07:30:00Z') });
  });

  it('repeats the instant’s own wall-clock time when the local start names another instant (a copy moved elsewhere)', () => {
    const moved = { ...local('FREQ=DAILY', '2027-03-14T02:30:00', NY), start: '2027-03-20T14:00:00.000Z', end: '2027-03-20T15:00:00.000Z' };
    expect(wallStarts(moved, '2027-03-20T00:00:00Z', '2027-03-22T00:00:00Z')).toEqual(['2027-03-20T10:00', '2027-03-21T10:00']);
  });
});

describe('a write with a local start', () => {
  const normalise = (body: object) => normaliseEvent(eventWriteSchema.parse({ title: 'Shift', ...body }));

  it('keeps a series’ local start and its wall-clock length; reads a single event’s times each on its own', () => {
    const series = normalise({ start: '2027-03-14T02:30', end: '2027-03-14T03:30', rrule: 'FREQ=DAILY', extendedProps: { timeZone: NY } });
    expect(series).toMatchObject({ ok: true, draft: { start: '2027-03-14T07:30:00.000Z', end: '2027-03-14T08:30:00.000Z', localStart: '2027-03-14T02:30:00' } });
    const mixed = normalise({ start: '2027-03-14T02:30:00', end: '2027-03-14T09:00:00Z', rrule: 'FREQ=DAILY', extendedProps: { timeZone: NY } });
    expect(mixed).toMatchObject({ ok: true, draft: { end: '2027-03-14T09:00:00.000Z', localStart: '2027-03-14T02:30:00' } });
    const single = normalise({ start: '2027-03-14T01:00:00', end: '2027-03-14T04:00:00', extendedProps: { timeZone: NY } });
    expect(single).toMatchObject({ ok: true, draft: { start: '2027-03-14T06:00:00.000Z', end: '2027-03-14T08:00:00.000Z', localStart: '' } });
    const instant = normalise({ start: '2027-03-14T07:30:00Z', rrule: 'FREQ=DAILY', extendedProps: { timeZone: NY } });
    expect(instant).toMatchObject({ ok: true, draft: { localStart: '' } });
  });

  it('refuses one without a zone, and an end the length puts before the start', () => {
    expect(normalise({ start: '2027-03-14T02:30:00', rrule: 'FREQ=DAILY' })).toMatchObject({ ok: false, issues: [{ path: ['extendedProps', 'timeZone'] }] });
    expect(normalise({ start: '2027-03-14T02:30:00', end: '2027-03-14T02:00:00', rrule: 'FREQ=DAILY', extendedProps: { timeZone: NY } })).toMatchObject({
      ok: false,
      issues: [{ path: ['end'] }],
    });
  });
});

const SHIFT_ICS = (end: string) =>
  new TextEncoder().encode(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Wall time//EN',
      'BEGIN:VEVENT',
      'UID:night-shift@example.com',
      'DTSTAMP:20270101T000000Z',
      'DTSTART;TZID=America/New_York:20270314T023000',
      end,
      'RRULE:FREQ=DAILY',
      'SUMMARY:Night shift',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );

describe('iCalendar: the file’s local DTSTART kept, and written back', () => {
  it('imports DTSTART;TZID=America/New_York:20270314T023000 daily as 02:30, only the skipped day at 03:30, an hour long', async () => {
    for (const end of ['DTEND;TZID=America/New_York:20270314T033000', 'DURATION:PT1H']) {
      const { drafts, skipped } = await icsDrafts(SHIFT_ICS(end), { timeZone: 'UTC', categories: [] });
      expect(skipped).toEqual([]);
      expect(drafts[0]).toMatchObject({ start: '2027-03-14T07:30:00.000Z', end: '2027-03-14T08:30:00.000Z', localStart: '2027-03-14T02:30:00' });
      expect(wallStarts(drafts[0]!, '2027-03-13T00:00:00Z', '2027-03-16T00:00:00Z')).toEqual(['2027-03-14T03:30', '2027-03-15T02:30']);
    }
  });

  function exported(draft: EventDraft): string {
    const author = { id: 'eddie', name: 'Eddie' };
    const authorship = { createdBy: author, updatedBy: author, createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z' };
    const event = toCalendarEvent(eventRecord({ id: 'shift', calendarId: 'cal', draft, authorship, version: 1 }));
    return buildCalendarIcs({ name: 'Ops', events: [event], uidDomain: 'example.com', categoryNames: new Map(), now: new Date('2026-12-01T00:00:00Z') });
  }

  it('exports the local start as DTSTART;TZID (02:30, not 03:30), its length as DURATION, and imports back the same', async () => {
    const { drafts } = await icsDrafts(SHIFT_ICS('DTEND;TZID=America/New_York:20270314T033000'), { timeZone: 'UTC', categories: [] });
    const file = exported(drafts[0]!);
    expect(file).toContain('DTSTART;TZID=America/New_York:20270314T023000\r\n');
    expect(file).toContain('DURATION:PT1H\r\n');
    expect(file).not.toContain('DTEND');
    const again = await icsDrafts(new TextEncoder().encode(file), { timeZone: 'UTC', categories: [] });
    expect(again.drafts[0]).toMatchObject({ start: drafts[0]!.start, end: drafts[0]!.end, localStart: '2027-03-14T02:30:00', rrule: 'FREQ=DAILY' });
  });

  it('names an occurrence the zone skips by the rule’s 02:30 in EXDATE and RECURRENCE-ID, as its DTSTART would, and imports them back', async () => {
    const body = { title: 'Night shift', start: '2027-03-10T02:30:00', end: '2027-03-10T03:30:00', rrule: 'FREQ=DAILY', exdate: ['2027-03-14T07:30:00Z'] };
    const normalised = normaliseEvent(eventWriteSchema.parse({ ...body, extendedProps: { timeZone: NY } }));
    if (!normalised.ok) throw new Error('valid');
    const draft = { ...normalised.draft, exdate: ['2027-03-14T07:30:00.000Z'], overrides: { '2027-03-14T07:30:00.000Z': { title: 'Moved' } } };
    const file = exported(draft);
    expect(file).toContain('EXDATE;TZID=America/New_York:20270314T023000\r\n');
    expect(file).toContain('RECURRENCE-ID;TZID=America/New_York:20270314T023000\r\n');
    const { drafts } = await icsDrafts(new TextEncoder().encode(file.replace(/EXDATE[^\r]*\r\n/, '')), { timeZone: 'UTC', categories: [] });
    expect(Object.keys(drafts[0]!.overrides)).toEqual(['2027-03-14T07:30:00.000Z']);
    const skipped = await icsDrafts(new TextEncoder().encode(file), { timeZone: 'UTC', categories: [] });
    expect(skipped.drafts[0]!.exdate).toEqual(['2027-03-14T07:30:00.000Z']);
  });

  it('exports a local start the zone does not skip with DTEND, as any series', async () => {
    const draft = normaliseEvent(
      eventWriteSchema.parse({ title: 'Day shift', start: '2027-03-15T09:00:00', end: '2027-03-15T10:00:00', rrule: 'FREQ=DAILY', extendedProps: { timeZone: NY } }),
    );
    if (!draft.ok) throw new Error('valid');
    const file = exported(draft.draft);
    expect(file).toContain('DTSTART;TZID=America/New_York:20270315T090000\r\n');
    expect(file).toContain('DTEND;TZID=America/New_York:20270315T100000\r\n');
  });
});

describe('the Outlook copy of a series started in local time', () => {
  it('starts at the local start in Graph’s wall-clock form, and ends as long after on the clock', async () => {
    const { drafts } = await icsDrafts(SHIFT_ICS('DTEND;TZID=America/New_York:20270314T033000'), { timeZone: 'UTC', categories: [] });
    const author = { id: 'eddie', name: 'Eddie' };
    const authorship = { createdBy: author, updatedBy: author, createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z' };
    const event = toCalendarEvent(eventRecord({ id: 'shift', calendarId: 'cal', draft: drafts[0]!, authorship, version: 1 }));
    const copy = toOutlookEvent(event, { link: 'https://calendar.example.com/e/shift', labels: { joinMeeting: 'Join', openInApp: 'Open' } });
    expect(copy).toMatchObject({
      ok: true,
      body: { start: { dateTime: '2027-03-14T02:30:00', timeZone: 'Eastern Standard Time' }, end: { dateTime: '2027-03-14T03:30:00', timeZone: 'Eastern Standard Time' } },
    });
  });
});
