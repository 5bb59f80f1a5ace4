import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  describeRecurrence,
  describeRepeatOptions,
  ordinalWord,
  weekdayName,
  weekdaysInLocaleOrder,
  type RecurrenceDisplay,
} from '../../src/web/features/events/lib/describe-recurrence.ts';
import { NO_REPEAT, repeatValuesFromRule, toggleDay } from '../../src/web/features/events/lib/repeat-options.ts';
import { seriesStart } from '../../src/web/features/events/lib/series-start.ts';

// Tuesday 9 March 2027, 09:00 in New York; the viewer is there too unless a test says otherwise.
const NEW_YORK = 'America/New_York';
// The frames as written (English); names, dates and numbers still come from each locale.
const EN = createIntl({ locale: 'en', defaultLocale: 'en', messages: {}, onError: (error) => expect.fail(String(error)) });
const series = (locale: string, more: Partial<RecurrenceDisplay> = {}): RecurrenceDisplay => ({
  intl: EN,
  start: '2027-03-09T14:00:00Z',
  allDay: false,
  timeZone: NEW_YORK,
  viewerTimeZone: NEW_YORK,
  locale,
  ...more,
});
const GB = series('en-GB');
const US = series('en-US');
const DE = series('de-DE');

const say = (rrule: string, display: RecurrenceDisplay = GB) => describeRecurrence(rrule, display);

