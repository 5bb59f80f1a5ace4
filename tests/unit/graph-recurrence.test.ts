import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/api/graph/graph-client.ts';
import { toGraphRecurrence, type SeriesStart } from '../../src/api/graph/graph-recurrence.ts';
import { windowsZoneOf } from '../../src/api/graph/graph-time-zone.ts';
import { parseRecurrenceRule, type RecurrenceRule } from '../../src/shared/recurrence-rule.ts';

function rule(value: string): RecurrenceRule {
  const parsed = parseRecurrenceRule(value);
  if (!parsed.ok) throw new Error(parsed.errors.join(' '));
  return parsed.rule;
}

// Tuesday 1 December 2026, 09:30 in London.
const START: SeriesStart = { date: '2026-12-01', time: '09:30:00', timeZone: 'Europe/London', graphTimeZone: 'GMT Standard Time' };
const NO_END = { type: 'noEnd', startDate: '2026-12-01', recurrenceTimeZone: 'GMT Standard Time' };

const mapped = (value: string, start = START) => toGraphRecurrence(rule(value), start);
const patternOf = (value: string, start = START) => {
  const result = mapped(value, start);
  if (!result.ok) throw new Error(result.reason);
  return result.recurrence.pattern;
};

describe('RFC 5545 rules as Graph recurrence patterns', () => {
  it.each([
    ['FREQ=DAILY;INTERVAL=3', { type: 'daily', interval: 3 }],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], firstDayOfWeek: 'monday' }],
    ['FREQ=WEEKLY', { type: 'weekly', interval: 1, daysOfWeek: ['tuesday'], firstDayOfWeek: 'monday' }],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU', { type: 'weekly', interval: 2, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'sunday' }],
    ['FREQ=MONTHLY', { type: 'absoluteMonthly', interval: 1, dayOfMonth: 1 }],
    ['FREQ=MONTHLY;BYMONTHDAY=15', { type: 'absoluteMonthly', interval: 1, dayOfMonth: 15 }],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', { type: 'relativeMonthly', interval: 1, daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], index: 'last' }],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU', { type: 'relativeMonthly', interval: 2, daysOfWeek: ['tuesday'], index: 'second' }],
    ['FREQ=MONTHLY;BYDAY=-1FR', { type: 'relativeMonthly', interval: 1, daysOfWeek: ['friday'], index: 'last' }],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', { type: 'relativeMonthly', interval: 1, daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], index: 'last' }],
    ['FREQ=YEARLY', { type: 'absoluteYearly', interval: 1, month: 12, dayOfMonth: 1 }],
    ['FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4', { type: 'absoluteYearly', interval: 1, month: 7, dayOfMonth: 4 }],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', { type: 'relativeYearly', interval: 1, month: 11, daysOfWeek: ['thursday'], index: 'fourth' }],
    ['FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYSETPOS=-1', { type: 'relativeYearly', interval: 1, month: 3, daysOfWeek: ['sunday'], index: 'last' }],
  ])('maps %s', (value, pattern) => {
    expect(patternOf(value)).toEqual(pattern);
  });

  it.each([
    ['FREQ=DAILY;INTERVAL=2;BYDAY=MO,FR', /every few days on some weekdays/],
    ['FREQ=DAILY;BYMONTH=1', /daily series to some months/],
    ['FREQ=WEEKLY;BYDAY=MO,FR;BYSETPOS=1', /BYSETPOS/],
    ['FREQ=MONTHLY;BYMONTHDAY=31', /day 31 of the month/],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', /one day of the month/],
    ['FREQ=MONTHLY;BYDAY=5FR', /one weekday position/],
    ['FREQ=MONTHLY;BYDAY=1MO,3MO', /one weekday position/],
    ['FREQ=MONTHLY;BYDAY=MO', /one weekday position/],
    ['FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1,2', /one weekday position/],
    ['FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR', /combine days of the month with weekdays/],
    ['FREQ=MONTHLY;BYMONTH=1,7', /monthly series to some months/],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', /day 29 of month 2/],
    ['FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1', /one month/],
    ['FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', /week number/],
    ['FREQ=YEARLY;BYYEARDAY=100', /day of the year/],
  ])('refuses %s rather than copy it wrong', (value, reason) => {
    const result = mapped(value);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('ends a COUNT rule after as many occurrences, and an open rule never', () => {
    expect(mapped('FREQ=WEEKLY;COUNT=10')).toMatchObject({ ok: true, recurrence: { range: { type: 'numbered', numberOfOccurrences: 10, startDate: '2026-12-01' } } });
    expect(mapped('FREQ=WEEKLY')).toMatchObject({ ok: true, recurrence: { range: NO_END } });
  });

  it('ends an UNTIL rule on the last date an occurrence may start, in the series’ zone across a DST change', () => {
    // 30 March 2027 is in British Summer Time: its 09:30 occurrence is 08:30Z.
    const endOf = (until: string) => {
      const result = mapped(`FREQ=DAILY;UNTIL=${until}`);
      return result.ok ? result.recurrence.range.endDate : result.reason;
    };
    expect(endOf('20270330T083000Z')).toBe('2027-03-30');
    expect(endOf('20270330T082959Z')).toBe('2027-03-29');
    // 23:30Z on the 30th is 00:30 on the 31st in London, before that day's 09:30: the last occurrence is the 30th's.
    expect(endOf('20270330T233000Z')).toBe('2027-03-30');
    expect(endOf('20270331T083000Z')).toBe('2027-03-31');
  });

  it('ends an all-day series on its UNTIL date', () => {
    const allDay: SeriesStart = { ...START, time: null };
    expect(mapped('FREQ=YEARLY;UNTIL=20301201', allDay)).toMatchObject({ ok: true, recurrence: { range: { type: 'endDate', endDate: '2030-12-01' } } });
  });
});

describe('time zones as Graph takes them', () => {
  it.each([
    ['Europe/London', 'GMT Standard Time'],
    ['America/Los_Angeles', 'Pacific Standard Time'],
    ['Europe/Berlin', 'W. Europe Standard Time'],
    ['UTC', 'UTC'],
    ['Asia/Calcutta', 'India Standard Time'],
    // CLDR files it as Europe/Kiev.
    ['Europe/Kyiv', 'FLE Standard Time'],
  ])('sends %s as %s', (zone, windows) => {
    expect(windowsZoneOf(zone)).toBe(windows);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-27T08:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 08:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Fri, 27 Nov 2026 07:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
