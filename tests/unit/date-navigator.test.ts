import { FirstWeekOfYear } from '@fluentui/react-calendar-compat';
import { describe, expect, test } from 'vitest';
import { dateFormatting, dateNames, firstWeekOfYear } from '../../src/web/lib/fluent-calendar-locale.ts';
import { goToDate, isoDateOf, localDateOf, registerNavigator } from '../../src/web/features/calendar/lib/shown-period.ts';
import { atEnd, lengthensItself, todayIn, UPCOMING_DAYS, UPCOMING_END_MARGIN_PX, UPCOMING_FILL_MAX_DAYS } from '../../src/web/features/calendar/lib/upcoming.ts';

describe('the date navigator', () => {
  test('names months and days in the locale, Sunday first as date pickers take them', () => {
    const german = dateNames('de');
    expect(german.months[0]).toBe('Januar');
    expect(german.months[11]).toBe('Dezember');
    expect(german.days[0]).toBe('Sonntag');
    expect(german.days[1]).toBe('Montag');
    expect(german.shortDays[1]).toBe('M');
    expect(dateNames('fr').months[1]).toBe('février');
  });

  test('writes a day as its number alone, in the locale’s digits', () => {
    const date = new Date(2026, 10, 7);
    expect(dateFormatting('ja').formatDay(date)).toBe('7');
    expect(dateFormatting('ar-EG').formatDay(date)).toBe('٧');
    expect(dateFormatting('en').formatMonthYear(date, dateNames('en'))).toBe('November 2026');
  });

  test('numbers weeks as the locale does: ISO in Europe, from 1 January in the US and the Middle East', () => {
    expect(firstWeekOfYear(7 + 1 - 4)).toBe(FirstWeekOfYear.FirstFourDayWeek);
    expect(firstWeekOfYear(7 + 0 - 6)).toBe(FirstWeekOfYear.FirstDay);
    expect(firstWeekOfYear(7 + 6 - 12)).toBe(FirstWeekOfYear.FirstDay);
    expect(firstWeekOfYear(7)).toBe(FirstWeekOfYear.FirstFullWeek);
  });

  test('turns dates to and from the calendar’s YYYY-MM-DD without a day’s shift', () => {
    expect(isoDateOf(localDateOf('2026-03-29'))).toBe('2026-03-29');
    expect(localDateOf('2026-12-01').getDate()).toBe(1);
  });

  test('sends dates to the calendar while it is there, and nowhere after', () => {
    const asked: string[] = [];
    const stop = registerNavigator((date) => asked.push(date));
    goToDate('2026-12-01');
    stop();
    goToDate('2027-01-01');
    expect(asked).toEqual(['2026-12-01']);
  });
});

describe('the Upcoming view', () => {
  test(`lists ${UPCOMING_DAYS} days, a month ahead, and the next ones from ${UPCOMING_END_MARGIN_PX} px before its end`, () => {
    expect(UPCOMING_DAYS).toBe(30);
    expect(atEnd({ scrollTop: 500, clientHeight: 400, scrollHeight: 900 + UPCOMING_END_MARGIN_PX })).toBe(true);
    expect(atEnd({ scrollTop: 499, clientHeight: 400, scrollHeight: 900 + UPCOMING_END_MARGIN_PX })).toBe(false);
  });

  test(`a list too short to scroll lengthens by itself, up to ${UPCOMING_FILL_MAX_DAYS} days`, () => {
    expect(UPCOMING_FILL_MAX_DAYS).toBe(90);
    expect(lengthensItself(30, { clientHeight: 600, scrollHeight: 600 })).toBe(true);
    expect(lengthensItself(60, { clientHeight: 600, scrollHeight: 300 })).toBe(true);
    expect(lengthensItself(30, { clientHeight: 600, scrollHeight: 602 })).toBe(false);
    expect(lengthensItself(UPCOMING_FILL_MAX_DAYS, { clientHeight: 600, scrollHeight: 300 })).toBe(false);
  });

  test('starts on today in the calendar’s zone, not the device’s', () => {
    const now = new Date('2026-11-26T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-27');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-26');
  });
});