describe('a rule in plain words', () => {
  it('says the common rules as Outlook does', () => {
    expect(say('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(say('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270401T035959Z')).toBe('Every 2 weeks on Tuesday and Thursday, until 31 March 2027');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=15')).toBe('Monthly on day 15');
    expect(say('FREQ=MONTHLY;BYDAY=2TU')).toBe('Monthly on the second Tuesday');
    expect(say('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Monthly on the last Friday');
    expect(say('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', series('en-GB', { start: '2028-02-29', allDay: true }))).toBe('Yearly on 29 February');
    expect(say('FREQ=DAILY;COUNT=10')).toBe('Daily, 10 times');
  });

  it('fills in what the start implies: its weekday, its day, its date', () => {
    expect(say('FREQ=WEEKLY')).toBe('Weekly on Tuesday');
    expect(say('FREQ=MONTHLY')).toBe('Monthly on day 9');
    expect(say('FREQ=YEARLY')).toBe('Yearly on 9 March');
    expect(say('FREQ=DAILY')).toBe('Daily');
  });

  it('counts with plural forms: once, every 2, 10 times', () => {
    expect(say('FREQ=WEEKLY;COUNT=1;BYDAY=TU')).toBe('Weekly on Tuesday, once');
    expect(say('FREQ=DAILY;INTERVAL=2;COUNT=2')).toBe('Every 2 days, 2 times');
    expect(say('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,15')).toBe('Every 3 months on days 1 and 15');
    expect(say('FREQ=YEARLY;INTERVAL=99;BYMONTH=3;BYMONTHDAY=9')).toBe('Every 99 years on 9 March');
  });

  it('says RFC 5545’s examples in words', () => {
    expect(say('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU')).toBe('Every 2 months on the first Sunday and the last Sunday, 10 times');
    expect(say('FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3')).toBe('Monthly on the third Tuesday, Wednesday or Thursday, 3 times');
    expect(say('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2')).toBe('Monthly on the second to last weekday');
    expect(say('FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,-1')).toBe('Monthly on the first weekend day and the last weekend day');
    expect(say('FREQ=YEARLY;COUNT=10;BYMONTH=6,7')).toBe('Yearly on day 9 in June and July, 10 times');
    expect(say('FREQ=YEARLY;BYMONTH=3;BYDAY=TH')).toBe('Yearly on Thursday in March');
    expect(say('FREQ=YEARLY;BYMONTH=3;BYDAY=2TU,-1TU')).toBe('Yearly on the second Tuesday and the last Tuesday of March');
    expect(say('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13')).toBe('Monthly on day 13, when it is a Friday');
    expect(say('FREQ=DAILY;INTERVAL=10;COUNT=5')).toBe('Every 10 days, 5 times');
    expect(say('FREQ=YEARLY;BYDAY=20MO')).toBe('Yearly on the 20th Monday');
    expect(say('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO')).toBe('Yearly on Monday in week 20');
    expect(say('FREQ=YEARLY;BYYEARDAY=1,100,200')).toBe('Yearly on days 1, 100 and 200 of the year');
    expect(say('FREQ=MONTHLY;BYMONTHDAY=1,-1')).toBe('Monthly on the first day and the last day');
  });

  it('says it cannot put into words what its frames do not cover, and still how it ends', () => {
    expect(say('FREQ=YEARLY;BYMONTHDAY=1;BYSETPOS=2;COUNT=4')).toBe('Repeats by a custom rule, 4 times');
    expect(say('FREQ=YEARLY;BYWEEKNO=-1')).toBe('Repeats by a custom rule');
  });

  it('is null for what is not a rule', () => {
    expect(say('FREQ=HOURLY')).toBeNull();
    expect(say('')).toBeNull();
  });

  it('ends on the last date an occurrence can fall on, in the series’ zone', () => {
    // One second before the 16 March occurrence: the series ends on 15 March.
    expect(say('FREQ=WEEKLY;UNTIL=20270316T125959Z;BYDAY=TU')).toBe('Weekly on Tuesday, until 15 March 2027');
    expect(say('FREQ=DAILY;UNTIL=20270331', series('en-GB', { start: '2027-03-09', allDay: true }))).toBe('Daily, until 31 March 2027');
  });

  it('names the series’ zone when the viewer sees another one, except for all-day series', () => {
    const london = { viewerTimeZone: 'Europe/London' };
    expect(say('FREQ=WEEKLY;BYDAY=TU', series('en-GB', london))).toBe('Weekly on Tuesday (times in America/New_York)');
    expect(say('FREQ=DAILY;COUNT=10', series('en-GB', london))).toBe('Daily, 10 times (times in America/New_York)');
    expect(say('FREQ=DAILY', series('en-GB', { ...london, start: '2027-03-09', allDay: true }))).toBe('Daily');
    expect(say('FREQ=DAILY', series('en-GB', { viewerTimeZone: undefined }))).toBe('Daily');
  });

  it('counts weekdays in the series’ zone: 18:00 on Tuesday in New York is Wednesday in Sydney', () => {
    const display = series('en-GB', { start: '2027-03-09T23:00:00Z', viewerTimeZone: 'Australia/Sydney' });
    expect(say('FREQ=WEEKLY', display)).toBe('Weekly on Tuesday (times in America/New_York)');
  });
});

describe('in the user’s language', () => {
  it('names days, months and dates, and lists them, as each locale does', () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;UNTIL=20270401T035959Z';
    expect(say(rule, US)).toBe('Every 2 weeks on Monday, Wednesday, and Friday, until March 31, 2027');
    expect(say(rule, GB)).toBe('Every 2 weeks on Monday, Wednesday and Friday, until 31 March 2027');
    expect(say(rule, DE)).toBe('Every 2 weeks on Montag, Mittwoch und Freitag, until 31. März 2027');
    const leapDay = { start: '2028-02-29', allDay: true };
    expect(say('FREQ=YEARLY', { ...US, ...leapDay })).toBe('Yearly on February 29');
    expect(say('FREQ=YEARLY', { ...DE, ...leapDay })).toBe('Yearly on 29. Februar');
    expect(say('FREQ=MONTHLY;BYDAY=-1FR', DE)).toBe('Monthly on the last Freitag');
    expect(say('FREQ=YEARLY;BYMONTH=6,7', DE)).toBe('Yearly on day 9 in Juni und Juli');
    expect(say('FREQ=MONTHLY;BYDAY=TU,TH;BYSETPOS=1', DE)).toBe('Monthly on the first Dienstag oder Donnerstag');
  });

  it('orders days as the locale’s week runs', () => {
    expect(weekdaysInLocaleOrder('en-US')).toEqual(['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA']);
    expect(weekdaysInLocaleOrder('en-GB')).toEqual(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
    expect(weekdaysInLocaleOrder('de-DE')).toEqual(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
    expect(weekdaysInLocaleOrder('not a locale')).toEqual(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
    expect(say('FREQ=WEEKLY;BYDAY=SU,SA', US)).toBe('Weekly on Sunday and Saturday');
    expect(say('FREQ=WEEKLY;BYDAY=SU,SA', GB)).toBe('Weekly on Saturday and Sunday');
  });

  it('names weekdays in full and short', () => {
    expect(weekdayName('TU', 'en-US')).toBe('Tuesday');
    expect(weekdayName('TU', 'en-GB', 'short')).toBe('Tue');
    expect(weekdayName('TU', 'de-DE')).toBe('Dienstag');
    expect(weekdayName('TU', 'de-DE', 'short')).toBe('Di');
  });

  it('writes positions in the frames’ language', () => {
    expect([1, 2, 3, 4, 5, -1, -2, -3].map((n) => ordinalWord(n, EN))).toEqual(['first', 'second', 'third', 'fourth', 'fifth', 'last', 'second to last', 'third to last']);
    expect([6, 21, 22, 23, 53, -10].map((n) => ordinalWord(n, EN))).toEqual(['6th', '21st', '22nd', '23rd', '53rd', '10th to last']);
  });
});

describe('a rule in the catalogue’s language', () => {
  const catalog = JSON.parse(readFileSync(new URL('../../src/web/i18n/catalogs/de.json', import.meta.url), 'utf8')) as Record<string, string>;
  const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: catalog, onError: (error) => expect.fail(String(error)) });
  const inGerman = (rrule: string, more: Partial<RecurrenceDisplay> = {}) => say(rrule, series('de-DE', { intl: german, ...more }));

  it('says the frames in German around German names, numbers and dates', () => {
    expect(inGerman('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270401T035959Z')).toBe('Alle 2 Wochen am Dienstag und Donnerstag, bis 31. März 2027');
    expect(inGerman('FREQ=MONTHLY;BYDAY=2TU')).toBe('Monatlich am zweiten Dienstag');
    expect(inGerman('FREQ=MONTHLY;BYDAY=-2FR')).toBe('Monatlich am vorletzten Freitag');
    expect(inGerman('FREQ=DAILY;COUNT=10')).toBe('Täglich, 10-mal');
  });

  it('picks the plural form of the catalogue’s language', () => {
    expect(inGerman('FREQ=DAILY;COUNT=1')).toBe('Täglich, einmal');
    expect(ordinalWord(7, german)).toBe('7.');
  });
});

describe('the Repeat list', () => {
  const labels = (display: RecurrenceDisplay, values = NO_REPEAT) => describeRepeatOptions(values, display).map((option) => option.label);

  it('labels each choice from the start, as Outlook does', () => {
    expect(labels(GB)).toEqual([
      'Does not repeat',
      'Daily',
      'Every weekday',
      'Weekly on Tuesday',
      'Monthly on day 9',
      'Monthly on the second Tuesday',
      'Yearly on 9 March',
      'Custom…',
    ]);
    expect(labels(US)[6]).toBe('Yearly on March 9');
    expect(labels(DE).slice(3)).toEqual(['Weekly on Dienstag', 'Monthly on day 9', 'Monthly on the second Dienstag', 'Yearly on 9. März', 'Custom…']);
    expect(labels(series('en-GB', { start: '2027-03-26T13:00:00Z' }))[5]).toBe('Monthly on the last Friday');
  });

  it('labels the weekly choice with the days chosen, and never with the zone', () => {
    const start = seriesStart(GB);
    if (start === null) throw new Error('no start');
    const values = toggleDay({ ...NO_REPEAT, preset: 'weekly' }, 'TH', start);
    expect(labels(series('en-GB', { viewerTimeZone: 'Europe/London' }), values)[3]).toBe('Weekly on Tuesday and Thursday');
  });

  it('offers a kept rule, in words, only while the event has it', () => {
    const kept = repeatValuesFromRule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', GB);
    const options = describeRepeatOptions(kept, GB);
    expect(options.find((option) => option.preset === 'other')?.label).toBe('Monthly on the last weekday');
    expect(describeRepeatOptions(NO_REPEAT, GB).some((option) => option.preset === 'other')).toBe(false);
  });

  it('says what each choice repeats on while the start is not valid', () => {
    expect(labels(series('en-GB', { start: '' }))).toEqual([
      'Does not repeat',
      'Daily',
      'Every weekday',
      'Weekly on the same day',
      'Monthly on the same day',
      'Monthly on the same weekday',
      'Yearly on the same date',
      'Custom…',
    ]);
  });
});
