import { describe, expect, it } from 'vitest';
import { EVENT_YEAR_MAX, RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX } from '../../src/shared/limits.ts';
import { REPEAT_ERRORS } from '../../src/web/features/events/lib/recurrence-messages.ts';
import {
  chooseEnds,
  choosePreset,
  NO_REPEAT,
  REPEAT_COUNT_DEFAULT,
  REPEAT_PRESETS,
  REPEAT_UNTIL_DATE_MAX,
  REPEAT_UNTIL_DEFAULT_MONTHS,
  repeatRule,
  repeatValuesFromRule,
  toggleDay,
  type RepeatPreset,
  type RepeatValues,
} from '../../src/web/features/events/lib/repeat-options.ts';
import { seriesStart, type SeriesContext, type SeriesStart } from '../../src/web/features/events/lib/series-start.ts';

// Tuesday 9 March 2027, 09:00 in New York (EST, before the US change on 14 March): the second Tuesday.
const TUESDAY: SeriesContext = { start: '2027-03-09T14:00:00Z', allDay: false, timeZone: 'America/New_York' };
// Thursday 25 March 2027: within March's last 7 days, so "the last Thursday".
const LAST_THURSDAY: SeriesContext = { start: '2027-03-25T13:00:00Z', allDay: false, timeZone: 'America/New_York' };
// An all-day series on 29 February 2028, a Tuesday and the month's last.
const LEAP_DAY: SeriesContext = { start: '2028-02-29', allDay: true, timeZone: 'Europe/Berlin' };

function startOf(context: SeriesContext): SeriesStart {
  const start = seriesStart(context);
  if (start === null) throw new Error(`No start in ${JSON.stringify(context)}`);
  return start;
}

function ruleOf(values: RepeatValues, context: SeriesContext): string {
  const result = repeatRule(values, context);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rrule;
}

const preset = (name: RepeatPreset): RepeatValues => ({ ...NO_REPEAT, preset: name });
const custom = (values: Partial<RepeatValues>): RepeatValues => ({ ...NO_REPEAT, ...values, preset: 'custom' });

function customErrors(values: Partial<RepeatValues>, context: SeriesContext = TUESDAY) {
  const result = repeatRule(custom(values), context);
  return result.ok ? {} : result.errors;
}

