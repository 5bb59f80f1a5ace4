import { describe, expect, it } from 'vitest';
import { seriesHit } from '../../src/api/search/series-hit.ts';
import { eventRecord } from '../../src/api/stores/repository.ts';
import { normaliseEvent, toCalendarEvent, type CalendarEvent, type OccurrenceOverrides } from '../../src/shared/event-schema.ts';

const ACTOR = { id: 'tester', name: 'Tester' };
const at = Date.parse;

function series(fields: { start: string; end: string; rrule: string; timeZone?: string; exdate?: string[]; overrides?: OccurrenceOverrides }): CalendarEvent {
  const { overrides = {}, timeZone = 'UTC', ...rest } = fields;
  const result = normaliseEvent({ title: 'Series', ...rest, extendedProps: { timeZone } });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const authorship = { createdBy: ACTOR, updatedBy: ACTOR, createdAt: '', updatedAt: '' };
  return toCalendarEvent(eventRecord({ id: 's1', calendarId: 'c1', draft: { ...result.draft, overrides }, authorship, version: 1 }));
}

const startOf = (hit: ReturnType<typeof seriesHit>) => hit?.event.start ?? null;

describe('seriesHit', () => {
  const weekly = series({ start: '2027-01-04T09:00:00Z', end: '2027-01-04T10:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=10' });

  it('shows a series at its first occurrence ending after the reference, with the occurrence’s feed id', () => {
    const hit = seriesHit(weekly, { referenceMs: at('2027-01-20T00:00:00Z') });
    expect(hit?.event).toMatchObject({ id: 's1:2027-01-25T09:00:00.000Z', start: '2027-01-25T09:00:00.000Z', extendedProps: { seriesId: 's1' } });
    expect(hit?.startMs).toBe(at('2027-01-25T09:00:00Z'));
    // One still running counts: it ends after the reference.
    expect(startOf(seriesHit(weekly, { referenceMs: at('2027-01-25T09:30:00Z') }))).toBe('2027-01-25T09:00:00.000Z');
    expect(startOf(seriesHit(weekly, { referenceMs: at('2020-01-01T00:00:00Z') }))).toBe('2027-01-04T09:00:00.000Z');
  });

  it('shows a series that is over at its last occurrence, and one with nothing in the range nowhere', () => {
    expect(startOf(seriesHit(weekly, { referenceMs: at('2030-01-01T00:00:00Z') }))).toBe('2027-03-08T09:00:00.000Z');
    expect(startOf(seriesHit(weekly, { referenceMs: at('2030-01-01T00:00:00Z'), toMs: at('2027-02-01T00:00:00Z') }))).toBe('2027-01-25T09:00:00.000Z');
    expect(seriesHit(weekly, { referenceMs: at('2030-01-01T00:00:00Z'), fromMs: at('2027-03-08T10:00:00Z') })).toBeNull();
    expect(seriesHit(weekly, { referenceMs: 0, fromMs: at('2027-01-05T00:00:00Z'), toMs: at('2027-01-11T09:00:00Z') })).toBeNull();
  });

  it('skips exdates and finds a sparse rule’s next occurrence years ahead', () => {
    const skipping = series({ start: '2027-01-04T09:00:00Z', end: '2027-01-04T10:00:00Z', rrule: 'FREQ=WEEKLY', exdate: ['2027-01-11T09:00:00Z'] });
    expect(startOf(seriesHit(skipping, { referenceMs: at('2027-01-05T00:00:00Z') }))).toBe('2027-01-18T09:00:00.000Z');
    const leapDay = series({ start: '2028-02-29', end: '2028-03-01', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29' });
    expect(startOf(seriesHit(leapDay, { referenceMs: at('2028-03-01T00:00:00Z') }))).toBe('2032-02-29');
  });

  it('counts a changed occurrence where its change moved it, with its changed fields', () => {
    const moved = series({
      start: '2027-01-04T09:00:00Z',
      end: '2027-01-04T10:00:00Z',
      rrule: 'FREQ=WEEKLY;COUNT=4',
      overrides: { '2027-01-11T09:00:00.000Z': { title: 'Moved earlier', start: '2027-01-06T15:00:00.000Z', end: '2027-01-06T16:00:00.000Z' } },
    });
    expect(seriesHit(moved, { referenceMs: at('2027-01-05T00:00:00Z') })?.event).toMatchObject({ id: 's1:2027-01-11T09:00:00.000Z', title: 'Moved earlier', start: '2027-01-06T15:00:00.000Z' });
    expect(startOf(seriesHit(moved, { referenceMs: at('2027-01-07T00:00:00Z') }))).toBe('2027-01-18T09:00:00.000Z');
  });

  it('repeats in the series’ own zone across a change of clocks', () => {
    const london = series({ start: '2027-03-22T09:00:00Z', end: '2027-03-22T10:00:00Z', rrule: 'FREQ=WEEKLY', timeZone: 'Europe/London' });
    expect(startOf(seriesHit(london, { referenceMs: at('2027-03-30T00:00:00Z') }))).toBe('2027-04-05T08:00:00.000Z');
  });
});
