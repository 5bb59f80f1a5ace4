import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstRuleOccurrence } from '../../src/api/recurrence/expand-series.ts';
import { RECURRENCE_COUNT_MAX, RECURRENCE_EXDATE_MAX, RECURRENCE_INTERVAL_MAX, RECURRENCE_RDATE_MAX, RECURRENCE_RULE_MAX } from '../../src/shared/limits.ts';
import {
  exdateSchema,
  formatRecurrenceRule,
  normaliseExdates,
  normaliseRdates,
  rdateSchema,
  neverOccurs,
  normaliseRecurrenceRule,
  parseRecurrenceRule,
  rruleSchema,
} from '../../src/shared/recurrence-rule.ts';

const TIMED = { allDay: false, timeZone: 'America/New_York' };
const ALL_DAY = { allDay: true };

function errors(value: string): string[] {
  const result = parseRecurrenceRule(value);
  return result.ok ? [] : result.errors;
}

function canonical(value: string, context: { allDay: boolean; timeZone?: string } = TIMED): string {
  const result = normaliseRecurrenceRule(value, context);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.rrule;
}

describe('parsing', () => {
  it('reads every part into a typed rule', () => {
    expect(parseRecurrenceRule('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU;WKST=SU')).toEqual({
      ok: true,
      rule: {
        freq: 'MONTHLY',
        interval: 2,
        count: 10,
        byDay: [
          { weekday: 'SU', ordinal: -1 },
          { weekday: 'SU', ordinal: 1 },
        ],
        wkst: 'SU',
      },
    });
    expect(parseRecurrenceRule('FREQ=YEARLY;BYMONTH=3;BYWEEKNO=-1,20;BYYEARDAY=100;BYMONTHDAY=-1;BYSETPOS=1;UNTIL=20270331')).toEqual({
      ok: true,
      rule: {
        freq: 'YEARLY',
        interval: 1,
        until: { kind: 'date', value: '2027-03-31' },
        byMonth: [3],
        byWeekNo: [-1, 20],
        byYearDay: [100],
        byMonthDay: [-1],
        bySetPos: [1],
        wkst: 'MO',
      },
    });
    expect(parseRecurrenceRule('FREQ=WEEKLY;UNTIL=20270331T235959Z')).toMatchObject({ ok: true, rule: { until: { kind: 'instant', value: '2027-03-31T23:59:59Z' } } });
  });

  it('writes one canonical form: parts in order, upper case, lists sorted once, defaults left out', () => {
    expect(canonical('byday=th,tu,TU;wkst=mo;interval=1;freq=weekly;until=20270331t235959z')).toBe('FREQ=WEEKLY;UNTIL=20270331T235959Z;BYDAY=TU,TH');
    expect(canonical('FREQ=MONTHLY;BYSETPOS=-1;BYDAY=FR,MO,TU,WE,TH;INTERVAL=02')).toBe('FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    expect(canonical('FREQ=YEARLY;BYMONTHDAY=13,+1;BYMONTH=7,6;BYDAY=+1MO;WKST=SU;COUNT=5')).toBe('FREQ=YEARLY;COUNT=5;BYMONTH=6,7;BYMONTHDAY=1,13;BYDAY=1MO;WKST=SU');
  });

  it('accepts a rule pasted from an .ics file, with its RRULE: prefix, and a trailing semicolon', () => {
    expect(canonical('RRULE:FREQ=DAILY;COUNT=3;')).toBe('FREQ=DAILY;COUNT=3');
    expect(canonical('rrule:freq=daily')).toBe('FREQ=DAILY');
  });

  it('formats a typed rule back to the same string', () => {
    const value = 'FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=-1SU,1SU;WKST=SU';
    const parsed = parseRecurrenceRule(value);
    expect(parsed.ok && formatRecurrenceRule(parsed.rule)).toBe(value);
  });
});

describe('validation: one case per rule', () => {
  it('needs a FREQ', () => {
    expect(errors('COUNT=3')).toEqual(['The repeat rule needs a FREQ: DAILY, WEEKLY, MONTHLY or YEARLY']);
    expect(errors('')).toEqual(['The repeat rule needs a FREQ: DAILY, WEEKLY, MONTHLY or YEARLY']);
  });

  it('takes DAILY, WEEKLY, MONTHLY or YEARLY, naming a sub-daily FREQ it refuses', () => {
    for (const freq of ['SECONDLY', 'MINUTELY', 'HOURLY']) {
      expect(errors(`FREQ=${freq}`)).toEqual([`FREQ=${freq} is not supported: a series repeats daily, weekly, monthly or yearly`]);
    }
    expect(errors('FREQ=FORTNIGHTLY')).toEqual(['FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY, not FORTNIGHTLY']);
  });

  it(`takes INTERVAL from 1 to ${RECURRENCE_INTERVAL_MAX}`, () => {
    expect(errors(`FREQ=DAILY;INTERVAL=${RECURRENCE_INTERVAL_MAX}`)).toEqual([]);
    for (const interval of ['0', String(RECURRENCE_INTERVAL_MAX + 1), '-1', '1.5', 'two']) {
      expect(errors(`FREQ=DAILY;INTERVAL=${interval}`)).toEqual([`INTERVAL is a whole number from 1 to ${RECURRENCE_INTERVAL_MAX}`]);
    }
  });

  it(`takes COUNT from 1 to ${RECURRENCE_COUNT_MAX}`, () => {
    expect(errors(`FREQ=DAILY;COUNT=${RECURRENCE_COUNT_MAX}`)).toEqual([]);
    expect(errors('FREQ=DAILY;COUNT=1')).toEqual([]);
    for (const count of ['0', String(RECURRENCE_COUNT_MAX + 1)]) {
      expect(errors(`FREQ=DAILY;COUNT=${count}`)).toEqual([`COUNT is a whole number from 1 to ${RECURRENCE_COUNT_MAX}`]);
    }
  });

  it('takes UNTIL as a real date or UTC date-time', () => {
    const shape = 'UNTIL is a date (20270331) or a UTC date-time (20270331T235959Z)';
    expect(errors('FREQ=DAILY;UNTIL=20270331T235959')).toEqual([shape]); // floating: no zone to read it in
    expect(errors('FREQ=DAILY;UNTIL=2027-03-31')).toEqual([shape]);
    expect(errors('FREQ=DAILY;UNTIL=20270229')).toEqual(['UNTIL=20270229 is not a real date']);
    expect(errors('FREQ=DAILY;UNTIL=20270331T246000Z')).toEqual(['UNTIL=20270331T246000Z is not a real time']);
  });

  it('ends by COUNT or UNTIL, not both', () => {
    expect(errors('FREQ=DAILY;COUNT=3;UNTIL=20270331')).toEqual(['A repeat rule ends by COUNT or by UNTIL, not both']);
  });

  it('rejects unknown parts by name', () => {
    expect(errors('FREQ=DAILY;FOO=1')).toEqual(['Unknown part FOO in the repeat rule']);
    expect(errors('FREQ=YEARLY;RSCALE=HEBREW')).toEqual(['Unknown part RSCALE in the repeat rule']);
    expect(errors('FREQ=DAILY;X-NAME=1')).toEqual(['Unknown part X-NAME in the repeat rule']);
  });

  it('rejects BYHOUR, BYMINUTE and BYSECOND: a series has one time of day, its start', () => {
    for (const part of ['BYHOUR=9', 'BYMINUTE=30', 'BYSECOND=0']) {
      const name = part.split('=')[0];
      expect(errors(`FREQ=DAILY;${part}`)).toEqual([`${name} is not allowed: a series repeats at the time it starts`]);
    }
  });

  it('rejects a part given twice and a part that is not NAME=VALUE', () => {
    expect(errors('FREQ=DAILY;COUNT=2;COUNT=3')).toEqual(['COUNT appears more than once in the repeat rule']);
    expect(errors('FREQ=DAILY;COUNT')).toEqual(['Each part of the repeat rule is NAME=VALUE, not “COUNT”']);
    expect(errors('FREQ=DAILY;COUNT=2=3')).toEqual(['Each part of the repeat rule is NAME=VALUE, not “COUNT=2=3”']);
  });

  it('takes numbered BYDAY only with MONTHLY or YEARLY', () => {
    const message = 'BYDAY takes numbered days (such as 1MO) only with FREQ=MONTHLY or FREQ=YEARLY';
    expect(errors('FREQ=WEEKLY;BYDAY=1MO')).toEqual([message]);
    expect(errors('FREQ=DAILY;BYDAY=-1FR')).toEqual([message]);
    expect(errors('FREQ=WEEKLY;BYDAY=MO')).toEqual([]);
    expect(errors('FREQ=MONTHLY;BYDAY=2TU')).toEqual([]);
    expect(errors('FREQ=YEARLY;BYDAY=20MO')).toEqual([]);
  });

  it('takes BYWEEKNO in a new rule with weekdays alone beside it, where every implementation reads the weeks alike', () => {
    const message = 'BYWEEKNO takes no BYMONTH, BYMONTHDAY or BYYEARDAY beside it: name the weekdays of those weeks with BYDAY instead';
    for (const rule of ['FREQ=YEARLY;BYWEEKNO=1;BYMONTHDAY=29', 'FREQ=YEARLY;BYMONTH=1;BYWEEKNO=-1', 'FREQ=YEARLY;BYWEEKNO=20;BYYEARDAY=140;BYDAY=MO']) {
      expect(normaliseRecurrenceRule(rule, { allDay: true }), rule).toEqual({ ok: false, errors: [message] });
    }
    expect(normaliseRecurrenceRule('FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO', { allDay: true }).ok).toBe(true);
    // A stored rule still parses, so a series saved before expands as it did.
    expect(parseRecurrenceRule('FREQ=YEARLY;BYWEEKNO=1;BYMONTHDAY=29').ok).toBe(true);
  });

  it('takes no numbered BYDAY in a YEARLY rule with BYWEEKNO', () => {
    expect(errors('FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO')).toEqual(['BYDAY takes no numbered days (such as 1MO) together with BYWEEKNO']);
    expect(errors('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO')).toEqual([]);
  });

  it('takes BYMONTHDAY with any FREQ but WEEKLY', () => {
    expect(errors('FREQ=WEEKLY;BYMONTHDAY=1')).toEqual(['BYMONTHDAY does not work with FREQ=WEEKLY']);
    expect(errors('FREQ=DAILY;BYMONTHDAY=1')).toEqual([]);
  });

  it('takes BYYEARDAY only with YEARLY', () => {
    expect(errors('FREQ=MONTHLY;BYYEARDAY=1')).toEqual(['BYYEARDAY works only with FREQ=YEARLY']);
    expect(errors('FREQ=DAILY;BYYEARDAY=1')).toEqual(['BYYEARDAY works only with FREQ=YEARLY']);
  });

  it('takes BYWEEKNO only with YEARLY', () => {
    expect(errors('FREQ=MONTHLY;BYWEEKNO=1')).toEqual(['BYWEEKNO works only with FREQ=YEARLY']);
  });

  it('takes BYSETPOS only with another BY part to choose from', () => {
    expect(errors('FREQ=MONTHLY;BYSETPOS=1')).toEqual(['BYSETPOS needs another BY part (such as BYDAY) to choose from']);
    expect(errors('FREQ=MONTHLY;BYMONTHDAY=1,15;BYSETPOS=-1')).toEqual([]);
  });

  it('checks the range of each BY part', () => {
    const cases: [string, string][] = [
      ['FREQ=YEARLY;BYMONTH=13', 'BYMONTH takes whole numbers from 1 to 12, separated by commas'],
      ['FREQ=YEARLY;BYMONTH=-1', 'BYMONTH takes whole numbers from 1 to 12, separated by commas'],
      ['FREQ=YEARLY;BYWEEKNO=54', 'BYWEEKNO takes whole numbers from 1 to 53 or -53 to -1, separated by commas'],
      ['FREQ=YEARLY;BYYEARDAY=-367', 'BYYEARDAY takes whole numbers from 1 to 366 or -366 to -1, separated by commas'],
      ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY takes whole numbers from 1 to 31 or -31 to -1, separated by commas'],
      ['FREQ=MONTHLY;BYMONTHDAY=0', 'BYMONTHDAY takes whole numbers from 1 to 31 or -31 to -1, separated by commas'],
      ['FREQ=MONTHLY;BYMONTHDAY=1,,2', 'BYMONTHDAY takes whole numbers from 1 to 31 or -31 to -1, separated by commas'],
      ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367', 'BYSETPOS takes whole numbers from 1 to 366 or -366 to -1, separated by commas'],
    ];
    for (const [value, message] of cases) expect(errors(value), value).toEqual([message]);
    expect(errors('FREQ=YEARLY;BYMONTH=12;BYWEEKNO=-53;BYYEARDAY=366;BYMONTHDAY=-31;BYSETPOS=-366')).toEqual([]);
  });

  it('takes BYDAY as weekdays, numbered from 1 to 53 either way', () => {
    const message = 'BYDAY takes weekdays (MO, TU, WE, TH, FR, SA, SU), each optionally numbered from 1 to 53 or -53 to -1, such as 2TU or -1FR';
    for (const value of ['MONDAY', '54MO', '0MO', 'MO,', '1 MO']) expect(errors(`FREQ=YEARLY;BYDAY=${value}`), value).toEqual([message]);
    expect(errors('FREQ=YEARLY;BYDAY=53MO,-53SU')).toEqual([]);
  });

  it('takes WKST as a weekday', () => {
    expect(errors('FREQ=WEEKLY;WKST=XX')).toEqual(['WKST is a weekday: MO, TU, WE, TH, FR, SA or SU']);
  });

  it('lists every fault at once', () => {
    expect(errors('FREQ=WEEKLY;BYHOUR=9;INTERVAL=0;BYMONTHDAY=1')).toEqual([
      'BYHOUR is not allowed: a series repeats at the time it starts',
      'INTERVAL is a whole number from 1 to 99',
    ]);
  });
});

describe('fitting UNTIL to the series', () => {
  it('needs a UTC date-time for a timed series', () => {
    expect(normaliseRecurrenceRule('FREQ=DAILY;UNTIL=20270331', TIMED)).toEqual({
      ok: false,
      errors: ['A timed series ends (UNTIL) at a UTC date-time, such as 20270331T235959Z'],
    });
    expect(canonical('FREQ=DAILY;UNTIL=20270331T235959Z', TIMED)).toBe('FREQ=DAILY;UNTIL=20270331T235959Z');
  });

  it('takes a date for an all-day series, and reads a date-time (as Exchange writes) as the date it falls on in the series zone', () => {
    expect(canonical('FREQ=DAILY;UNTIL=20270331', ALL_DAY)).toBe('FREQ=DAILY;UNTIL=20270331');
    expect(canonical('FREQ=DAILY;UNTIL=20270331T000000Z', ALL_DAY)).toBe('FREQ=DAILY;UNTIL=20270331');
    // Midnight in Berlin on 31 March is 22:00 UTC on the 30th.
    expect(canonical('FREQ=DAILY;UNTIL=20270330T220000Z', { allDay: true, timeZone: 'Europe/Berlin' })).toBe('FREQ=DAILY;UNTIL=20270331');
    expect(canonical('FREQ=DAILY;UNTIL=20270330T220000Z', ALL_DAY)).toBe('FREQ=DAILY;UNTIL=20270330');
  });

  it('returns the parse faults unchanged', () => {
    expect(normaliseRecurrenceRule('FREQ=HOURLY', ALL_DAY)).toEqual({
      ok: false,
      errors: ['FREQ=HOURLY is not supported: a series repeats daily, weekly, monthly or yearly'],
    });
  });
});

describe('schema pieces', () => {
  it('checks the rrule string and says what is wrong', () => {
    expect(rruleSchema.safeParse(' FREQ=WEEKLY;BYDAY=TU ')).toEqual({ success: true, data: 'FREQ=WEEKLY;BYDAY=TU' });
    const bad = rruleSchema.safeParse('FREQ=HOURLY;FOO=1');
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      'Unknown part FOO in the repeat rule',
      'FREQ=HOURLY is not supported: a series repeats daily, weekly, monthly or yearly',
    ]);
    expect(rruleSchema.safeParse(42).success).toBe(false);
  });

  it(`takes a rule of at most ${RECURRENCE_RULE_MAX} characters`, () => {
    // Leading zeros are allowed, so the length can be anything.
    const prefix = 'FREQ=DAILY;INTERVAL=';
    const at = `${prefix}${'0'.repeat(RECURRENCE_RULE_MAX - prefix.length - 1)}1`;
    expect(at).toHaveLength(RECURRENCE_RULE_MAX);
    expect(rruleSchema.safeParse(at).success).toBe(true);
    const over = rruleSchema.safeParse(`${prefix}0${at.slice(prefix.length)}`);
    expect(over.success ? [] : over.error.issues.map((i) => i.message)).toEqual([`A repeat rule has at most ${RECURRENCE_RULE_MAX} characters`]);
  });

  it(`takes exdate as dates or date-times with an offset, at most ${RECURRENCE_EXDATE_MAX}`, () => {
    expect(exdateSchema.safeParse(['2027-03-31', '2027-03-31T09:00:00-04:00', '2027-03-31T13:00:00Z']).success).toBe(true);
    expect(exdateSchema.safeParse(['2027-03-31T09:00:00']).success).toBe(false);
    expect(exdateSchema.safeParse(['2027-02-30']).success).toBe(false);
    expect(exdateSchema.safeParse(Array.from({ length: RECURRENCE_EXDATE_MAX }, () => '2027-03-31')).success).toBe(true);
    const over = exdateSchema.safeParse(Array.from({ length: RECURRENCE_EXDATE_MAX + 1 }, () => '2027-03-31'));
    expect(over.success ? [] : over.error.issues.map((i) => i.message)).toEqual([`A series skips at most ${RECURRENCE_EXDATE_MAX} occurrences`]);
  });

  it(`takes rdate (extra dates) as dates or date-times with an offset, at most ${RECURRENCE_RDATE_MAX}`, () => {
    expect(rdateSchema.safeParse(['2027-03-31', '2027-03-31T09:00:00-04:00']).success).toBe(true);
    expect(rdateSchema.safeParse(['2027-03-31T09:00:00']).success).toBe(false);
    expect(rdateSchema.safeParse(Array.from({ length: RECURRENCE_RDATE_MAX }, () => '2027-03-31')).success).toBe(true);
    const over = rdateSchema.safeParse(Array.from({ length: RECURRENCE_RDATE_MAX + 1 }, () => '2027-03-31'));
    expect(over.success ? [] : over.error.issues.map((i) => i.message)).toEqual([`A series adds at most ${RECURRENCE_RDATE_MAX} extra dates`]);
  });

  it('normalises extra dates to the series kind, none before the start, the start itself once (it is the first occurrence)', () => {
    expect(normaliseRdates(['2027-04-01T09:00:00-04:00', '2027-03-31T13:00:00Z', '2027-03-30T13:00:00Z'], false, '2027-03-30T13:00:00.000Z')).toEqual({
      ok: true,
      rdate: ['2027-03-31T13:00:00.000Z', '2027-04-01T13:00:00.000Z'],
    });
    expect(normaliseRdates(['2027-03-29'], true, '2027-03-30')).toEqual({ ok: false, errors: ['An extra date (2027-03-29) comes before the series’ start, its first occurrence'] });
    expect(normaliseRdates(['2027-03-31'], false, '2027-03-30T13:00:00.000Z')).toEqual({
      ok: false,
      errors: ['A timed series adds date-times with an offset, such as 2027-03-31T09:00:00Z'],
    });
  });

  it('normalises exdates to the series kind: UTC instants or dates, sorted, once each', () => {
    expect(normaliseExdates(['2027-03-31T09:00:00-04:00', '2027-03-30T13:00:00Z', '2027-03-31T13:00:00.000Z'], false)).toEqual({
      ok: true,
      exdate: ['2027-03-30T13:00:00.000Z', '2027-03-31T13:00:00.000Z'],
    });
    expect(normaliseExdates(['2027-03-31', '2027-03-01', '2027-03-31'], true)).toEqual({ ok: true, exdate: ['2027-03-01', '2027-03-31'] });
    expect(normaliseExdates(['2027-03-31'], false)).toEqual({ ok: false, errors: ['A timed series skips date-times with an offset, such as 2027-03-31T09:00:00Z'] });
    expect(normaliseExdates(['2027-03-31T00:00:00Z'], true)).toEqual({ ok: false, errors: ['An all-day series skips dates (YYYY-MM-DD)'] });
  });
});

