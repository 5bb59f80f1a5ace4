import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  expandSeries,
  firstRuleOccurrence,
  FIRST_OCCURRENCE_SEARCH_YEARS,
  occurrenceAt,
  parsedRuleCount,
  SERIES_CACHE_SIZE,
  SERIES_OPEN_END_MS,
  seriesRange,
  seriesRuleProblems,
  type SeriesDefinition,
} from '../../src/api/recurrence/expand-series.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { RECURRENCE_WINDOW_OCCURRENCES_MAX } from '../../src/shared/limits.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const NY = 'America/New_York';
const HOUR = 3_600_000;

/** A timed series of one-hour occurrences starting at `start` (an instant), evaluated in `timeZone`. */
function timed(rrule: string, start: string, timeZone: string, exdate: string[] = []): SeriesDefinition {
  const end = new Date(Date.parse(start) + HOUR).toISOString();
  return { rrule, start, end, allDay: false, timeZone, exdate };
}

function allDay(rrule: string, start: string, end: string, exdate: string[] = []): SeriesDefinition {
  return { rrule, start, end, allDay: true, timeZone: 'UTC', exdate };
}

/** A window from one instant to another; its all-day dates are those instants' UTC dates, as a UTC viewer's. */
function windowOf(from: string, to: string): EventWindow {
  return { fromMs: Date.parse(from), toMs: Date.parse(to), fromDayMs: dateToDayMs(from.slice(0, 10)), toDayMs: dateToDayMs(to.slice(0, 10)) };
}

function starts(series: SeriesDefinition, window: EventWindow): string[] {
  return expandSeries(series, window).occurrences.map((o) => o.start);
}

/** 09:00 in New York on these dates: 13:00 UTC under EDT (UTC-4), 14:00 UTC under EST (UTC-5). */
function nineAm(offset: 'EDT' | 'EST', ...dates: string[]): string[] {
  return dates.map((date) => `${date}T${offset === 'EDT' ? '13' : '14'}:00:00.000Z`);
}

