import { describe, expect, it } from 'vitest';
import { eventRecord } from '../../src/api/stores/repository.ts';
import {
  calendarEventSchema,
  eventToWrite,
  eventWriteSchema,
  normaliseEvent,
  toCalendarEvent,
  type EventDraft,
  type FlatEvent,
} from '../../src/shared/event-schema.ts';
import { EVENT_MAX_DURATION_DAYS, EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../src/shared/limits.ts';
import { addDays } from '../../src/shared/time.ts';

function check(input: Record<string, unknown>) {
  const parsed = eventWriteSchema.safeParse(input);
  if (!parsed.success) return { ok: false as const, fields: parsed.error.issues.map((issue) => issue.path.join('.')) };
  const result = normaliseEvent(parsed.data);
  return result.ok ? result : { ok: false as const, fields: result.issues.map((issue) => issue.path.join('.')) };
}

describe('event rules', () => {
  it('infers allDay from a date-only start and fills the end with one day', () => {
    expect(check({ title: 'Holiday', start: '2027-05-01' })).toMatchObject({ ok: true, draft: { allDay: true, end: '2027-05-02' } });
  });

  it('normalises timed events to UTC and gives a missing end one hour', () => {
    expect(check({ title: 'Call', start: '2027-05-01T09:00:00-04:00' })).toMatchObject({
      ok: true,
      draft: { allDay: false, start: '2027-05-01T13:00:00.000Z', end: '2027-05-01T14:00:00.000Z', timeZone: 'UTC' },
    });
  });

  it('needs the end after the start for timed events', () => {
    expect(check({ title: 'x', start: '2027-05-01T09:00:00Z', end: '2027-05-01T09:00:00Z' })).toEqual({ ok: false, fields: ['end'] });
    expect(check({ title: 'x', start: '2027-05-01T09:00:00Z', end: '2027-05-01T09:00:01Z' }).ok).toBe(true);
  });

  it('treats all-day ends as exclusive: the end date must be after the start date', () => {
    expect(check({ title: 'x', allDay: true, start: '2027-05-01', end: '2027-05-01' })).toEqual({ ok: false, fields: ['end'] });
    expect(check({ title: 'x', allDay: true, start: '2027-05-01', end: '2027-05-02' }).ok).toBe(true);
  });

  it(`allows at most ${EVENT_MAX_DURATION_DAYS} days`, () => {
    expect(check({ title: 'x', start: '2027-01-01', end: addDays('2027-01-01', EVENT_MAX_DURATION_DAYS) }).ok).toBe(true);
    expect(check({ title: 'x', start: '2027-01-01', end: addDays('2027-01-01', EVENT_MAX_DURATION_DAYS + 1) })).toEqual({ ok: false, fields: ['end'] });
    expect(check({ title: 'x', start: '2027-01-01T00:00:00Z', end: `${addDays('2027-01-01', EVENT_MAX_DURATION_DAYS)}T00:00:01Z` })).toEqual({
      ok: false,
      fields: ['end'],
    });
  });

  it(`takes starts and ends from ${EVENT_YEAR_MIN} to the end of ${EVENT_YEAR_MAX}`, () => {
    expect(check({ title: 'x', start: `${EVENT_YEAR_MIN}-01-01` }).ok).toBe(true);
    expect(check({ title: 'x', start: `${EVENT_YEAR_MIN - 1}-12-31`, end: `${EVENT_YEAR_MIN}-01-02` })).toEqual({ ok: false, fields: ['start'] });
    expect(check({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31`, end: `${EVENT_YEAR_MAX + 1}-01-01` }).ok).toBe(true);
    expect(check({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31`, end: `${EVENT_YEAR_MAX + 1}-01-02` })).toEqual({ ok: false, fields: ['end'] });
    expect(check({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31T23:00:00Z`, end: `${EVENT_YEAR_MAX + 1}-01-01T00:00:00Z` }).ok).toBe(true);
    expect(check({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31T23:00:00Z`, end: `${EVENT_YEAR_MAX + 1}-01-01T00:00:01Z` })).toEqual({
      ok: false,
      fields: ['end'],
    });
  });

  it('keeps date and date-time apart by allDay', () => {
    expect(check({ title: 'x', allDay: false, start: '2027-05-01' })).toEqual({ ok: false, fields: ['start'] });
    expect(check({ title: 'x', allDay: true, start: '2027-05-01', end: '2027-05-02T00:00:00Z' })).toEqual({ ok: false, fields: ['end'] });
  });

  it('allows only http and https links', () => {
    expect(check({ title: 'x', start: '2027-05-01', url: 'https://example.com/a?b=c' }).ok).toBe(true);
    expect(check({ title: 'x', start: '2027-05-01', url: 'http://example.com' }).ok).toBe(true);
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'ftp://example.com', 'vbscript:x', '//example.com', 'example.com']) {
      expect(check({ title: 'x', start: '2027-05-01', url })).toEqual({ ok: false, fields: ['url'] });
    }
  });

  it('rejects dates that do not exist', () => {
    expect(check({ title: 'x', start: '2027-02-29' })).toEqual({ ok: false, fields: ['start'] });
  });
});

