import { describe, expect, test } from 'vitest';
import type { SearchHit } from '../../src/shared/search-schema.ts';
import { formatHitWhen, formatMonth } from '../../src/web/features/search/lib/format-hit-when.ts';
import { groupByMonth, hitStartDate } from '../../src/web/features/search/lib/group-by-month.ts';
import { searchFrom } from '../../src/web/features/search/lib/search-from.ts';
import { timeOfDayOptions } from '../../src/web/lib/time-format.ts';

function hit(id: string, start: string, end: string, allDay = false): SearchHit {
  return { id, calendarId: 'c', title: id, start, end, allDay, location: '', categoryId: '', snippet: '', highlights: { title: [], location: [], snippet: [] } };
}

// Half past eleven at night in London on 30 November: already 1 December in Tokyo, still the evening in New York.
const lateNovember = hit('late', '2026-11-30T23:30:00Z', '2026-12-01T00:30:00Z');
// 1 December, all day: the same date in every zone.
const firstDecember = hit('holiday', '2026-12-01', '2026-12-02', true);
const midDecember = hit('mid', '2026-12-15T10:00:00Z', '2026-12-15T11:00:00Z');
const newYear = hit('new-year', '2027-01-01T08:00:00Z', '2027-01-01T09:00:00Z');
// As the API sorts them: by instant (the all-day date at UTC midnight).
const sorted = [lateNovember, firstDecember, midDecember, newYear];

// Intl puts thin and narrow no-break spaces around a range's dash and before AM/PM: compared as plain spaces.
const plain = ({ when, allDay }: { when: string; allDay: boolean }) => ({ when: when.replace(/[\u2009\u202f]/g, ' '), allDay });

const ids = (groups: ReturnType<typeof groupByMonth>) => groups.map(({ month, hits }) => [month, hits.map((one) => one.id)]);

describe('search results by month', () => {
  test('a timed event falls in the month of its start in the zone shown', () => {
    expect(hitStartDate(lateNovember, 'Europe/London')).toBe('2026-11-30');
    expect(hitStartDate(lateNovember, 'Asia/Tokyo')).toBe('2026-12-01');
    expect(hitStartDate(lateNovember, 'America/New_York')).toBe('2026-11-30');
    expect(ids(groupByMonth(sorted, 'Europe/London'))).toEqual([
      ['2026-11', ['late']],
      ['2026-12', ['holiday', 'mid']],
      ['2027-01', ['new-year']],
    ]);
    expect(ids(groupByMonth(sorted, 'Asia/Tokyo'))).toEqual([
      ['2026-12', ['late', 'holiday', 'mid']],
      ['2027-01', ['new-year']],
    ]);
  });

  test('an all-day event keeps its date in every zone; the year turns in the zone shown', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) expect(hitStartDate(firstDecember, zone)).toBe('2026-12-01');
    // 08:00 UTC on 1 January is still New Year's Eve in Honolulu.
    expect(ids(groupByMonth(sorted, 'Pacific/Honolulu')).at(-1)).toEqual(['2026-12', ['holiday', 'mid', 'new-year']]);
  });

  test('one heading per month, in order, even where the API’s order by instant interleaves months', () => {
    // In New York the evening of 30 November sorts after 1 December's all-day event (UTC midnight), yet is November's.
    const evening = hit('evening', '2026-12-01T01:00:00Z', '2026-12-01T02:00:00Z');
    const groups = groupByMonth([firstDecember, evening, midDecember], 'America/New_York');
    expect(ids(groups)).toEqual([
      ['2026-11', ['evening']],
      ['2026-12', ['holiday', 'mid']],
    ]);
    expect(groupByMonth([], 'UTC')).toEqual([]);
  });

  test('month headings in the user’s locale', () => {
    expect(formatMonth('2026-12', 'en-US')).toBe('December 2026');
    expect(formatMonth('2026-12', 'de')).toBe('Dezember 2026');
    expect(formatMonth('2027-01', 'ja')).toBe('2027年1月');
  });

  test('when: in the zone shown and the user’s clock; all-day dates as they are, the last day inclusive', () => {
    const display = { locale: 'en-US', timeZone: 'Asia/Tokyo', timeOfDay: timeOfDayOptions('h23') };
    expect(plain(formatHitWhen(lateNovember, display))).toEqual({ when: 'Tue, Dec 1, 08:30 – 09:30', allDay: false });
    expect(plain(formatHitWhen(lateNovember, { ...display, timeZone: 'Europe/London', timeOfDay: timeOfDayOptions('h12') })).when).toBe('Mon, Nov 30, 11:30 PM – Tue, Dec 1, 12:30 AM');
    expect(plain(formatHitWhen(firstDecember, display))).toEqual({ when: 'Tue, Dec 1', allDay: true });
    expect(plain(formatHitWhen(hit('days', '2026-12-24', '2026-12-27', true), display)).when).toBe('Thu, Dec 24 – Sat, Dec 26');
  });

  test('a search starts at the start of today in the zone shown, or (past events too) nowhere', () => {
    const now = new Date('2026-11-30T23:30:00Z');
    expect(searchFrom(false, 'Europe/London', now)).toBe('2026-11-30T00:00:00.000Z');
    expect(searchFrom(false, 'Asia/Tokyo', now)).toBe('2026-11-30T15:00:00.000Z');
    expect(searchFrom(false, 'America/New_York', now)).toBe('2026-11-30T05:00:00.000Z');
    expect(searchFrom(true, 'Europe/London', now)).toBeNull();
  });
});
