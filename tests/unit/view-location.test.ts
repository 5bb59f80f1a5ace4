import { describe, expect, test } from 'vitest';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../src/shared/limits.ts';
import { calendarViewFor, readViewLocation, URL_VIEWS, urlViewOf, withViewLocation } from '../../src/web/features/calendar/lib/view-location.ts';

describe('the view and date in the address', () => {
  test('reads a view and a real date, and nothing it does not know', () => {
    expect(readViewLocation('?view=week&date=2026-12-01')).toEqual({ view: 'week', date: '2026-12-01' });
    expect(readViewLocation('')).toEqual({ view: null, date: null });
    expect(readViewLocation('?view=year&date=2026-02-30')).toEqual({ view: null, date: null });
    expect(readViewLocation('?view=Month&date=2026-1-5')).toEqual({ view: null, date: null });
    expect(readViewLocation('?date=2024-02-29').date).toBe('2024-02-29');
    expect(readViewLocation('?date=2026-02-29').date).toBeNull();
    expect(readViewLocation(`?date=${EVENT_YEAR_MIN}-01-01`).date).toBe(`${EVENT_YEAR_MIN}-01-01`);
    expect(readViewLocation(`?date=${EVENT_YEAR_MIN - 1}-12-31`).date).toBeNull();
    expect(readViewLocation(`?date=${EVENT_YEAR_MAX + 1}-01-01`).date).toBeNull();
  });

  test('writes the view and date, keeping the address’s other parameters', () => {
    expect(withViewLocation('?locale=de&view=day&date=2026-01-01', { view: 'month', date: '2026-12-01' })).toBe('?locale=de&view=month&date=2026-12-01');
    expect(readViewLocation(withViewLocation('', { view: 'upcoming', date: '2027-03-08' }))).toEqual({ view: 'upcoming', date: '2027-03-08' });
    // No date: the view from today, whenever the address is opened.
    expect(withViewLocation('?view=month&date=2026-12-01', { view: 'upcoming', date: null })).toBe('?view=upcoming');
  });

  test('reads the name the address once used for the list: the Upcoming view', () => {
    expect(readViewLocation('?view=agenda&date=2026-12-01')).toEqual({ view: 'upcoming', date: '2026-12-01' });
    expect(readViewLocation('?view=constructor').view).toBeNull();
  });

  test('one name per view whatever the layout: the phone’s 3 days and agenda are the week and the agenda', () => {
    for (const view of URL_VIEWS) {
      for (const phone of [false, true]) expect(urlViewOf(calendarViewFor(view, phone))).toBe(view);
    }
    expect(calendarViewFor('week', true)).not.toBe(calendarViewFor('week', false));
    expect(calendarViewFor('month', true)).toBe('dayGridMonth');
    expect(urlViewOf('multiMonthYear')).toBeNull();
  });
});