describe('rules that never occur', () => {
  const refused: string[] = [];
  const taken: string[] = [];
  const never = (reason: string) => [`This rule never occurs: ${reason}, so the series would have no occurrence`];
  const refusal = (value: string) => {
    const result = normaliseRecurrenceRule(value, TIMED);
    (result.ok ? taken : refused).push(value);
    return result.ok ? [] : result.errors;
  };

  it('refuses days of the month that none of the months named has', () => {
    expect(refusal('FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31')).toEqual(never('April has no day 31'));
    expect(refusal('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toEqual(never('February has no day 30'));
    expect(refusal('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-30,31')).toEqual(never('February has no day -30 or 31'));
    expect(refusal('FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,4,6')).toEqual(never('none of February, April or June has a day 31'));
  });

  it('refuses days of the year that never fall in the months named', () => {
    // The 60th day is 1 March, or 29 February in a leap year.
    expect(refusal('FREQ=YEARLY;BYYEARDAY=60;BYMONTH=1')).toEqual(never('day 60 of the year is never in January'));
    expect(refusal('FREQ=YEARLY;BYYEARDAY=1,-1;BYMONTH=6,7')).toEqual(never('day -1 or 1 of the year is never in June or July'));
  });

  it('refuses numbered weekdays no month has, or that never fall on the days of the month named', () => {
    expect(refusal('FREQ=MONTHLY;BYDAY=6MO')).toEqual(never('a month has at most 5 of each weekday, not 6MO'));
    expect(refusal('FREQ=YEARLY;BYMONTH=3;BYDAY=-7SU,6SA')).toEqual(never('a month has at most 5 of each weekday, not 6SA, -7SU'));
    expect(refusal('FREQ=MONTHLY;BYDAY=1FR;BYMONTHDAY=13')).toEqual(never('1FR never falls on day 13 of a month'));
    expect(refusal('FREQ=MONTHLY;BYDAY=-1FR;BYMONTHDAY=-8')).toEqual(never('-1FR never falls on day -8 of a month'));
  });

  it('refuses BYSETPOS past the end of every day’s or week’s set', () => {
    expect(refusal('FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=3')).toEqual(never('each week gives at most 2 dates to choose from, so BYSETPOS=3 chooses none'));
    expect(refusal('FREQ=DAILY;BYMONTH=1;BYSETPOS=-2,2')).toEqual(never('each day gives at most 1 date to choose from, so BYSETPOS=-2,2 chooses none'));
  });

  it('takes rare rules that do occur: 29 February, a 5th weekday, the 31st, Friday the 13th, the last workday', () => {
    for (const rule of [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      'FREQ=YEARLY;BYYEARDAY=60;BYMONTH=2',
      'FREQ=YEARLY;BYYEARDAY=-306;BYMONTH=3',
      'FREQ=YEARLY;BYMONTH=2;BYDAY=5SU',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;BYDAY=2FR;BYMONTHDAY=13',
      'FREQ=MONTHLY;BYDAY=-1FR;BYMONTHDAY=25',
      'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=-2',
    ]) {
      expect(refusal(rule), rule).toEqual([]);
    }
  });

  it('agrees with the search for a first occurrence: what it refuses has none, the rare rules it takes have one', () => {
    const series = (rrule: string) => ({ rrule, start: '2026-01-05T14:00:00.000Z', end: '2026-01-05T15:00:00.000Z', allDay: false, timeZone: 'America/New_York', exdate: [] });
    expect(refused).toHaveLength(12);
    for (const rule of refused) expect(firstRuleOccurrence(series(rule)), rule).toBeNull();
    expect(taken).toHaveLength(10);
    for (const rule of taken) expect(firstRuleOccurrence(series(rule)), rule).not.toBeNull();
  });

  it('never refuses a rule that occurs: whatever it calls impossible, the search finds no first occurrence for', () => {
    const nonZero = (max: number) => fc.integer({ min: -max, max }).filter((n) => n !== 0);
    const list = (item: fc.Arbitrary<number | string>) => fc.option(fc.uniqueArray(item, { minLength: 1, maxLength: 2 }), { nil: undefined });
    const rules = fc
      .record({
        freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        byMonth: list(fc.integer({ min: 1, max: 12 })),
        byWeekNo: fc.option(fc.constant([53]), { nil: undefined }),
        byMonthDay: list(nonZero(31)),
        byDay: list(fc.tuple(fc.option(nonZero(6), { nil: undefined }), fc.constantFrom('MO', 'FR', 'SU')).map(([n, day]) => `${n ?? ''}${day}`)),
        byYearDay: list(nonZero(366)),
        bySetPos: list(nonZero(4)),
      })
      .map(({ freq, ...parts }) => {
        const names = { byMonth: 'BYMONTH', byWeekNo: 'BYWEEKNO', byMonthDay: 'BYMONTHDAY', byDay: 'BYDAY', byYearDay: 'BYYEARDAY', bySetPos: 'BYSETPOS' } as const;
        const keys = Object.keys(names) as (keyof typeof names)[];
        return [`FREQ=${freq}`, ...keys.flatMap((key) => (parts[key] ? [`${names[key]}=${parts[key].join(',')}`] : []))].join(';');
      });
    const series = (rrule: string) => ({ rrule, start: '2026-01-05T14:00:00.000Z', end: '2026-01-05T15:00:00.000Z', allDay: false, timeZone: 'America/New_York', exdate: [] });
    let impossible = 0;
    fc.assert(
      fc.property(rules, (rrule) => {
        const parsed = parseRecurrenceRule(rrule);
        fc.pre(parsed.ok);
        if (parsed.ok && neverOccurs(parsed.rule) !== null) {
          impossible += 1;
          expect(firstRuleOccurrence(series(rrule)), rrule).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
    // The draws reach the check, not only rules it lets through.
    expect(impossible).toBeGreaterThan(0);
  }, 60_000);
});

