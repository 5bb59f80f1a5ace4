import { describe, expect, test } from 'vitest';
import { calendarTimeFormatter, type TimeFormattingInfo } from '../../src/web/features/calendar/lib/calendar-time-format.ts';

const at = (iso: string) => ({ instantMs: Date.parse(iso) }) as TimeFormattingInfo['start'];
const info = (localeCodes: string[], timeZone: string, start: string, end?: string) =>
  ({ date: at(start), start: at(start), end: end ? at(end) : null, timeZone, localeCodes }) as TimeFormattingInfo;
// ICU versions differ in which space they put before AM and around a range's dash.
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('the calendar’s time formatter', () => {
  test('writes times as Intl does, with the space before AM that FullCalendar would drop', () => {
    const format = calendarTimeFormatter('locale');
    expect(spaced(format(info(['en-US'], 'UTC', '2026-01-15T09:30:00Z')))).toBe('9:30 AM');
    expect(spaced(format(info(['en-US'], 'UTC', '2026-01-15T09:00:00Z')))).toBe('9:00 AM');
    expect(spaced(format(info(['de-DE'], 'Europe/Berlin', '2026-01-15T13:00:00Z')))).toBe('14:00');
  });

  test('writes a range as Intl does, in the zone and locale FullCalendar gives, which may change', () => {
    const format = calendarTimeFormatter('locale');
    expect(spaced(format(info(['en-US'], 'UTC', '2026-01-15T09:30:00Z', '2026-01-15T09:45:00Z')))).toBe('9:30 – 9:45 AM');
    expect(spaced(format(info(['en-US'], 'Asia/Kolkata', '2026-01-15T09:30:00Z')))).toBe('3:00 PM');
    expect(spaced(format(info(['ja'], 'Asia/Tokyo', '2026-01-15T09:30:00Z')))).toBe('18:30');
  });

  test('follows the time format chosen, and is the same function each time asked', () => {
    expect(spaced(calendarTimeFormatter('h23')(info(['en-US'], 'UTC', '2026-01-15T14:05:00Z')))).toBe('14:05');
    expect(spaced(calendarTimeFormatter('h12')(info(['de-DE'], 'UTC', '2026-01-15T14:05:00Z')))).toBe('2:05 PM');
    expect(calendarTimeFormatter('h23')).toBe(calendarTimeFormatter('h23'));
    expect(calendarTimeFormatter('h23')).not.toBe(calendarTimeFormatter('locale'));
  });
});