describe('the presets, as Outlook offers them', () => {
  it('write the rule of the start: its weekday, its day, its nth weekday, its date', () => {
    expect(ruleOf(preset('none'), TUESDAY)).toBe('');
    expect(ruleOf(preset('daily'), TUESDAY)).toBe('FREQ=DAILY');
    expect(ruleOf(preset('weekdays'), TUESDAY)).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(ruleOf(preset('weekly'), TUESDAY)).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(ruleOf(preset('monthly-day'), TUESDAY)).toBe('FREQ=MONTHLY;BYMONTHDAY=9');
    expect(ruleOf(preset('monthly-weekday'), TUESDAY)).toBe('FREQ=MONTHLY;BYDAY=2TU');
    expect(ruleOf(preset('yearly'), TUESDAY)).toBe('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=9');
  });

  it('count "the last" weekday when the start is within the month’s last 7 days, else its number', () => {
    expect(ruleOf(preset('monthly-weekday'), LAST_THURSDAY)).toBe('FREQ=MONTHLY;BYDAY=-1TH');
    // 24 March: a week later is still March, so it is the fourth Wednesday.
    expect(ruleOf(preset('monthly-weekday'), { ...LAST_THURSDAY, start: '2027-03-24T13:00:00Z' })).toBe('FREQ=MONTHLY;BYDAY=4WE');
    // February 2027 has 28 days: the 22nd is already its last Monday.
    expect(ruleOf(preset('monthly-weekday'), { start: '2027-02-22', allDay: true, timeZone: 'UTC' })).toBe('FREQ=MONTHLY;BYDAY=-1MO');
    expect(ruleOf(preset('monthly-weekday'), LEAP_DAY)).toBe('FREQ=MONTHLY;BYDAY=-1TU');
  });

  it('repeat a 29 February series on 29 February', () => {
    expect(ruleOf(preset('yearly'), LEAP_DAY)).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29');
    expect(ruleOf(preset('monthly-day'), LEAP_DAY)).toBe('FREQ=MONTHLY;BYMONTHDAY=29');
  });

  it('take the weekday and date in the series’ zone, not the viewer’s', () => {
    // 18:00 on Tuesday in New York is already Wednesday in Sydney and in UTC.
    const evening = { start: '2027-03-09T23:00:00Z', allDay: false, timeZone: 'America/New_York' };
    expect(ruleOf(preset('weekly'), evening)).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(ruleOf(preset('monthly-day'), evening)).toBe('FREQ=MONTHLY;BYMONTHDAY=9');
    expect(ruleOf(preset('weekly'), { ...evening, timeZone: 'Australia/Sydney' })).toBe('FREQ=WEEKLY;BYDAY=WE');
  });

  it('weekly repeats on chosen days, the start’s weekday until others are chosen', () => {
    const start = startOf(TUESDAY);
    const withThursday = toggleDay(preset('weekly'), 'TH', start);
    expect(withThursday.days).toEqual(['TU', 'TH']);
    expect(ruleOf(withThursday, TUESDAY)).toBe('FREQ=WEEKLY;BYDAY=TU,TH');
    // Days are kept in week order, whatever order they were pressed in.
    expect(toggleDay(toggleDay(withThursday, 'MO', start), 'SU', start).days).toEqual(['MO', 'TU', 'TH', 'SU']);
    // The last day left stays pressed: a weekly rule needs one.
    expect(toggleDay(preset('weekly'), 'TU', start)).toEqual(preset('weekly'));
    expect(toggleDay(toggleDay(withThursday, 'TU', start), 'TH', start).days).toEqual(['TH']);
    // Back to just the start's weekday, the days follow the start again.
    expect(toggleDay(withThursday, 'TH', start).days).toBeNull();
    expect(ruleOf(preset('weekly'), LAST_THURSDAY)).toBe('FREQ=WEEKLY;BYDAY=TH');
  });
});

