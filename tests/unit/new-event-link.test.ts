import { describe, expect, test } from 'vitest';
import { EVENT_TITLE_MAX } from '../../src/shared/limits.ts';
import { readNewEventLink } from '../../src/web/features/events/lib/new-event-link.ts';

const LONDON = 'Europe/London';
const read = (query: string) => readNewEventLink(query, LONDON);
const iso = (date: Date | undefined) => date?.toISOString();

describe('a new-event link', () => {
  test('is only one with new=1', () => {
    expect(read('?title=Planning')).toBeNull();
    expect(read('?new=1')).toEqual({ range: null });
  });

  test('fills in the title, calendar and a timed span in the viewer’s zone', () => {
    const link = read('?new=1&title=Planning&calendarId=c1&start=2027-07-01T10:00&end=2027-07-01T11:30');
    expect(link?.title).toBe('Planning');
    expect(link?.calendarId).toBe('c1');
    // London is on summer time (UTC+1) in July.
    expect([iso(link?.range?.start), iso(link?.range?.end), link?.range?.allDay]).toEqual(['2027-07-01T09:00:00.000Z', '2027-07-01T10:30:00.000Z', false]);
    expect(iso(read('?new=1&start=2027-07-01T10:00:00Z')?.range?.start)).toBe('2027-07-01T10:00:00.000Z');
  });

  test('takes dates as an all-day span, its end the last day', () => {
    const link = read('?new=1&start=2027-03-09&end=2027-03-10');
    expect([iso(link?.range?.start), iso(link?.range?.end), link?.range?.allDay]).toEqual(['2027-03-09T00:00:00.000Z', '2027-03-11T00:00:00.000Z', true]);
    expect(iso(read('?new=1&start=2027-03-09')?.range?.end)).toBe('2027-03-10T00:00:00.000Z');
  });

  test('ignores invalid parameters one by one', () => {
    expect(read(`?new=1&title=${'x'.repeat(EVENT_TITLE_MAX + 1)}&calendarId=c1`)).toEqual({ calendarId: 'c1', range: null });
    expect(read('?new=1&title=%20%20&start=tomorrow')).toEqual({ range: null });
    expect(read('?new=1&start=2027-02-30')).toEqual({ range: null });
    expect(read('?new=1&start=3000-01-01')).toEqual({ range: null });
    // An end before the start, or of another kind, gives the usual hour.
    for (const end of ['2027-07-01T09:00', '2027-07-02', 'soon']) {
      expect(iso(read(`?new=1&start=2027-07-01T10:00&end=${end}`)?.range?.end), end).toBe('2027-07-01T10:00:00.000Z');
    }
  });
});
