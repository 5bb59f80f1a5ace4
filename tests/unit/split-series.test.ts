import { describe, expect, it } from 'vitest';
import { expandSeries, type SeriesDefinition } from '../../src/api/recurrence/expand-series.ts';
import { moveSeries, shiftRecurrenceId, splitSeries, startShift } from '../../src/api/recurrence/split-series.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;
let nextId = 0;

function timed(rrule: string, start: string, exdate: string[] = []): SeriesDefinition {
  return { rrule, start, end: new Date(Date.parse(start) + HOUR).toISOString(), allDay: false, timeZone: NY, exdate };
}

const nextDay = (date: string) => new Date(dateToDayMs(date) + 86_400_000).toISOString().slice(0, 10);

function allDay(rrule: string, start: string, exdate: string[] = []): SeriesDefinition {
  return { rrule, start, end: nextDay(start), allDay: true, timeZone: 'UTC', exdate };
}

/** Every start the series shows in 2025–2028 (a new id each time, so nothing is served from the rule cache). */
function shown(series: SeriesDefinition): string[] {
  const window = {
    fromMs: Date.parse('2025-01-01T00:00:00Z'),
    toMs: Date.parse('2028-01-01T00:00:00Z'),
    fromDayMs: dateToDayMs('2025-01-01'),
    toDayMs: dateToDayMs('2028-01-01'),
  };
  return expandSeries({ ...series, id: `split-${++nextId}`, version: 1 }, window).occurrences.map((o) => o.start);
}

/** The old and new series a split describes, to expand. */
function halves(series: SeriesDefinition, recurrenceId: string, newStart?: string) {
  const split = splitSeries(series, recurrenceId, newStart === undefined ? {} : { newStart });
  if (!split) throw new Error('not an occurrence');
  const end = (start: string) => (series.allDay ? nextDay(start) : new Date(Date.parse(start) + HOUR).toISOString());
  const old = split.oldRule === null ? null : { ...series, rrule: split.oldRule, exdate: split.oldExdate };
  const next = { ...series, rrule: split.newRule, start: split.newStart, end: end(split.newStart), exdate: split.newExdate };
  return { split, old, next };
}

describe('this and following', () => {
  // Tuesdays and Thursdays at 09:00 New York from 3 March 2026, across the change on 8 March.
  const weekly = timed('FREQ=WEEKLY;UNTIL=20260430T235959Z;BYDAY=TU,TH', '2026-03-03T14:00:00.000Z', ['2026-03-05T14:00:00.000Z', '2026-03-19T13:00:00.000Z']);

  it('ends an UNTIL series a second before the occurrence and starts the new one there, with the later exdates', () => {
    const { split, old, next } = halves(weekly, '2026-03-12T13:00:00Z');
    expect(split).toEqual({
      oldRule: 'FREQ=WEEKLY;UNTIL=20260312T125959Z;BYDAY=TU,TH',
      oldExdate: ['2026-03-05T14:00:00.000Z'],
      newRule: 'FREQ=WEEKLY;UNTIL=20260430T235959Z;BYDAY=TU,TH',
      newStart: '2026-03-12T13:00:00.000Z',
      newExdate: ['2026-03-19T13:00:00.000Z'],
      movedOverrides: [],
    });
    // Together they show exactly what the series showed.
    expect([...shown(old as SeriesDefinition), ...shown(next)]).toEqual(shown(weekly));
    expect(shown(old as SeriesDefinition).at(-1)).toBe('2026-03-10T13:00:00.000Z');
  });

  it('moves the overrides from the occurrence on to the new series', () => {
    const split = splitSeries(weekly, '2026-03-12T13:00:00.000Z', { overrideIds: ['2026-03-10T13:00:00.000Z', '2026-03-12T13:00:00.000Z', '2026-03-24T13:00:00.000Z'] });
    expect(split?.movedOverrides).toEqual([
      { from: '2026-03-12T13:00:00.000Z', to: '2026-03-12T13:00:00.000Z' },
      { from: '2026-03-24T13:00:00.000Z', to: '2026-03-24T13:00:00.000Z' },
    ]);
  });

  it('splits a COUNT series by the occurrences before it, exdated ones included', () => {
    // Ten days from Monday 5 January; the 6th is cancelled before the split at the 9th, the 12th after it.
    const daily = timed('FREQ=DAILY;COUNT=10', '2026-01-05T14:00:00.000Z', ['2026-01-06T14:00:00.000Z', '2026-01-12T14:00:00.000Z']);
    const { split, old, next } = halves(daily, '2026-01-09T14:00:00.000Z');
    expect(split.oldRule).toBe('FREQ=DAILY;COUNT=4');
    expect(split.newRule).toBe('FREQ=DAILY;COUNT=6');
    expect(split.oldExdate).toEqual(['2026-01-06T14:00:00.000Z']);
    expect(split.newExdate).toEqual(['2026-01-12T14:00:00.000Z']);
    expect(shown(old as SeriesDefinition)).toHaveLength(3);
    expect(shown(next)).toHaveLength(5);
    expect([...shown(old as SeriesDefinition), ...shown(next)]).toEqual(shown(daily));
  });

  it('ends an all-day UNTIL series the day before, as a date', () => {
    const mondays = allDay('FREQ=WEEKLY;UNTIL=20260330', '2026-01-05', ['2026-01-12', '2026-02-16']);
    const { split, old, next } = halves(mondays, '2026-02-02');
    expect(split).toMatchObject({
      oldRule: 'FREQ=WEEKLY;UNTIL=20260201',
      newRule: 'FREQ=WEEKLY;UNTIL=20260330',
      newStart: '2026-02-02',
      oldExdate: ['2026-01-12'],
      newExdate: ['2026-02-16'],
    });
    expect([...shown(old as SeriesDefinition), ...shown(next)]).toEqual(shown(mondays));
  });

  it('leaves nothing of the old series when the split is at its first occurrence', () => {
    const split = splitSeries(weekly, '2026-03-03T14:00:00.000Z', { overrideIds: ['2026-03-10T13:00:00.000Z'] });
    expect(split).toMatchObject({ oldRule: null, oldExdate: [], newExdate: weekly.exdate, movedOverrides: [{ from: '2026-03-10T13:00:00.000Z' }] });
    expect(splitSeries(timed('FREQ=DAILY;COUNT=3', '2026-01-05T14:00:00.000Z'), '2026-01-05T14:00:00.000Z')).toMatchObject({ oldRule: null, newRule: 'FREQ=DAILY;COUNT=3' });
  });

  it('re-keys what moves by the new start’s wall-clock shift, across a DST change', () => {
    // Mondays at 09:00 from 2 February (EST); from 23 February on, at 10:00. The 16 March one (EDT) was cancelled.
    const mondays = timed('FREQ=WEEKLY;UNTIL=20260330T235959Z;BYDAY=MO', '2026-02-02T14:00:00.000Z', ['2026-03-16T13:00:00.000Z']);
    const { split, next } = halves(mondays, '2026-02-23T14:00:00.000Z', '2026-02-23T15:00:00.000Z');
    expect(split.newExdate).toEqual(['2026-03-16T14:00:00.000Z']); // 10:00 EDT
    expect(split.newRule).toBe('FREQ=WEEKLY;UNTIL=20260331T005959Z;BYDAY=MO');
    expect(shown(next)).toEqual(['2026-02-23T15:00:00.000Z', '2026-03-02T15:00:00.000Z', '2026-03-09T14:00:00.000Z', '2026-03-23T14:00:00.000Z', '2026-03-30T14:00:00.000Z']);
  });

  it('refuses a recurrence id the rule does not give', () => {
    expect(splitSeries(weekly, '2026-03-04T14:00:00.000Z')).toBeNull();
    expect(splitSeries(weekly, 'not a date')).toBeNull();
  });
});