describe('the event in FullCalendar’s shape, from the one table of fields', () => {
  const author = { id: 'u', name: 'U' };
  const authorship = { createdBy: author, updatedBy: author, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  const draft: EventDraft = {
    title: 'Review',
    allDay: false,
    start: '2027-05-01T09:00:00.000Z',
    end: '2027-05-01T10:00:00.000Z',
    url: 'https://example.com/review',
    groupId: '',
    description: 'Notes',
    location: 'Room 1',
    timeZone: 'Europe/London',
    rrule: '',
    exdate: [],
    rdate: [],
    overrides: {},
    importSource: null,
    categoryId: '',
    video: '',
    onlineMeetingUrl: '',
    localStart: '',
  };

  it('puts each field where FullCalendar carries it, leaves empty top-level ones out, and reads back as the draft', () => {
    const event = toCalendarEvent(eventRecord({ id: 'e', calendarId: 'c', draft, authorship, version: 2 }));
    expect(event).toEqual({
      id: 'e',
      title: 'Review',
      start: draft.start,
      end: draft.end,
      allDay: false,
      url: 'https://example.com/review',
      extendedProps: {
        calendarId: 'c',
        description: 'Notes',
        location: 'Room 1',
        timeZone: 'Europe/London',
        categoryId: '',
        video: '',
        onlineMeetingUrl: '',
        ...authorship,
        version: 2,
      },
    });
    expect(calendarEventSchema.strict().safeParse(event).success).toBe(true);
    expect(normaliseEvent(eventToWrite(event))).toEqual({ ok: true, draft });
  });

  it('reads a stored event that predates a field as that field’s fallback', () => {
    const record = eventRecord({ id: 'e', calendarId: 'c', draft, authorship, version: 1 });
    const { timeZone: _timeZone, location: _location, url: _url, ...older } = record;
    // As a document written before these fields existed: its type says they are there, the data does not.
    const event = toCalendarEvent(older as unknown as FlatEvent);
    expect(event).not.toHaveProperty('url');
    expect(event.extendedProps).toMatchObject({ timeZone: 'UTC', location: '', description: 'Notes' });
  });

  it('records exactly the draft’s fields, whatever else the value passed as a draft carries', () => {
    const wider = { ...draft, calendarId: 'elsewhere', extra: 'not a field' };
    const record = eventRecord({ id: 'e', calendarId: 'c', draft: wider, authorship: { ...authorship, createdBy: { ...author, roles: ['x'] } as typeof author }, version: 1 });
    expect(record).not.toHaveProperty('extra');
    expect(record.calendarId).toBe('c');
    expect(record.createdBy).toEqual(author);
  });
});
