import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { expandSeries, firstRuleOccurrence, type SeriesDefinition } from '../../src/api/recurrence/expand-series.ts';
import { MOVE_POSITIONS_MAX } from '../../src/api/recurrence/occurrence-positions.ts';
import { moveSeries, shiftRecurrenceId, splitSeries, startShift } from '../../src/api/recurrence/split-series.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;

function timed(rrule: string, start: string, exdate: string[] = []): SeriesDefinition {
  return { rrule, start, end: new Date(Date.parse(start) + HOUR).toISOString(), allDay: false, timeZone: NY, exdate };
}

const nextDay = (date: string) => new Date(dateToDayMs(date) + 86_400_000).toISOString().slice(0, 10);

function allDay(rrule: string, start: string, exdate: string[] = []): SeriesDefinition {
  return { rrule, start, end: nextDay(start), allDay: true, timeZone: 'UTC', exdate };
}

/** Every start the series shows from 2025 to 2028, or another year (a new id each time, so nothing is served from the rule cache). */
function shown(series: SeriesDefinition, toYear = 2028): string[] {
  const window = {
    fromMs: Date.parse('2025-01-01T00:00:00Z'),
    toMs: Date.parse(`${toYear}-01-01T00:00:00Z`),
    fromDayMs: dateToDayMs('2025-01-01'),
    toDayMs: dateToDayMs(`${toYear}-01-01`),
  };
  return expandSeries(series, window).occurrences.map((o) => o.start);
}