function wallClock(instant: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = format.formatToParts(Date.parse(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

// RFC 5545 §3.8.5.3, each with DTSTART;TZID=America/New_York at 09:00, and the dates and zones the RFC lists.
const RFC_EXAMPLES: { name: string; rrule: string; dtstart: string; exdate?: string[]; window: [string, string]; expected: string[] }[] = [
  {
    name: 'daily for 10 occurrences',
    rrule: 'FREQ=DAILY;COUNT=10',
    dtstart: '1997-09-02',
    window: ['1997-09-01T00:00:00Z', '1998-01-01T00:00:00Z'],
    expected: nineAm('EDT', ...['02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((d) => `1997-09-${d}`)),
  },
  {
    name: 'weekly on Tuesday and Thursday for five weeks (UNTIL)',
    rrule: 'FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH',
    dtstart: '1997-09-02',
    window: ['1997-09-01T00:00:00Z', '1998-01-01T00:00:00Z'],
    expected: nineAm('EDT', '1997-09-02', '1997-09-04', '1997-09-09', '1997-09-11', '1997-09-16', '1997-09-18', '1997-09-23', '1997-09-25', '1997-09-30', '1997-10-02'),
  },
  {
    name: 'monthly on the first Friday for 10 occurrences',
    rrule: 'FREQ=MONTHLY;COUNT=10;BYDAY=1FR',
    dtstart: '1997-09-05',
    window: ['1997-09-01T00:00:00Z', '1999-01-01T00:00:00Z'],
    expected: [
      ...nineAm('EDT', '1997-09-05', '1997-10-03'),
      ...nineAm('EST', '1997-11-07', '1997-12-05', '1998-01-02', '1998-02-06', '1998-03-06', '1998-04-03'),
      ...nineAm('EDT', '1998-05-01', '1998-06-05'),
    ],
  },
  {
    name: 'every other month on the first and last Sunday, 10 occurrences',
    rrule: 'FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU',
    dtstart: '1997-09-07',
    window: ['1997-09-01T00:00:00Z', '1999-01-01T00:00:00Z'],
    expected: [
      ...nineAm('EDT', '1997-09-07', '1997-09-28'),
      ...nineAm('EST', '1997-11-02', '1997-11-30', '1998-01-04', '1998-01-25', '1998-03-01', '1998-03-29'),
      ...nineAm('EDT', '1998-05-03', '1998-05-31'),
    ],
  },
  {
    name: 'the third of Tuesday, Wednesday or Thursday each month, 3 times (BYSETPOS=3)',
    rrule: 'FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3',
    dtstart: '1997-09-04',
    window: ['1997-09-01T00:00:00Z', '1998-01-01T00:00:00Z'],
    expected: [...nineAm('EDT', '1997-09-04', '1997-10-07'), ...nineAm('EST', '1997-11-06')],
  },
  {
    name: 'the last work day of the month',
    rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    dtstart: '1997-09-30',
    window: ['1997-09-01T00:00:00Z', '1998-06-01T00:00:00Z'],
    expected: [
      ...nineAm('EDT', '1997-09-30'),
      ...nineAm('EST', '1997-10-31', '1997-11-28', '1997-12-31', '1998-01-30', '1998-02-27', '1998-03-31'),
      ...nineAm('EDT', '1998-04-30', '1998-05-29'),
    ],
  },
  {
    name: 'yearly in June and July for 10 occurrences',
    rrule: 'FREQ=YEARLY;COUNT=10;BYMONTH=6,7',
    dtstart: '1997-06-10',
    window: ['1997-01-01T00:00:00Z', '2003-01-01T00:00:00Z'],
    expected: nineAm('EDT', ...[1997, 1998, 1999, 2000, 2001].flatMap((y) => [`${y}-06-10`, `${y}-07-10`])),
  },
  {
    name: 'every Thursday in March, forever',
    rrule: 'FREQ=YEARLY;BYMONTH=3;BYDAY=TH',
    dtstart: '1997-03-13',
    window: ['1997-01-01T00:00:00Z', '2000-01-01T00:00:00Z'],
    expected: nineAm(
      'EST',
      ...['1997-03-13', '1997-03-20', '1997-03-27'],
      ...['1998-03-05', '1998-03-12', '1998-03-19', '1998-03-26'],
      ...['1999-03-04', '1999-03-11', '1999-03-18', '1999-03-25'],
    ),
  },
  {
    // The RFC's DTSTART is not a Friday the 13th and the RFC excludes it with EXDATE; the rule alone never gives it.
    name: 'every Friday the 13th, forever',
    rrule: 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
    dtstart: '1997-09-02',
    exdate: ['1997-09-02T13:00:00.000Z'],
    window: ['1997-09-01T00:00:00Z', '2001-01-01T00:00:00Z'],
    expected: [...nineAm('EST', '1998-02-13', '1998-03-13', '1998-11-13'), ...nineAm('EDT', '1999-08-13', '2000-10-13')],
  },
  {
    name: 'every 10 days, 5 occurrences',
    rrule: 'FREQ=DAILY;INTERVAL=10;COUNT=5',
    dtstart: '1997-09-02',
    window: ['1997-09-01T00:00:00Z', '1998-01-01T00:00:00Z'],
    expected: nineAm('EDT', '1997-09-02', '1997-09-12', '1997-09-22', '1997-10-02', '1997-10-12'),
  },
];

/** DTSTART 09:00 America/New_York as an instant: EDT or EST by the RFC's own date. */
function rfcStart(date: string): string {
  const edt = date >= '1997-04-06' && date < '1997-10-26';
  return nineAm(edt ? 'EDT' : 'EST', date)[0] as string;
}

describe('RFC 5545 §3.8.5.3 examples at 09:00 America/New_York', () => {
  for (const example of RFC_EXAMPLES) {
    it(example.name, () => {
      const series = timed(example.rrule, rfcStart(example.dtstart), NY, example.exdate);
      const got = starts(series, windowOf(...example.window));
      expect(got).toEqual(example.expected);
      // The local dates, each at 09:00 whichever side of a DST change it falls.
      expect(got.map((s) => wallClock(s, NY))).toEqual(example.expected.map((s) => `${s.slice(0, 10)} 09:00`));
    });
  }

  it('keeps 09:00 local across the modern changes, deep into an unbounded series (every Thursday in March, 2026)', () => {
    const series = timed('FREQ=YEARLY;BYMONTH=3;BYDAY=TH', rfcStart('1997-03-13'), NY);
    // DST began on Sunday 8 March 2026.
    expect(starts(series, windowOf('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'))).toEqual([
      ...nineAm('EST', '2026-03-05'),
      ...nineAm('EDT', '2026-03-12', '2026-03-19', '2026-03-26'),
    ]);
  });

  it('keeps 09:00 local through both 2026 changes in a weekly series', () => {
    // DST began on 8 March 2026 and ends on 1 November; UNTIL falls before 09:00 on 1 December.
    const series = timed('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261201T000000Z', '2026-03-03T14:00:00.000Z', NY);
    const got = starts(series, windowOf('2026-03-01T00:00:00Z', '2026-12-31T00:00:00Z'));
    expect(got).toHaveLength(39);
    expect(got.slice(0, 2)).toEqual([...nineAm('EST', '2026-03-03'), ...nineAm('EDT', '2026-03-10')]);
    expect(got.slice(-5)).toEqual([...nineAm('EDT', '2026-10-27'), ...nineAm('EST', '2026-11-03', '2026-11-10', '2026-11-17', '2026-11-24')]);
  });
});

describe('other zones and clock changes', () => {
  it('keeps 09:00 in Europe/London across its 2026 changes (29 March, 25 October)', () => {
    const series = timed('FREQ=WEEKLY;BYDAY=MO', '2026-03-16T09:00:00.000Z', 'Europe/London');
    expect(starts(series, windowOf('2026-03-15T00:00:00Z', '2026-04-07T00:00:00Z'))).toEqual([
      '2026-03-16T09:00:00.000Z',
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    expect(starts(series, windowOf('2026-10-18T00:00:00Z', '2026-11-03T00:00:00Z'))).toEqual([
      '2026-10-19T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
  });

  it('keeps 09:00 in Australia/Sydney across its 2026 changes (5 April, 4 October)', () => {
    // 09:00 AEDT is 22:00 UTC the day before; 09:00 AEST is 23:00 UTC.
    const series = timed('FREQ=WEEKLY;BYDAY=WE', '2026-03-24T22:00:00.000Z', 'Australia/Sydney');
    const got = starts(series, windowOf('2026-03-20T00:00:00Z', '2026-04-10T00:00:00Z'));
    expect(got).toEqual(['2026-03-24T22:00:00.000Z', '2026-03-31T22:00:00.000Z', '2026-04-07T23:00:00.000Z']);
    expect(got.map((s) => wallClock(s, 'Australia/Sydney'))).toEqual(['2026-03-25 09:00', '2026-04-01 09:00', '2026-04-08 09:00']);
    expect(starts(series, windowOf('2026-09-25T00:00:00Z', '2026-10-10T00:00:00Z'))).toEqual(['2026-09-29T23:00:00.000Z', '2026-10-06T22:00:00.000Z']);
  });

  it('moves 02:30 on a spring-forward day forward by the gap, to 03:30, and keeps 02:30 after it', () => {
    // New York skipped 02:00–03:00 on 8 March 2026.
    const series = timed('FREQ=DAILY', '2026-03-07T07:30:00.000Z', NY);
    const got = starts(series, windowOf('2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z'));
    expect(got).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']);
    expect(got.map((s) => wallClock(s, NY))).toEqual(['2026-03-07 02:30', '2026-03-08 03:30', '2026-03-09 02:30']);
  });

  it('takes the earlier instant for 01:30 on a fall-back day', () => {
    // New York repeated 01:00–02:00 on 1 November 2026: first as EDT (05:30 UTC), then as EST (06:30 UTC).
    const series = timed('FREQ=DAILY', '2026-10-31T05:30:00.000Z', NY);
    expect(starts(series, windowOf('2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z'))).toEqual([
      '2026-10-31T05:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
  });

  it('repeats a yearly all-day series on 29 February only in leap years', () => {
    const series = allDay('FREQ=YEARLY', '2024-02-29', '2024-03-01');
    const got = expandSeries(series, windowOf('2024-01-01T00:00:00Z', '2033-01-01T00:00:00Z')).occurrences;
    expect(got).toEqual([
      { recurrenceId: '2024-02-29', start: '2024-02-29', end: '2024-03-01', startMs: Date.parse('2024-02-29') },
      { recurrenceId: '2028-02-29', start: '2028-02-29', end: '2028-03-01', startMs: Date.parse('2028-02-29') },
      { recurrenceId: '2032-02-29', start: '2032-02-29', end: '2032-03-01', startMs: Date.parse('2032-02-29') },
    ]);
    // 2100 is not a leap year.
    expect(starts(series, windowOf('2097-01-01T00:00:00Z', '2104-01-01T00:00:00Z'))).toEqual([]);
  });

  it('gives the 42 occurrences of a 6-week window ten years into an unbounded daily series', () => {
    const series = timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY);
    const got = starts(series, windowOf('2036-01-05T05:00:00Z', '2036-02-16T05:00:00Z'));
    expect(got).toHaveLength(42);
    expect(got[0]).toBe('2036-01-05T14:00:00.000Z');
    expect(got.at(-1)).toBe('2036-02-15T14:00:00.000Z');
  });
});

describe('the process time zone', () => {
  // Every series above, expanded in a child process whose TZ is set: the instants must not depend on it.
  const cases = [
    ...RFC_EXAMPLES.map((e) => ({ series: timed(e.rrule, rfcStart(e.dtstart), NY, e.exdate), window: windowOf(...e.window) })),
    { series: timed('FREQ=WEEKLY;BYDAY=MO', '2026-03-16T09:00:00.000Z', 'Europe/London'), window: windowOf('2026-03-01T00:00:00Z', '2026-11-30T00:00:00Z') },
    { series: timed('FREQ=WEEKLY;BYDAY=WE', '2026-03-24T22:00:00.000Z', 'Australia/Sydney'), window: windowOf('2026-03-01T00:00:00Z', '2026-11-30T00:00:00Z') },
    { series: timed('FREQ=DAILY', '2026-03-07T07:30:00.000Z', NY), window: windowOf('2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z') },
    { series: timed('FREQ=DAILY', '2026-10-31T05:30:00.000Z', NY), window: windowOf('2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z') },
    { series: allDay('FREQ=YEARLY', '2024-02-29', '2024-03-01'), window: windowOf('2024-01-01T00:00:00Z', '2033-01-01T00:00:00Z') },
    { series: timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY), window: windowOf('2036-01-05T05:00:00Z', '2036-02-16T05:00:00Z') },
  ];
  const moduleUrl = new URL('../../src/api/recurrence/expand-series.ts', import.meta.url).href;
  const script = `
    const { expandSeries } = await import(${JSON.stringify(moduleUrl)});
    const cases = JSON.parse(process.env.SERIES_CASES);
    process.stdout.write(JSON.stringify({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone, results: cases.map((c) => expandSeries(c.series, c.window)) }));
  `;

  function expandUnder(tz: string) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, TZ: tz, SERIES_CASES: JSON.stringify(cases) },
      encoding: 'utf8',
    });
    return JSON.parse(out) as { tz: string; results: unknown[] };
  }

  it('gives the same instants under TZ=America/Los_Angeles and TZ=UTC as in this process', () => {
    const here = cases.map((c) => expandSeries(c.series, c.window));
    const la = expandUnder('America/Los_Angeles');
    const utc = expandUnder('UTC');
    expect(la.tz).toBe('America/Los_Angeles');
    expect(utc.tz).toBe('UTC');
    expect(la.results).toEqual(here);
    expect(utc.results).toEqual(here);
    // Two child Nodes, each loading the recurrence code: seconds while other work loads both cores.
  }, 30_000);
});

describe('windows', () => {
  it('omits exdates, timed by instant and all-day by date', () => {
    const weekly = timed('FREQ=WEEKLY', '2026-01-05T14:00:00.000Z', NY, ['2026-01-12T14:00:00.000Z']);
    expect(starts(weekly, windowOf('2026-01-01T00:00:00Z', '2026-01-25T00:00:00Z'))).toEqual(['2026-01-05T14:00:00.000Z', '2026-01-19T14:00:00.000Z']);
    const daily = allDay('FREQ=DAILY;COUNT=3', '2026-01-05', '2026-01-06', ['2026-01-06']);
    expect(starts(daily, windowOf('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'))).toEqual(['2026-01-05', '2026-01-07']);
  });

  it('includes an occurrence that began before the window and is still going, as single events are matched', () => {
    // Three-day all-day blocks every week: the one from Saturday 10 January overlaps a window opening on Monday 12th.
    const series = allDay('FREQ=WEEKLY', '2026-01-03', '2026-01-06');
    expect(starts(series, windowOf('2026-01-12T00:00:00Z', '2026-01-17T00:00:00Z'))).toEqual(['2026-01-10']);
    // An all-day end is exclusive: the block ending on the 13th does not reach a window from the 13th.
    expect(starts(series, windowOf('2026-01-13T00:00:00Z', '2026-01-17T00:00:00Z'))).toEqual([]);
    // Timed: an occurrence ending exactly at the window's start is outside it, one starting exactly at its end too.
    const hourly = timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY);
    expect(starts(hourly, windowOf('2026-01-06T15:00:00Z', '2026-01-07T14:00:00Z'))).toEqual([]);
    expect(starts(hourly, windowOf('2026-01-06T14:59:59.999Z', '2026-01-07T14:00:00.001Z'))).toEqual(['2026-01-06T14:00:00.000Z', '2026-01-07T14:00:00.000Z']);
  });

  it('expands nothing for a window entirely before the series or after its end', () => {
    const series = timed('FREQ=DAILY;UNTIL=20260201T000000Z', '2026-01-05T14:00:00.000Z', NY);
    expect(starts(series, windowOf('2025-11-01T00:00:00Z', '2026-01-05T14:00:00Z'))).toEqual([]);
    expect(starts(series, windowOf('2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'))).toEqual([]);
    expect(starts(series, windowOf('2026-01-31T00:00:00Z', '2026-03-01T00:00:00Z'))).toEqual(['2026-01-31T14:00:00.000Z']);
  });

  it(`stops at ${RECURRENCE_WINDOW_OCCURRENCES_MAX} occurrences per series and says so`, () => {
    // 200-day events every day: a 400-day window overlaps about 600 of them.
    const long = allDay('FREQ=DAILY', '2026-01-01', '2026-07-20');
    const capped = expandSeries(long, windowOf('2027-01-01T00:00:00Z', '2028-02-05T00:00:00Z'));
    expect(capped.truncated).toBe(true);
    expect(capped.occurrences).toHaveLength(RECURRENCE_WINDOW_OCCURRENCES_MAX);
    // The one from 15 June 2026 ends on 1 January 2027, an exclusive end: the first to overlap starts on the 16th.
    expect(capped.occurrences[0]?.start).toBe('2026-06-16');
    const daily = expandSeries(timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY), windowOf('2027-01-01T00:00:00Z', '2028-02-05T00:00:00Z'));
    expect(daily.truncated).toBe(false);
    expect(daily.occurrences).toHaveLength(400);
  });

  it('reads every change of a series: rule, start, length, zone and exdates each name their own parsed rule', () => {
    const window = windowOf('2026-01-05T00:00:00Z', '2026-01-08T00:00:00Z');
    const v1 = timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY);
    expect(starts(v1, window)).toEqual(['2026-01-05T14:00:00.000Z', '2026-01-06T14:00:00.000Z', '2026-01-07T14:00:00.000Z']);
    expect(starts({ ...v1, rrule: 'FREQ=WEEKLY' }, window)).toHaveLength(1);
    expect(starts({ ...v1, start: '2026-01-05T15:00:00.000Z', end: '2026-01-05T16:00:00.000Z' }, window)[0]).toBe('2026-01-05T15:00:00.000Z');
    expect(starts({ ...v1, exdate: ['2026-01-06T14:00:00.000Z'] }, window)).toHaveLength(2);
    expect(starts({ ...v1, timeZone: 'Europe/London' }, window)).toHaveLength(3);
    expect(expandSeries({ ...v1, end: '2026-01-05T17:00:00.000Z' }, window).occurrences[0]?.end).toBe('2026-01-05T17:00:00.000Z');
  });

  it(`keeps at most ${SERIES_CACHE_SIZE} parsed rules, and the same series parsed once`, () => {
    const window = windowOf('2026-01-05T00:00:00Z', '2026-01-08T00:00:00Z');
    const series = timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY);
    starts(series, window);
    const before = parsedRuleCount();
    starts({ ...series }, window);
    expect(parsedRuleCount()).toBe(before);
    const minutesLater = (i: number) => new Date(Date.parse(series.start) + (i + 1) * 60_000).toISOString();
    for (let i = 0; i < SERIES_CACHE_SIZE + 5; i++) starts(timed('FREQ=DAILY', minutesLater(i), NY), window);
    expect(parsedRuleCount()).toBe(SERIES_CACHE_SIZE);
  });
});

describe('occurrences by recurrence id', () => {
  const series = timed('FREQ=WEEKLY;BYDAY=TU,TH', '2026-03-03T14:00:00.000Z', NY, ['2026-03-10T13:00:00.000Z']);

  it('finds an occurrence by its original start, written with or without milliseconds, skipped or not', () => {
    expect(occurrenceAt(series, '2026-03-05T14:00:00Z')).toEqual({
      recurrenceId: '2026-03-05T14:00:00.000Z',
      start: '2026-03-05T14:00:00.000Z',
      end: '2026-03-05T15:00:00.000Z',
    });
    expect(occurrenceAt(series, '2026-03-10T13:00:00.000Z')?.start).toBe('2026-03-10T13:00:00.000Z');
  });

  it('finds none at a time the rule does not give, or for an id of the wrong kind', () => {
    expect(occurrenceAt(series, '2026-03-10T14:00:00.000Z')).toBeNull(); // 10:00 local after the change
    expect(occurrenceAt(series, '2026-03-04T14:00:00.000Z')).toBeNull(); // a Wednesday
    expect(occurrenceAt(series, '2026-03-05')).toBeNull();
    expect(occurrenceAt(allDay('FREQ=DAILY', '2026-03-01', '2026-03-02'), '2026-03-05T00:00:00Z')).toBeNull();
    expect(occurrenceAt(allDay('FREQ=DAILY', '2026-03-01', '2026-03-02'), '2026-03-05')?.end).toBe('2026-03-06');
  });
});

describe('rule checks for a new series', () => {
  it('accepts a rule with an occurrence and finds the first, which need not be the start', () => {
    const series = timed('FREQ=MONTHLY;BYDAY=1FR', '2026-01-05T14:00:00.000Z', NY);
    expect(seriesRuleProblems(series)).toEqual([]);
    expect(firstRuleOccurrence(series)?.start).toBe('2026-02-06T14:00:00.000Z');
  });

  it('rejects UNTIL before the start', () => {
    expect(seriesRuleProblems(timed('FREQ=DAILY;UNTIL=20260101T000000Z', '2026-01-05T14:00:00.000Z', NY))).toEqual([
      'The repeat ends (UNTIL) before the series starts',
    ]);
    expect(seriesRuleProblems(allDay('FREQ=DAILY;UNTIL=20260104', '2026-01-05', '2026-01-06'))).toEqual(['The repeat ends (UNTIL) before the series starts']);
  });

  it('rejects rules that produce no occurrence: impossible dates, none before UNTIL, none before COUNT can', () => {
    const none = `The repeat rule gives no occurrence in the ${FIRST_OCCURRENCE_SEARCH_YEARS} years from the start`;
    for (const rrule of [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYDAY=6MO;COUNT=3',
      'FREQ=WEEKLY;BYDAY=SA;UNTIL=20260109T000000Z',
    ]) {
      expect(seriesRuleProblems(timed(rrule, '2026-01-05T14:00:00.000Z', NY)), rrule).toEqual([none]);
    }
    // A rare rule still has its first occurrence within the search: the next 29 February from 2101 is in 2104.
    expect(firstRuleOccurrence(allDay('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2101-01-01', '2101-01-02'))?.start).toBe('2104-02-29');
  });
});

describe('series range', () => {
  it('runs to the far-future sentinel for a series with no end', () => {
    expect(seriesRange(timed('FREQ=DAILY', '2026-01-05T14:00:00.000Z', NY))).toEqual({
      firstStartMs: Date.parse('2026-01-05T14:00:00Z'),
      lastEndMs: SERIES_OPEN_END_MS,
    });
    expect(new Date(SERIES_OPEN_END_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('ends at the last occurrence of a COUNT or UNTIL rule', () => {
    expect(seriesRange(timed('FREQ=MONTHLY;COUNT=10;BYDAY=1FR', rfcStart('1997-09-05'), NY)).lastEndMs).toBe(Date.parse('1998-06-05T14:00:00Z'));
    // UNTIL at 09:00 local is inclusive; the last one before it is in EDT, after the spring change.
    expect(seriesRange(timed('FREQ=WEEKLY;UNTIL=20260406T130000Z', '2026-03-02T14:00:00.000Z', NY)).lastEndMs).toBe(Date.parse('2026-04-06T14:00:00Z'));
  });

  it('takes the earlier 01:30 as the last start when UNTIL falls between the two', () => {
    // UNTIL 06:00 UTC is 01:00 EST, after 01:30 EDT (05:30 UTC) but before 01:30 EST: the fall-back day's occurrence counts.
    const series = timed('FREQ=DAILY;UNTIL=20261101T060000Z', '2026-10-30T05:30:00.000Z', NY);
    expect(seriesRange(series).lastEndMs).toBe(Date.parse('2026-11-01T06:30:00Z'));
    expect(starts(series, windowOf('2026-10-30T00:00:00Z', '2026-11-05T00:00:00Z'))).toEqual([
      '2026-10-30T05:30:00.000Z',
      '2026-10-31T05:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
    ]);
  });

  it('widens floating all-day dates by 14 hours each side', () => {
    expect(seriesRange(allDay('FREQ=WEEKLY;COUNT=2', '2026-01-05', '2026-01-06'))).toEqual({
      firstStartMs: Date.parse('2026-01-04T10:00:00Z'),
      lastEndMs: Date.parse('2026-01-13T14:00:00Z'),
    });
  });
});

describe('the start is always the first occurrence (RFC 5545 §3.3.10, §3.8.5.3)', () => {
  const year = windowOf('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');

  it('shows a start the rule does not give, before the rule’s own occurrences', () => {
    // A Monday, repeating on Tuesdays: Outlook, Google, Apple and ical.js's RDATE-less readers disagree; the RFC does not.
    const series = timed('FREQ=WEEKLY;BYDAY=TU', '2026-01-05T14:00:00.000Z', NY);
    expect(starts(series, year).slice(0, 3)).toEqual(nineAm('EST', '2026-01-05', '2026-01-06', '2026-01-13'));
    expect(occurrenceAt(series, '2026-01-05T14:00:00.000Z')?.end).toBe('2026-01-05T15:00:00.000Z');
    expect(firstRuleOccurrence(series)?.start).toBe('2026-01-06T14:00:00.000Z');
  });

  it('counts the start in COUNT, whether or not the rule gives it', () => {
    const off = allDay('FREQ=MONTHLY;COUNT=3;BYDAY=1FR', '2026-01-05', '2026-01-06');
    expect(starts(off, year)).toEqual(['2026-01-05', '2026-02-06', '2026-03-06']);
    const on = allDay('FREQ=MONTHLY;COUNT=3;BYDAY=1FR', '2026-01-02', '2026-01-03');
    expect(starts(on, year)).toEqual(['2026-01-02', '2026-02-06', '2026-03-06']);
    expect(starts(allDay('FREQ=WEEKLY;COUNT=1;BYDAY=SA', '2026-01-05', '2026-01-06'), year)).toEqual(['2026-01-05']);
    expect(seriesRange(off).lastEndMs).toBe(dateToDayMs('2026-03-07') + 14 * HOUR);
  });

  it('keeps the start when UNTIL comes before the rule’s next occurrence, and a skipped start stays skipped', () => {
    const series = timed('FREQ=MONTHLY;UNTIL=20260301T000000Z;BYMONTHDAY=15', '2026-01-05T14:00:00.000Z', NY, ['2026-01-05T14:00:00.000Z']);
    expect(starts(series, year)).toEqual(nineAm('EST', '2026-01-15', '2026-02-15'));
    expect(starts({ ...series, exdate: [] }, year)).toEqual(nineAm('EST', '2026-01-05', '2026-01-15', '2026-02-15'));
  });
});

// To report upstream (rrule-temporal 2.2.8), worked around by own-period.ts:
//   new RRuleTemporal({ freq: 'YEARLY', byDay: ['53FR'], dtstart: Temporal.ZonedDateTime.from('2026-01-01T09:00[UTC]') }).all((_, i) => i < 4)
//   gives 2027-01-01, 2027-12-31, 2029-01-05, 2030-01-04: 2026 and 2028 have 52 Fridays, so their "53rd" is the next
//   year's first (and -53FR the year before's last); expected 2027-12-31, 2032-12-31, 2038-12-31. Also
//   { freq: 'YEARLY', byYearDay: [100], byDay: ['SA'] } gives day 100 of every year whatever its weekday, and
//   { freq: 'YEARLY', byMonthDay: [-1], byDay: ['20TU'] } every 20th Tuesday whatever its day of the month.
describe('numbered days never spill into another period', () => {
  const dates = (series: SeriesDefinition, from: string, to: string) => starts(series, windowOf(`${from}T00:00:00Z`, `${to}T00:00:00Z`));

  it('gives the 53rd Friday only in years that have one (rrule-temporal gave the next year’s first Friday)', () => {
    // 2026 starts on a Thursday: 52 Fridays. 2027 starts on a Friday: 53, the last on 31 December.
    const series = allDay('FREQ=YEARLY;BYDAY=53FR', '2027-12-31', '2028-01-01');
    expect(dates(series, '2027-01-01', '2040-01-01')).toEqual(['2027-12-31', '2032-12-31', '2038-12-31']);
    expect(dates(allDay('FREQ=YEARLY;BYDAY=-53FR', '2027-01-01', '2027-01-02'), '2027-01-01', '2040-01-01')).toEqual([
      '2027-01-01',
      '2032-01-02',
      '2038-01-01',
    ]);
    expect(dates(allDay('FREQ=YEARLY;COUNT=3;BYDAY=53FR', '2027-12-31', '2028-01-01'), '2027-01-01', '2045-01-01')).toEqual([
      '2027-12-31',
      '2032-12-31',
      '2038-12-31',
    ]);
    expect(seriesRange(allDay('FREQ=YEARLY;UNTIL=20310101;BYDAY=53FR', '2027-12-31', '2028-01-01')).lastEndMs).toBe(dateToDayMs('2028-01-01') + 14 * HOUR);
  });

  it('gives a month’s 5th Monday and the days the rule’s other parts name beside a numbered day, nothing else', () => {
    expect(dates(allDay('FREQ=MONTHLY;BYDAY=5MO', '2026-03-30', '2026-03-31'), '2026-01-01', '2027-01-01')).toEqual([
      '2026-03-30',
      '2026-06-29',
      '2026-08-31',
      '2026-11-30',
    ]);
    // The 20th Tuesday of the year that is also a month's last day, and the 100th day of the year that is a Saturday.
    expect(dates(allDay('FREQ=YEARLY;BYMONTHDAY=-1;BYDAY=20TU', '2024-03-20', '2024-03-21'), '2024-03-21', '2060-01-01')).toEqual([]);
    expect(dates(allDay('FREQ=YEARLY;BYYEARDAY=100;BYDAY=SA', '2026-04-10', '2026-04-11'), '2026-04-11', '2034-01-01')).toEqual(['2027-04-10']);
  });
});

describe('extra dates (RDATE)', () => {
  it('are occurrences as long as the series, beside the rule’s, outside COUNT, and skipped by exdates like any', () => {
    const series = { ...allDay('FREQ=WEEKLY;COUNT=2', '2026-01-05', '2026-01-07'), rdate: ['2026-01-08', '2026-03-01', '2026-01-12'] };
    const window = windowOf('2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z');
    expect(expandSeries(series, window).occurrences.map((o) => [o.start, o.end])).toEqual([
      ['2026-01-05', '2026-01-07'],
      ['2026-01-08', '2026-01-10'],
      ['2026-01-12', '2026-01-14'],
      ['2026-03-01', '2026-03-03'],
    ]);
    expect(starts({ ...series, exdate: ['2026-03-01'] }, window)).toEqual(['2026-01-05', '2026-01-08', '2026-01-12']);
    expect(occurrenceAt(series, '2026-03-01')?.end).toBe('2026-03-03');
    expect(seriesRange(series).lastEndMs).toBe(dateToDayMs('2026-03-03') + 14 * HOUR);
  });
});