describe('reading a stored rule back', () => {
  const starts = { TUESDAY, LAST_THURSDAY, LEAP_DAY };
  const presets = REPEAT_PRESETS.filter((name) => name !== 'custom' && name !== 'other');

  for (const [name, context] of Object.entries(starts)) {
    it(`picks the preset that wrote it, for every preset (${name})`, () => {
      for (const chosen of presets) {
        const rrule = ruleOf(preset(chosen), context);
        const read = repeatValuesFromRule(rrule, context);
        expect(read.preset, rrule).toBe(chosen);
        expect(ruleOf(read, context)).toBe(rrule);
      }
    });
  }

  it('reads the parts the start implies, written or not', () => {
    expect(repeatValuesFromRule('FREQ=WEEKLY', TUESDAY).preset).toBe('weekly');
    expect(repeatValuesFromRule('FREQ=MONTHLY', TUESDAY).preset).toBe('monthly-day');
    expect(repeatValuesFromRule('FREQ=YEARLY', LEAP_DAY).preset).toBe('yearly');
    expect(repeatValuesFromRule('FREQ=YEARLY;BYMONTH=2', LEAP_DAY).preset).toBe('yearly');
    expect(repeatValuesFromRule('RRULE:freq=weekly;byday=mo,tu,we,th,fr', TUESDAY).preset).toBe('weekdays');
  });

  it('reads chosen weekly days into the weekly preset', () => {
    expect(repeatValuesFromRule('FREQ=WEEKLY;BYDAY=TU,TH', TUESDAY)).toMatchObject({ preset: 'weekly', days: ['TU', 'TH'] });
    expect(repeatValuesFromRule('FREQ=WEEKLY;BYDAY=TU', TUESDAY)).toMatchObject({ preset: 'weekly', days: null });
  });

  it('reads what no preset writes into the custom fields, and writes it again', () => {
    const cases: [SeriesContext, string, Partial<RepeatValues>][] = [
      [
        TUESDAY,
        'FREQ=WEEKLY;INTERVAL=2;UNTIL=20270401T035959Z;BYDAY=TU,TH',
        { frequency: 'WEEKLY', interval: '2', days: ['TU', 'TH'], ends: 'on', untilDate: '2027-03-31' },
      ],
      [TUESDAY, 'FREQ=DAILY;INTERVAL=10;COUNT=5', { frequency: 'DAILY', interval: '10', ends: 'after', count: '5' }],
      [TUESDAY, 'FREQ=WEEKLY;COUNT=10;BYDAY=TU', { frequency: 'WEEKLY', interval: '1', days: null, ends: 'after', count: '10' }],
      [LAST_THURSDAY, 'FREQ=MONTHLY;INTERVAL=3;COUNT=8;BYDAY=-1TH', { frequency: 'MONTHLY', monthlyBy: 'weekday', interval: '3', ends: 'after' }],
      [TUESDAY, 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=9', { frequency: 'MONTHLY', monthlyBy: 'day', interval: '2', ends: 'never' }],
      [LEAP_DAY, 'FREQ=YEARLY;UNTIL=20400229;BYMONTH=2;BYMONTHDAY=29', { frequency: 'YEARLY', ends: 'on', untilDate: '2040-02-29' }],
      [LEAP_DAY, 'FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29', { frequency: 'YEARLY', interval: '4' }],
    ];
    for (const [context, rrule, expected] of cases) {
      const read = repeatValuesFromRule(rrule, context);
      expect(read, rrule).toMatchObject({ preset: 'custom', ...expected });
      expect(ruleOf(read, context)).toBe(rrule);
    }
  });

  it('reads an end at any instant as the last date an occurrence can fall on, as a "this and following" split writes it', () => {
    // One second before the 16 March occurrence at 09:00 EDT: the series ends on 15 March.
    const split = repeatValuesFromRule('FREQ=WEEKLY;UNTIL=20270316T125959Z;BYDAY=TU', TUESDAY);
    expect(split).toMatchObject({ preset: 'custom', ends: 'on', untilDate: '2027-03-15' });
    // Written again, it ends at the end of that day in New York: the same occurrences.
    expect(ruleOf(split, TUESDAY)).toBe('FREQ=WEEKLY;UNTIL=20270316T035959Z;BYDAY=TU');
    // At the occurrence's own start, that occurrence is still in.
    expect(repeatValuesFromRule('FREQ=WEEKLY;UNTIL=20270316T130000Z;BYDAY=TU', TUESDAY).untilDate).toBe('2027-03-16');
  });

  it('keeps a rule the controls cannot show as it is, and still fills the custom fields from it', () => {
    for (const rrule of [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=MONTHLY;BYDAY=3TU',
      'FREQ=WEEKLY;BYDAY=TU;WKST=SU',
      'FREQ=YEARLY;BYMONTH=6,7',
      'FREQ=DAILY;BYDAY=MO,WE',
    ]) {
      const read = repeatValuesFromRule(rrule, TUESDAY);
      expect(read, rrule).toMatchObject({ preset: 'other', otherRule: rrule });
      expect(ruleOf(read, TUESDAY)).toBe(rrule);
    }
    expect(repeatValuesFromRule('FREQ=MONTHLY;INTERVAL=2;COUNT=6;BYDAY=3TU', TUESDAY)).toMatchObject({
      preset: 'other',
      frequency: 'MONTHLY',
      interval: '2',
      ends: 'after',
      count: '6',
    });
  });

  it('keeps a rule it cannot read, and says what is wrong with it instead of sending it', () => {
    const read = repeatValuesFromRule('FREQ=HOURLY', TUESDAY);
    expect(read).toMatchObject({ preset: 'other', otherRule: 'FREQ=HOURLY' });
    expect(repeatRule(read, TUESDAY)).toEqual({
      ok: false,
      errors: { repeat: REPEAT_ERRORS.ruleInvalid },
    });
  });

  it('reads no rule as "does not repeat"', () => {
    expect(repeatValuesFromRule('', TUESDAY)).toEqual(NO_REPEAT);
    expect(NO_REPEAT.count).toBe(String(REPEAT_COUNT_DEFAULT));
  });
});

describe('custom rules', () => {
  it('end on a date: a DATE for an all-day series, the end of that day in the series’ zone for a timed one', () => {
    expect(ruleOf(custom({ frequency: 'DAILY', ends: 'on', untilDate: '2028-03-31' }), LEAP_DAY)).toBe('FREQ=DAILY;UNTIL=20280331');
    // 31 March 2027 ends at 04:00 UTC in New York (EDT) and at 23:00 UTC in London (BST).
    expect(ruleOf(custom({ frequency: 'DAILY', ends: 'on', untilDate: '2027-03-31' }), TUESDAY)).toBe('FREQ=DAILY;UNTIL=20270401T035959Z');
    const london = { start: '2027-03-09T09:00:00Z', allDay: false, timeZone: 'Europe/London' };
    expect(ruleOf(custom({ frequency: 'DAILY', ends: 'on', untilDate: '2027-03-31' }), london)).toBe('FREQ=DAILY;UNTIL=20270331T225959Z');
    expect(ruleOf(custom({ frequency: 'DAILY', ends: 'on', untilDate: '2027-03-20' }), london)).toBe('FREQ=DAILY;UNTIL=20270320T235959Z');
  });

  it('end after a number of times, from 1 to RECURRENCE_COUNT_MAX', () => {
    expect(ruleOf(custom({ frequency: 'WEEKLY', ends: 'after', count: '1' }), TUESDAY)).toBe('FREQ=WEEKLY;COUNT=1;BYDAY=TU');
    expect(ruleOf(custom({ frequency: 'WEEKLY', ends: 'after', count: String(RECURRENCE_COUNT_MAX) }), TUESDAY)).toBe(
      `FREQ=WEEKLY;COUNT=${RECURRENCE_COUNT_MAX};BYDAY=TU`,
    );
    for (const count of ['', '0', String(RECURRENCE_COUNT_MAX + 1), '2.5', '-3', 'ten']) {
      expect(customErrors({ ends: 'after', count }), count).toEqual({ repeatCount: REPEAT_ERRORS.countInvalid });
    }
    expect(REPEAT_ERRORS.countInvalid.values).toEqual({ max: RECURRENCE_COUNT_MAX });
    // The count is only checked when it is how the rule ends.
    expect(customErrors({ ends: 'never', count: '' })).toEqual({});
  });

  it('repeat every 1 to RECURRENCE_INTERVAL_MAX days, weeks, months or years', () => {
    expect(ruleOf(custom({ frequency: 'YEARLY', interval: String(RECURRENCE_INTERVAL_MAX) }), TUESDAY)).toBe(
      `FREQ=YEARLY;INTERVAL=${RECURRENCE_INTERVAL_MAX};BYMONTH=3;BYMONTHDAY=9`,
    );
    expect(ruleOf(custom({ frequency: 'MONTHLY', monthlyBy: 'weekday', interval: '2' }), TUESDAY)).toBe('FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU');
    for (const interval of ['', '0', String(RECURRENCE_INTERVAL_MAX + 1), '1.5', 'abc']) {
      expect(customErrors({ interval }), interval).toEqual({ repeatInterval: REPEAT_ERRORS.intervalInvalid });
    }
    expect(REPEAT_ERRORS.intervalInvalid.values).toEqual({ max: RECURRENCE_INTERVAL_MAX });
  });

  it('end on a date no earlier than the start and within the supported years', () => {
    expect(customErrors({ ends: 'on', untilDate: '' })).toEqual({ repeatUntil: REPEAT_ERRORS.untilMissing });
    expect(customErrors({ ends: 'on', untilDate: '2027-03-08' })).toEqual({ repeatUntil: REPEAT_ERRORS.untilBeforeStart });
    // The start's own day: one occurrence.
    expect(customErrors({ ends: 'on', untilDate: '2027-03-09' })).toEqual({});
    expect(customErrors({ ends: 'on', untilDate: REPEAT_UNTIL_DATE_MAX })).toEqual({});
    expect(REPEAT_UNTIL_DATE_MAX).toBe(`${EVENT_YEAR_MAX}-12-31`);
    expect(customErrors({ ends: 'on', untilDate: `${EVENT_YEAR_MAX + 1}-01-01` })).toEqual({ repeatUntil: REPEAT_ERRORS.yearsOutOfRange });
    expect(customErrors({ ends: 'on', untilDate: '+275760-01-01' })).toEqual({ repeatUntil: REPEAT_ERRORS.yearsOutOfRange });
  });

  it('name every field at fault at once', () => {
    expect(customErrors({ interval: '0', ends: 'after', count: '0' })).toEqual({
      repeatInterval: REPEAT_ERRORS.intervalInvalid,
      repeatCount: REPEAT_ERRORS.countInvalid,
    });
    expect(customErrors({ frequency: 'WEEKLY', days: [] })).toEqual({ repeatDays: REPEAT_ERRORS.daysMissing });
  });

  it('need a valid start, which they follow', () => {
    for (const start of ['', '2027-02-30', 'tomorrow']) {
      expect(repeatRule(preset('weekly'), { ...LEAP_DAY, start })).toEqual({ ok: false, errors: { repeat: REPEAT_ERRORS.startMissing } });
    }
    // A timed series' start is an instant; a bare date is not one.
    expect(repeatRule(preset('daily'), { ...TUESDAY, start: '2027-03-09' }).ok).toBe(false);
    expect(repeatRule(preset('daily'), { ...TUESDAY, timeZone: 'Mars/Olympus_Mons' }).ok).toBe(false);
    expect(repeatRule(preset('none'), { ...TUESDAY, start: '' })).toEqual({ ok: true, rrule: '' });
  });
});

describe('switching choices', () => {
  const start = startOf(TUESDAY);

  it('starts custom from the preset it replaces, as Outlook does', () => {
    expect(ruleOf(choosePreset(preset('weekdays'), 'custom'), TUESDAY)).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
    expect(ruleOf(choosePreset(preset('monthly-weekday'), 'custom'), TUESDAY)).toBe('FREQ=MONTHLY;BYDAY=2TU');
    expect(ruleOf(choosePreset(preset('monthly-day'), 'custom'), TUESDAY)).toBe('FREQ=MONTHLY;BYMONTHDAY=9');
    expect(ruleOf(choosePreset(preset('daily'), 'custom'), TUESDAY)).toBe('FREQ=DAILY');
    expect(ruleOf(choosePreset(preset('yearly'), 'custom'), TUESDAY)).toBe('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=9');
    expect(ruleOf(choosePreset(preset('none'), 'custom'), TUESDAY)).toBe('FREQ=WEEKLY;BYDAY=TU');
    const weekly = toggleDay(preset('weekly'), 'FR', start);
    expect(ruleOf(choosePreset(weekly, 'custom'), TUESDAY)).toBe('FREQ=WEEKLY;BYDAY=TU,FR');
    const kept = repeatValuesFromRule('FREQ=MONTHLY;INTERVAL=2;COUNT=6;BYDAY=3TU', TUESDAY);
    expect(ruleOf(choosePreset(kept, 'custom'), TUESDAY)).toBe('FREQ=MONTHLY;INTERVAL=2;COUNT=6;BYDAY=2TU');
  });

  it('gives the weekly preset the start’s weekday, unless coming back from custom weekly days', () => {
    expect(choosePreset(choosePreset(preset('weekdays'), 'custom'), 'weekly').days).toEqual(['MO', 'TU', 'WE', 'TH', 'FR']);
    expect(choosePreset(preset('weekdays'), 'weekly').days).toBeNull();
    expect(choosePreset(custom({ frequency: 'MONTHLY', days: ['FR'] }), 'weekly').days).toBeNull();
  });

  it(`offers an end date ${REPEAT_UNTIL_DEFAULT_MONTHS} months after the start, on the month’s last day when it is shorter`, () => {
    expect(chooseEnds(custom({}), 'on', start).untilDate).toBe('2027-06-09');
    expect(chooseEnds(custom({}), 'on', startOf({ ...LEAP_DAY, start: '2027-11-30' })).untilDate).toBe('2028-02-29');
    expect(chooseEnds(custom({}), 'on', startOf({ ...LEAP_DAY, start: '2027-01-31' })).untilDate).toBe('2027-04-30');
    expect(chooseEnds(custom({ untilDate: '2027-04-01' }), 'on', start).untilDate).toBe('2027-04-01');
    expect(chooseEnds(custom({}), 'after', start)).toMatchObject({ ends: 'after', untilDate: '', count: String(REPEAT_COUNT_DEFAULT) });
  });
});
