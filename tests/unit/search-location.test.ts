import { describe, expect, test } from 'vitest';
import { SEARCH_QUERY_MAX } from '../../src/shared/limits.ts';
import { readSearchLocation, searchWords, withSearchLocation } from '../../src/web/features/search/lib/search-location.ts';
import { readViewLocation, withViewLocation } from '../../src/web/features/calendar/lib/view-location.ts';

describe('the search in the address', () => {
  test('reads the words and whether past events count; blanks are no search', () => {
    expect(readSearchLocation('?q=town+hall')).toEqual({ query: 'town hall', past: false });
    expect(readSearchLocation('?q=%20offsite%20&past=1')).toEqual({ query: 'offsite', past: true });
    expect(readSearchLocation('?q=a&past=yes')).toEqual({ query: 'a', past: false });
    expect(readSearchLocation('?q=%20%20')).toBeNull();
    expect(readSearchLocation('?past=1')).toBeNull();
    expect(readSearchLocation('')).toBeNull();
  });

  test('words longer than the API takes are cut to SEARCH_QUERY_MAX', () => {
    const long = 'x'.repeat(SEARCH_QUERY_MAX + 50);
    expect(readSearchLocation(`?q=${long}`)?.query).toHaveLength(SEARCH_QUERY_MAX);
    expect(searchWords(` ${long} `)).toHaveLength(SEARCH_QUERY_MAX);
    expect(searchWords(`${'y'.repeat(SEARCH_QUERY_MAX - 1)}  z`)).toBe('y'.repeat(SEARCH_QUERY_MAX - 1));
  });

  test('round-trips any words, Unicode and URL syntax included', () => {
    for (const query of ['Müller & Söhne', 'a+b=c?', '東京 オフィス', '#1 100% "quoted"', 'حفل']) {
      for (const past of [false, true]) {
        expect(readSearchLocation(withSearchLocation('', { query, past }))).toEqual({ query, past });
      }
    }
  });

  test('keeps the address’s view, date and other parameters, and the view keeps the search', () => {
    const withSearch = withSearchLocation('?locale=de&view=week&date=2026-12-01', { query: 'review', past: true });
    expect(withSearch).toBe('?locale=de&view=week&date=2026-12-01&q=review&past=1');
    expect(readViewLocation(withSearch)).toEqual({ view: 'week', date: '2026-12-01' });
    const moved = withViewLocation(withSearch, { view: 'day', date: '2026-12-03' });
    expect(readSearchLocation(moved)).toEqual({ query: 'review', past: true });
    // A new search replaces the words in place; closing the results drops them and nothing else.
    expect(withSearchLocation(moved, { query: 'retro', past: false })).toBe('?locale=de&view=day&date=2026-12-03&q=retro');
    expect(withSearchLocation(moved, null)).toBe('?locale=de&view=day&date=2026-12-03');
    expect(withSearchLocation('?q=x&past=1', null)).toBe('');
  });
});