/** The old and new series a split describes, to expand. */
function halves(series: SeriesDefinition, recurrenceId: string, newStart?: string) {
  const split = splitSeries(series, recurrenceId, newStart === undefined ? {} : { newStart });
  if (!split) throw new Error('not an occurrence');
  const end = (start: string) => (series.allDay ? nextDay(start) : new Date(Date.parse(start) + HOUR).toISOString());
  const old = split.oldRule === null ? null : { ...series, rrule: split.oldRule, exdate: split.oldExdate };
  const next = { ...series, rrule: split.newRule ?? '', start: split.newStart, end: end(split.newStart), exdate: split.newExdate };
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
      oldRdate: [],
      newRdate: [],
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

  it('splits at an extra date: earlier extra dates stay, later ones move, and the two halves show what the series did', () => {
    const series = { ...timed('FREQ=WEEKLY;COUNT=4;BYDAY=TU', '2026-03-03T14:00:00.000Z'), rdate: ['2026-03-05T14:00:00.000Z', '2026-03-12T13:00:00.000Z', '2026-03-26T13:00:00.000Z'] };
    const split = splitSeries(series, '2026-03-12T13:00:00.000Z')!;
    expect(split).toMatchObject({ oldRule: 'FREQ=WEEKLY;COUNT=2;BYDAY=TU', oldRdate: ['2026-03-05T14:00:00.000Z'], newRule: 'FREQ=WEEKLY;COUNT=3;BYDAY=TU', newRdate: ['2026-03-26T13:00:00.000Z'] });
    const old = { ...series, rrule: split.oldRule!, rdate: split.oldRdate };
    const next = { ...series, rrule: split.newRule!, start: split.newStart, end: '2026-03-12T14:00:00.000Z', rdate: split.newRdate };
    expect([...shown(old), ...shown(next)]).toEqual(shown(series));
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
    const after = { ...series, rrule: moved.rrule ?? '', start: '2026-03-02T15:30:00.000Z', end: '2026-03-02T16:30:00.000Z', exdate: moved.exdate };
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

/** A start's wall-clock time in New York, to the minute, or an all-day date as it is. */
const local = (start: string) => (start.length === 10 ? start : Temporal.Instant.from(start).toZonedDateTimeISO(NY).toPlainDateTime().toString().slice(0, 16));
const laterBy = (days: number) => (wall: string) => (wall.length === 10 ? Temporal.PlainDate.from(wall).add({ days }).toString() : Temporal.PlainDateTime.from(wall).add({ days }).toString().slice(0, 16));

/** The series after "all events" moves its start, and the starts it then shows, on the wall clock. */
function moveAll(series: SeriesDefinition, newStart: string) {
  const moved = moveSeries(series, newStart);
  if (moved.rrule === null) throw new Error('the rule cannot follow the new start');
  const length = series.allDay ? 0 : Date.parse(series.end) - Date.parse(series.start);
  const end = series.allDay ? nextDay(newStart) : new Date(Date.parse(newStart) + length).toISOString();
  return { rrule: moved.rrule, shown: shown({ ...series, rrule: moved.rrule, start: newStart, end, exdate: moved.exdate }).map(local) };
}

describe('the days a rule names move with its start', () => {
  it('moves weekly on one day to the new weekday, at the same local time across a DST change', () => {
    // Mondays 09:00 from 2 March 2026 (EST) → Tuesdays, across the change on 8 March.
    const mondays = timed('FREQ=WEEKLY;COUNT=4;BYDAY=MO', '2026-03-02T14:00:00.000Z');
    expect(moveAll(mondays, '2026-03-03T14:00:00.000Z')).toEqual({
      rrule: 'FREQ=WEEKLY;COUNT=4;BYDAY=TU',
      shown: ['2026-03-03T09:00', '2026-03-10T09:00', '2026-03-17T09:00', '2026-03-24T09:00'],
    });
  });

  it('rotates several weekdays by the same days, UNTIL with them, so every occurrence moves a day', () => {
    const tuesdaysThursdays = timed('FREQ=WEEKLY;UNTIL=20260326T140000Z;BYDAY=TU,TH', '2026-03-03T14:00:00.000Z');
    const moved = moveAll(tuesdaysThursdays, '2026-03-04T14:00:00.000Z');
    expect(moved.rrule).toBe('FREQ=WEEKLY;UNTIL=20260327T140000Z;BYDAY=WE,FR');
    expect(moved.shown).toEqual(shown(tuesdaysThursdays).map(local).map(laterBy(1)));
    expect(moved.shown.at(-1)).toBe('2026-03-27T09:00');
  });

  it('turns WKST with the days of a rule every other week when the move carries some of them into the next week', () => {
    const series = timed('FREQ=WEEKLY;INTERVAL=2;COUNT=6;BYDAY=MO,FR', '2026-03-02T14:00:00.000Z');
    const moved = moveAll(series, '2026-03-05T14:00:00.000Z');
    expect(moved.rrule).toBe('FREQ=WEEKLY;INTERVAL=2;COUNT=6;BYDAY=MO,TH;WKST=TH');
    expect(moved.shown).toEqual(shown(series).map(local).map(laterBy(3)));
  });

  it('moves monthly on day N to the new start’s day, counted from the end when the rule counted so', () => {
    expect(moveAll(timed('FREQ=MONTHLY;COUNT=3;BYMONTHDAY=15', '2026-01-15T14:00:00.000Z'), '2026-01-16T14:00:00.000Z')).toEqual({
      rrule: 'FREQ=MONTHLY;COUNT=3;BYMONTHDAY=16',
      shown: ['2026-01-16T09:00', '2026-02-16T09:00', '2026-03-16T09:00'],
    });
    expect(moveAll(timed('FREQ=MONTHLY;COUNT=3;BYMONTHDAY=-1', '2026-01-31T14:00:00.000Z'), '2026-01-30T14:00:00.000Z')).toEqual({
      rrule: 'FREQ=MONTHLY;COUNT=3;BYMONTHDAY=-2',
      shown: ['2026-01-30T09:00', '2026-02-27T09:00', '2026-03-30T09:00'],
    });
  });

  it('moves monthly on the Nth weekday to the new start’s weekday and place in its month; a 5th becomes the last', () => {
    const firstFriday = timed('FREQ=MONTHLY;COUNT=3;BYDAY=1FR', '2026-01-02T14:00:00.000Z');
    expect(moveAll(firstFriday, '2026-01-03T14:00:00.000Z')).toEqual({ rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=1SA', shown: ['2026-01-03T09:00', '2026-02-07T09:00', '2026-03-07T09:00'] });
    expect(moveAll(firstFriday, '2026-01-12T14:00:00.000Z')).toEqual({ rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=2MO', shown: ['2026-01-12T09:00', '2026-02-09T09:00', '2026-03-09T09:00'] });
    expect(moveAll(firstFriday, '2026-01-30T14:00:00.000Z')).toEqual({ rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=-1FR', shown: ['2026-01-30T09:00', '2026-02-27T09:00', '2026-03-27T09:00'] });
  });

  it('keeps "the last" weekday last when the new start is the last of its weekday, and counts from the start when not', () => {
    const lastFriday = timed('FREQ=MONTHLY;COUNT=3;BYDAY=-1FR', '2026-01-30T14:00:00.000Z');
    expect(moveAll(lastFriday, '2026-01-31T14:00:00.000Z')).toEqual({ rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=-1SA', shown: ['2026-01-31T09:00', '2026-02-28T09:00', '2026-03-28T09:00'] });
    expect(moveAll(lastFriday, '2026-01-22T14:00:00.000Z')).toEqual({ rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=4TH', shown: ['2026-01-22T09:00', '2026-02-26T09:00', '2026-03-26T09:00'] });
  });

  it('moves a yearly rule’s month and day, or its Nth weekday of the month', () => {
    expect(moveAll(timed('FREQ=YEARLY;COUNT=2;BYMONTH=6;BYMONTHDAY=15', '2026-06-15T13:00:00.000Z'), '2026-07-01T13:00:00.000Z')).toEqual({
      rrule: 'FREQ=YEARLY;COUNT=2;BYMONTH=7;BYMONTHDAY=1',
      shown: ['2026-07-01T09:00', '2027-07-01T09:00'],
    });
    // The fourth Thursday of November, moved to the Friday after.
    expect(moveAll(timed('FREQ=YEARLY;COUNT=2;BYMONTH=11;BYDAY=4TH', '2026-11-26T14:00:00.000Z'), '2026-11-27T14:00:00.000Z')).toEqual({
      rrule: 'FREQ=YEARLY;COUNT=2;BYMONTH=11;BYDAY=4FR',
      shown: ['2026-11-27T09:00', '2027-11-26T09:00'],
    });
  });

  it('moves an all-day weekly series by whole days, and a timed one by days and hours across a DST change', () => {
    expect(moveAll(allDay('FREQ=WEEKLY;UNTIL=20260330;BYDAY=MO', '2026-03-02'), '2026-02-28')).toEqual({
      rrule: 'FREQ=WEEKLY;UNTIL=20260328;BYDAY=SA',
      shown: ['2026-02-28', '2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28'],
    });
    // Monday 09:00 EST → Tuesday of the next week, 10:00 EDT: eight days and an hour on the wall clock.
    expect(moveAll(timed('FREQ=WEEKLY;UNTIL=20260330T235959Z;BYDAY=MO', '2026-03-02T14:00:00.000Z'), '2026-03-10T14:00:00.000Z')).toEqual({
      rrule: 'FREQ=WEEKLY;UNTIL=20260408T005959Z;BYDAY=TU',
      shown: ['2026-03-10T10:00', '2026-03-17T10:00', '2026-03-24T10:00', '2026-03-31T10:00', '2026-04-07T10:00'],
    });
  });

  it('keeps the number of occurrences of an UNTIL rule whose days move otherwise than its dates, the last one included', () => {
    // The first Saturday, six times to 1 August 2026; the first Friday of August is the 7th, after UNTIL moved back a day.
    const firstSaturday = timed('FREQ=MONTHLY;UNTIL=20260801T130000Z;BYDAY=1SA', '2026-03-07T14:00:00.000Z');
    expect(shown(firstSaturday)).toHaveLength(6);
    expect(moveAll(firstSaturday, '2026-03-06T14:00:00.000Z')).toEqual({
      rrule: 'FREQ=MONTHLY;UNTIL=20260807T130000Z;BYDAY=1FR',
      shown: ['2026-03-06T09:00', '2026-04-03T09:00', '2026-05-01T09:00', '2026-06-05T09:00', '2026-07-03T09:00', '2026-08-07T09:00'],
    });
    const allDayFirstSaturday = allDay('FREQ=MONTHLY;UNTIL=20260801;BYDAY=1SA', '2026-03-07');
    expect(moveAll(allDayFirstSaturday, '2026-03-06')).toMatchObject({ rrule: 'FREQ=MONTHLY;UNTIL=20260807;BYDAY=1FR' });
  });

  it('keeps a rule it cannot move when the new start is still an occurrence, and gives null when it is not', () => {
    const lastWorkday = timed('FREQ=MONTHLY;COUNT=3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-30T14:00:00.000Z');
    expect(moveSeries(lastWorkday, '2026-01-31T14:00:00.000Z').rrule).toBeNull();
    expect(moveAll(lastWorkday, '2026-02-27T14:00:00.000Z')).toEqual({ rrule: lastWorkday.rrule, shown: ['2026-02-27T09:00', '2026-03-31T09:00', '2026-04-30T09:00'] });
    expect(moveSeries(timed('FREQ=MONTHLY;BYMONTHDAY=1,15', '2026-01-01T14:00:00.000Z'), '2026-01-02T14:00:00.000Z').rrule).toBeNull();
    // A series that starts off its rule (a Monday, repeating on Tuesdays) was never one of its occurrences: it moves as before.
    expect(moveSeries(timed('FREQ=WEEKLY;BYDAY=TU', '2026-03-02T14:00:00.000Z'), '2026-03-02T15:00:00.000Z').rrule).toBe('FREQ=WEEKLY;BYDAY=TU');
  });

  it('moves the days of "this and following" too: the new series repeats on the moved occurrence’s days', () => {
    const weekly = timed('FREQ=WEEKLY;UNTIL=20260430T235959Z;BYDAY=TU,TH', '2026-03-03T14:00:00.000Z');
    const { split, next } = halves(weekly, '2026-03-12T13:00:00.000Z', '2026-03-13T13:00:00.000Z');
    expect(split.newRule).toBe('FREQ=WEEKLY;UNTIL=20260501T235959Z;BYDAY=WE,FR');
    expect(shown(next).map(local).slice(0, 3)).toEqual(['2026-03-13T09:00', '2026-03-18T09:00', '2026-03-20T09:00']);
    const firstFriday = timed('FREQ=MONTHLY;COUNT=6;BYDAY=1FR', '2026-01-02T14:00:00.000Z');
    expect(halves(firstFriday, '2026-03-06T14:00:00.000Z', '2026-03-07T14:00:00.000Z').split.newRule).toBe('FREQ=MONTHLY;COUNT=4;BYDAY=1SA');
  });
});

describe('skipped and changed occurrences of a rule whose days move otherwise than its dates', () => {
  it('stay on the occurrences at the same positions, for all events and for this and following', () => {
    // The first Saturday from 7 March 2026: the 3rd (2 May) is changed, the 6th (1 August) skipped.
    const firstSaturday = timed('FREQ=MONTHLY;UNTIL=20260801T130000Z;BYDAY=1SA', '2026-03-07T14:00:00.000Z', ['2026-08-01T13:00:00.000Z']);
    const moved = moveSeries(firstSaturday, '2026-03-06T14:00:00.000Z', ['2026-05-02T13:00:00.000Z', '2026-05-09T13:00:00.000Z']);
    // The first Friday of August is the 7th, of May the 1st; 9 May was no occurrence, so its override goes.
    expect(moved).toEqual({
      rrule: 'FREQ=MONTHLY;UNTIL=20260807T130000Z;BYDAY=1FR',
      exdate: ['2026-08-07T13:00:00.000Z'],
      rdate: [],
      movedOverrides: [{ from: '2026-05-02T13:00:00.000Z', to: '2026-05-01T13:00:00.000Z' }],
    });
    const split = splitSeries(firstSaturday, '2026-04-04T13:00:00.000Z', { newStart: '2026-04-03T13:00:00.000Z', overrideIds: ['2026-05-02T13:00:00.000Z'] });
    expect(split).toMatchObject({
      newRule: 'FREQ=MONTHLY;UNTIL=20260807T130000Z;BYDAY=1FR',
      newExdate: ['2026-08-07T13:00:00.000Z'],
      movedOverrides: [{ from: '2026-05-02T13:00:00.000Z', to: '2026-05-01T13:00:00.000Z' }],
    });
  });

  it('count positions past a window’s worth of occurrences, for an all-day series', () => {
    // Every day of every January from 2026, 31 a year: the one skipped, 11 January 2045, is the 19 × 31 + 11 = 600th.
    const januaries = allDay('FREQ=DAILY;BYMONTH=1', '2026-01-01', ['2045-01-11']);
    // From 2 January the first January has 30, so the 600th is a day later.
    expect(moveSeries(januaries, '2026-01-02')).toMatchObject({ rrule: 'FREQ=DAILY;BYMONTH=1', exdate: ['2045-01-12'] });
  });
});

describe('positions through MOVE_POSITIONS_MAX occurrences', () => {
  it(`count the first ${MOVE_POSITIONS_MAX} occurrences by position; past them, ids and UNTIL move by the shift`, () => {
    // The first Saturdays of August 2026 (the 6th) and November 2087 (the 741st) are both the 1st of their month.
    const firstSaturday = allDay('FREQ=MONTHLY;BYDAY=1SA', '2026-03-07', ['2026-08-01', '2087-11-01']);
    expect(moveSeries(firstSaturday, '2026-03-06')).toMatchObject({ rrule: 'FREQ=MONTHLY;BYDAY=1FR', exdate: ['2026-08-07', '2087-10-31'] });
    // An UNTIL past the 730th occurrence (7 December 2086) moves by the day too: to 31 October, not to 7 November.
    expect(moveSeries(allDay('FREQ=MONTHLY;UNTIL=20871101;BYDAY=1SA', '2026-03-07'), '2026-03-06').rrule).toBe('FREQ=MONTHLY;UNTIL=20871031;BYDAY=1FR');
  });
});

describe('a daily or weekly rule naming weekdays, moved by whole days and hours', () => {
  it('shows every occurrence moved by exactly that, on the wall clock, across DST changes', () => {
    const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
    fc.assert(
      fc.property(
        fc.record({
          freq: fc.constantFrom('DAILY', 'WEEKLY'),
          days: fc.subarray([...weekdays], { minLength: 1 }),
          wkst: fc.constantFrom(...weekdays),
          interval: fc.integer({ min: 1, max: 3 }),
          count: fc.integer({ min: 1, max: 12 }),
          fromDay: fc.integer({ min: 0, max: 330 }),
          shiftDays: fc.integer({ min: -10, max: 10 }),
          shiftHours: fc.integer({ min: 0, max: 3 }),
        }),
        ({ freq, days, wkst, interval, count, fromDay, shiftDays, shiftHours }) => {
          // The first day on or after the drawn one that the rule names, at 09:00 New York.
          let date = Temporal.PlainDate.from('2026-01-05').add({ days: fromDay });
          while (!days.includes(weekdays[date.dayOfWeek - 1]!)) date = date.add({ days: 1 });
          const at = (day: Temporal.PlainDate, hour: number) => new Date(day.toZonedDateTime({ timeZone: NY, plainTime: { hour } }).epochMilliseconds).toISOString();
          const series = timed(`FREQ=${freq};INTERVAL=${interval};COUNT=${count};BYDAY=${days.join(',')};WKST=${wkst}`, at(date, 9));
          const moved = moveAll(series, at(date.add({ days: shiftDays }), 9 + shiftHours));
          const expected = shown(series).map(local).map((wall) => Temporal.PlainDateTime.from(wall).add({ days: shiftDays }).add({ hours: shiftHours }).toString().slice(0, 16));
          expect(moved.shown).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a monthly or yearly rule moved by whole days', () => {
  it('starts at the new start and keeps its number of occurrences, or is refused', () => {
    const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
    const rules = fc.oneof(
      fc.integer({ min: 1, max: 28 }).map((day) => `BYMONTHDAY=${day}`),
      fc.constant('BYMONTHDAY=-1'),
      fc.tuple(fc.constantFrom(1, 2, 3, 4, -1), fc.constantFrom(...weekdays)).map(([n, day]) => `BYDAY=${n}${day}`),
      fc.constant('BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('MONTHLY', 'YEARLY'),
        rules,
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.integer({ min: -40, max: 40 }),
        (freq, days, month, allDaySeries, shiftDays) => {
          const rrule = `FREQ=${freq};UNTIL=20270101${allDaySeries ? '' : 'T000000Z'};${freq === 'YEARLY' ? `BYMONTH=${month};` : ''}${days}`;
          // The rule's first occurrence from March 2025, as the series' start.
          const draft = allDaySeries ? allDay(rrule, '2025-03-01') : timed(rrule, '2025-03-01T14:00:00.000Z');
          const first = firstRuleOccurrence({ ...draft, rrule: rrule.replace(/UNTIL=\w+;/, '') })!.start;
          const series = allDaySeries ? allDay(rrule, first) : timed(rrule, first);
          const newStart = allDaySeries
            ? Temporal.PlainDate.from(first).add({ days: shiftDays }).toString()
            : shiftRecurrenceId(series, first, Temporal.Duration.from({ days: shiftDays }));
          const moved = moveSeries(series, newStart);
          if (moved.rrule === null) return;
          // A month day the short months lack makes a longer series of the same count.
          const after = shown({ ...series, rrule: moved.rrule, start: newStart, end: allDaySeries ? nextDay(newStart) : newStart }, 2035);
          expect(after[0], moved.rrule).toBe(newStart);
          expect(after, moved.rrule).toHaveLength(shown(series).length);
        },
      ),
      { numRuns: 150 },
    );
  }, 30_000);
});
