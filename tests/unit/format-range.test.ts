import { describe, expect, test } from 'vitest';
import { formatRange } from '../../src/web/lib/format-range.ts';

const WHEN = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } as const;
const at = (iso: string) => Date.parse(`${iso}Z`);

describe('formatRange', () => {
  // Intl's Japanese range patterns write "2026/12/7月曜日 9時30分～9時45分": numbers where the date alone says 年月日.
  test('writes Japanese dates as a Japanese date alone is written, with Intl’s own separator', () => {
    expect(formatRange('ja', WHEN, at('2026-12-07T09:30'), at('2026-12-07T09:45'))).toBe('2026年12月7日月曜日 9:30～9:45');
    expect(formatRange('ja', { dateStyle: 'full', timeZone: 'UTC' }, at('2026-12-07T00:00'), at('2027-01-05T00:00'))).toBe(
      '2026年12月7日月曜日～2027年1月5日火曜日',
    );
    expect(formatRange('ja', { month: 'short', day: 'numeric', timeZone: 'UTC' }, at('2026-12-07T00:00'), at('2026-12-09T00:00'))).toBe('12月7日～12月9日');
  });

  test('keeps Intl’s range where it writes the date as the date alone (English, German, Arabic)', () => {
    for (const locale of ['en', 'de', 'fr', 'ar', 'es']) {
      const options = { month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
      const intl = new Intl.DateTimeFormat(locale, options);
      expect(formatRange(locale, options, at('2026-12-07T00:00'), at('2026-12-09T00:00'))).toBe(intl.formatRange(at('2026-12-07T00:00'), at('2026-12-09T00:00')));
      const when = new Intl.DateTimeFormat(locale, WHEN);
      expect(formatRange(locale, WHEN, at('2026-12-07T09:30'), at('2026-12-07T09:45'))).toBe(when.formatRange(at('2026-12-07T09:30'), at('2026-12-07T09:45')));
    }
  });

  // Its range pattern for times alone writes "9時30分～9時45分", where a time alone is "9:30".
  test('writes Japanese times as a Japanese time alone is written', () => {
    const times = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } as const;
    expect(formatRange('ja', times, at('2026-12-07T09:30'), at('2026-12-07T09:45'))).toBe('9:30～9:45');
    expect(formatRange('ja', times, at('2026-12-07T09:30'), at('2026-12-07T09:30'))).toBe('9:30');
    for (const locale of ['en', 'de', 'fr', 'ar', 'es']) {
      const intl = new Intl.DateTimeFormat(locale, times);
      expect(formatRange(locale, times, at('2026-12-07T09:30'), at('2026-12-07T11:45'))).toBe(intl.formatRange(at('2026-12-07T09:30'), at('2026-12-07T11:45')));
    }
  });
});

