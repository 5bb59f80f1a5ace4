import { describe, expect, test } from 'vitest';
import { TIME_FORMATS } from '../../src/shared/time-formats.ts';
import { DEFAULT_USER_SETTINGS } from '../../src/shared/user-settings-schema.ts';
import { timeOfDayOptions } from '../../src/web/lib/time-format.ts';

const format = (locale: string, choice: (typeof TIME_FORMATS)[number], hour: number, minute = 0) =>
  new Intl.DateTimeFormat(locale, { ...timeOfDayOptions(choice), timeZone: 'UTC' }).format(Date.UTC(2026, 0, 15, hour, minute));

describe('time format', () => {
  test('the language’s own clock until the user picks one', () => {
    expect(DEFAULT_USER_SETTINGS.timeFormat).toBe('locale');
    expect(TIME_FORMATS).toEqual(['locale', 'h12', 'h23']);
    expect(format('en-US', 'locale', 14)).toBe('2:00 PM');
    expect(format('de-DE', 'locale', 14)).toBe('14:00');
  });

  test('every time has its minutes, even on the hour: one format for slots and events', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP', 'ar']) {
      for (const choice of TIME_FORMATS) {
        const onTheHour = format(locale, choice, 9);
        const halfPast = format(locale, choice, 9, 30);
        expect(halfPast, `${locale} ${choice}`).toBe(onTheHour.replace('00', '30'));
      }
    }
  });

  test('12-hour and 24-hour override the language’s clock', () => {
    expect(format('en-US', 'h23', 14)).toBe('14:00');
    expect(format('en-US', 'h23', 0, 5)).toBe('00:05');
    expect(format('de-DE', 'h12', 14)).toMatch(/^2:00\s?PM$/);
    expect(format('en-GB', 'h12', 0)).toMatch(/^12:00\s?am$/);
    expect(format('ja-JP', 'h23', 14)).toBe('14:00');
  });

  test('each format is one object, so FullCalendar sees no change between renders', () => {
    for (const choice of TIME_FORMATS) expect(timeOfDayOptions(choice)).toBe(timeOfDayOptions(choice));
  });
});