describe('all events, with a new start', () => {
  it('measures the shift on the wall clock: a week is a week across a DST change', () => {
    const series = timed('FREQ=WEEKLY', '2026-03-02T14:00:00.000Z');
    expect(startShift(series, '2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z').toString()).toBe('P7D');
    expect(startShift(series, '2026-03-02T14:00:00.000Z', '2026-03-02T15:30:00.000Z').toString()).toBe('PT1H30M');
    expect(startShift(allDay('FREQ=DAILY', '2026-03-02'), '2026-03-02', '2026-02-27').toString()).toBe('-P3D');
  });

  it('moves every exdate, override id and UNTIL by that shift, so each stays on its occurrence', () => {
    // 09:00 → 10:30 on the series' first day, in EST; the exdate and override are after the change, in EDT.
    const series = timed('FREQ=WEEKLY;UNTIL=20260401T000000Z', '2026-03-02T14:00:00.000Z', ['2026-03-16T13:00:00.000Z']);
    const moved = moveSeries(series, '2026-03-02T15:30:00.000Z', ['2026-03-23T13:00:00.000Z']);
    expect(moved).toMatchObject({
      rrule: 'FREQ=WEEKLY;UNTIL=20260401T013000Z',
      exdate: ['2026-03-16T14:30:00.000Z'],
      movedOverrides: [{ from: '2026-03-23T13:00:00.000Z', to: '2026-03-23T14:30:00.000Z' }],
    });
    const after = { ...series, rrule: moved.rrule, start: '2026-03-02T15:30:00.000Z', end: '2026-03-02T16:30:00.000Z', exdate: moved.exdate };
    expect(shown(after)).toEqual(['2026-03-02T15:30:00.000Z', '2026-03-09T14:30:00.000Z', '2026-03-23T14:30:00.000Z', '2026-03-30T14:30:00.000Z']);
  });

  it('moves all-day dates by whole days', () => {
    const series = allDay('FREQ=DAILY;UNTIL=20260310', '2026-03-02', ['2026-03-05']);
    expect(moveSeries(series, '2026-03-03', ['2026-03-07'])).toMatchObject({
      rrule: 'FREQ=DAILY;UNTIL=20260311',
      exdate: ['2026-03-06'],
      movedOverrides: [{ from: '2026-03-07', to: '2026-03-08' }],
    });
    expect(moveSeries(series, '2026-03-02').rrule).toBe(series.rrule);
  });

  it('writes a shifted id as the feed does: UTC with milliseconds', () => {
    const series = timed('FREQ=DAILY', '2026-03-02T14:00:00.000Z');
    expect(shiftRecurrenceId(series, '2026-03-07T14:00:00Z', startShift(series, '2026-03-02T14:00:00Z', '2026-03-03T14:00:00Z'))).toBe('2026-03-08T13:00:00.000Z');
  });
});
