// Issue 28: typed dates are read in the user's locale order, with its month names and its words for nearby days; an
// impossible date is an error, never the date it would roll over to.
import { describe, expect, test } from 'vitest';
import { datePartOrder, readTypedDate, TYPED_DATE_MAX_CHARS } from '../../src/web/features/events/lib/typed-date.ts';
import { APP_LANGUAGES } from '../../src/web/i18n/locales.ts';

const TODAY = '2026-12-07';
const read = (text: string, locale: string) => readTypedDate(text, locale, TODAY);
const dateOf = (text: string, locale: string) => {
  const reading = read(text, locale);
  return reading.ok ? reading.date : reading.problem;
};

describe('numbers in the locale’s order', () => {
  test.each([
    ['en-GB', '10/12/2026', '2026-12-10'],
    ['en-US', '10/12/2026', '2026-10-12'],
    ['en', '10/12/2026', '2026-10-12'],
    ['de', '10.12.2026', '2026-12-10'],
    ['fr', '10/12/2026', '2026-12-10'],
    ['es', '10/12/2026', '2026-12-10'],
    ['ja', '2026/12/10', '2026-12-10'],
    ['ja', '2026年12月10日', '2026-12-10'],
    ['ar', '١٠/١٢/٢٠٢٦', '2026-12-10'],
    ['ar', '10/12/2026', '2026-12-10'],
    ['ar', '۱۰/۱۲/۲۰۲۶', '2026-12-10'],
    // A year first is year, month, day anywhere (ISO's order); a two-digit year is this century's.
    ['en-GB', '2026-12-10', '2026-12-10'],
    ['en-US', '2026/12/10', '2026-12-10'],
    ['en-GB', '10/12/26', '2026-12-10'],
    ['de', ' 1.2.2027 ', '2027-02-01'],
    // Without a year: this year.
    ['en-GB', '10/12', '2026-12-10'],
    ['en-US', '12/10', '2026-12-10'],
  ])('%s reads “%s” as %s', (locale, text, date) => {
    expect(dateOf(text, locale)).toBe(date);
  });

  test('each locale’s order comes from Intl', () => {
    expect(datePartOrder('en-GB')).toEqual(['day', 'month', 'year']);
    expect(datePartOrder('en-US')).toEqual(['month', 'day', 'year']);
    expect(datePartOrder('ja')).toEqual(['year', 'month', 'day']);
    expect(datePartOrder('ar')).toEqual(['day', 'month', 'year']);
  });
});

describe('month names and abbreviations, in the locale or English', () => {
  test.each([
    ['en-GB', '10 December 2026', '2026-12-10'],
    ['en-GB', 'Thursday 10 Dec 2026', '2026-12-10'],
    ['en-US', 'Dec 10, 2026', '2026-12-10'],
    ['en-US', 'december 10th', '2026-12-10'],
    ['de', '10. Dezember 2026', '2026-12-10'],
    ['de', '3. März 2027', '2027-03-03'],
    ['fr', '10 décembre 2026', '2026-12-10'],
    ['fr', '10 dec 2026', '2026-12-10'],
    ['fr', '1er janvier 2027', '2027-01-01'],
    ['fr', '10 déc. 2026', '2026-12-10'],
    ['es', '10 de diciembre de 2026', '2026-12-10'],
    ['es', '10 mar 2027', '2027-03-10'],
    ['ar', '١٠ ديسمبر ٢٠٢٦', '2026-12-10'],
    ['ja', '10 Dec 2026', '2026-12-10'],
  ])('%s reads “%s” as %s', (locale, text, date) => {
    expect(dateOf(text, locale)).toBe(date);
  });
});

describe('the locale’s words for nearby days', () => {
  test.each([
    ['en-GB', 'today', '2026-12-07'],
    ['en-GB', 'Tomorrow', '2026-12-08'],
    ['en-US', 'yesterday', '2026-12-06'],
    ['fr', 'demain', '2026-12-08'],
    ['fr', 'aujourd’hui', '2026-12-07'],
    ['fr', "aujourd'hui", '2026-12-07'],
    ['fr', 'après-demain', '2026-12-09'],
    ['de', 'morgen', '2026-12-08'],
    ['de', 'übermorgen', '2026-12-09'],
    ['es', 'mañana', '2026-12-08'],
    ['ja', '明日', '2026-12-08'],
    ['ar', 'غدًا', '2026-12-08'],
    ['ar', 'غدا', '2026-12-08'],
    ['ar', 'اليوم', '2026-12-07'],
  ])('%s reads “%s” as %s', (locale, text, date) => {
    expect(dateOf(text, locale)).toBe(date);
  });
});

describe('a date the calendar has not is an error, never another date', () => {
  test('31 February, written any way, is February with its 28 days', () => {
    const february = { ok: false, problem: 'noSuchDay', year: 2026, month: 2, days: 28 };
    expect(read('31/02/2026', 'en-GB')).toEqual(february);
    expect(read('02/31/2026', 'en-US')).toEqual(february);
    expect(read('31 Feb 2026', 'en-GB')).toEqual(february);
    expect(read('31.02.2026', 'de')).toEqual(february);
    expect(read('2026-02-31', 'fr')).toEqual(february);
    expect(read('٣١/٠٢/٢٠٢٦', 'ar')).toEqual(february);
  });

  test('29 February only in a leap year; the 31st only in a long month', () => {
    expect(dateOf('29/02/2028', 'en-GB')).toBe('2028-02-29');
    expect(read('29/02/2027', 'en-GB')).toEqual({ ok: false, problem: 'noSuchDay', year: 2027, month: 2, days: 28 });
    expect(read('31/04/2027', 'fr')).toEqual({ ok: false, problem: 'noSuchDay', year: 2027, month: 4, days: 30 });
  });

  test('a 13th month (a US date typed in en-GB) says so', () => {
    expect(read('12/13/2026', 'en-GB')).toEqual({ ok: false, problem: 'noSuchMonth', month: 13 });
  });

  test.each(['', 'soon', 'next blue moon', '10/12/2026/1', '12345', 'December', '0/12/2026', '10 December 2026 March'])('“%s” is no date', (text) => {
    expect(read(text, 'en-GB')).toEqual({ ok: false, problem: 'unreadable' });
  });

  test(`text longer than ${TYPED_DATE_MAX_CHARS} characters is refused before it is read`, () => {
    expect(read(`${' '.repeat(TYPED_DATE_MAX_CHARS)}10/12/2026`, 'en-GB')).toEqual({ ok: false, problem: 'unreadable' });
    expect(dateOf(`${' '.repeat(TYPED_DATE_MAX_CHARS - 10)}10/12/2026`, 'en-GB')).toBe('2026-12-10');
  });
});

describe('what a date field shows reads back as the same date', () => {
  const dates = ['2026-01-01', '2026-03-09', '2026-12-10', '2027-05-31', '2028-02-29'];
  test.each([...APP_LANGUAGES, 'en-GB', 'en-US', 'de-CH', 'fr-CA'])('in %s', (locale) => {
    const shown = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    for (const date of dates) expect(dateOf(shown.format(new Date(`${date}T00:00:00Z`)), locale), shown.format(new Date(`${date}T00:00:00Z`))).toBe(date);
  });
});
