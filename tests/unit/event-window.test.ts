import { describe, expect, it } from 'vitest';
import {
  PARSED_QUERIES_MAX,
  PARSED_QUERY_URL_MAX_CHARS,
  parsedQueryCount,
  parseEventWindowQuery,
  RESOLVED_WINDOWS_MAX,
  resolvedWindowCount,
  resolveEventWindow,
} from '../../src/api/event-window.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import { DAY_MS, EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../src/shared/limits.ts';
import { dateToDayMs, EVENT_YEARS_MESSAGE } from '../../src/shared/time.ts';

function windowOf(start: string, end: string, timeZone = 'UTC'): EventWindow {
  const window = resolveEventWindow(start, end, timeZone);
  if ('field' in window) throw new Error(window.message);
  return window;
}

describe('resolveEventWindow', () => {
  it('reads dates as midnight in the zone, across a DST change', () => {
    // London moves to BST on 28 March 2027: the day is 23 hours long.
    const window = windowOf('2027-03-28', '2027-03-29', 'Europe/London');
    expect(new Date(window.fromMs).toISOString()).toBe('2027-03-28T00:00:00.000Z');
    expect(new Date(window.toMs).toISOString()).toBe('2027-03-28T23:00:00.000Z');
    expect(window.toDayMs - window.fromDayMs).toBe(86_400_000);
  });

  it('honours explicit offsets over the zone', () => {
    const window = windowOf('2027-01-01T00:00:00+05:00', '2027-01-02T00:00:00+05:00', 'America/New_York');
    expect(new Date(window.fromMs).toISOString()).toBe('2026-12-31T19:00:00.000Z');
  });

  it('refuses an end that is not after the start, and dates that do not exist', () => {
    expect(resolveEventWindow('2027-01-02', '2027-01-02', 'UTC')).toMatchObject({ field: 'end' });
    expect(resolveEventWindow('2027-02-30', '2027-03-02', 'UTC')).toMatchObject({ field: 'start' });
  });

  it('needs the window to overlap the supported years, and reads its days in the zone at their edges', () => {
    const early = windowOf(`${EVENT_YEAR_MIN - 1}-12-25`, `${EVENT_YEAR_MIN}-01-02`, 'Pacific/Kiritimati');
    expect(early.fromDayMs).toBe(dateToDayMs(`${EVENT_YEAR_MIN - 1}-12-25`));
    expect(early.toDayMs).toBe(dateToDayMs(`${EVENT_YEAR_MIN}-01-02`));
    const late = windowOf(`${EVENT_YEAR_MAX}-12-31`, `${EVENT_YEAR_MAX + 1}-01-01T00:00:00-11:00`, 'UTC');
    expect(late.toDayMs).toBe(dateToDayMs(`${EVENT_YEAR_MAX + 1}-01-02`));
    expect(resolveEventWindow(`${EVENT_YEAR_MAX + 1}-01-01`, `${EVENT_YEAR_MAX + 1}-01-02`, 'UTC')).toEqual({ field: 'start', message: EVENT_YEARS_MESSAGE });
    expect(resolveEventWindow(`${EVENT_YEAR_MIN - 1}-12-31`, `${EVENT_YEAR_MIN}-01-01`, 'UTC')).toEqual({ field: 'end', message: EVENT_YEARS_MESSAGE });
    expect(resolveEventWindow('0050-03-01', '0050-03-02', 'UTC')).toEqual({ field: 'end', message: EVENT_YEARS_MESSAGE });
  });
});

describe('resolved windows are remembered', () => {
  it('answers the same bounds with the same resolved window, without resolving again', () => {
    const first = resolveEventWindow('2031-05-01', '2031-06-01', 'Europe/Paris');
    expect(resolveEventWindow('2031-05-01', '2031-06-01', 'Europe/Paris')).toBe(first);
    expect(resolveEventWindow('2031-05-01', '2031-06-01', 'Asia/Tokyo')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it(`keeps at most ${RESOLVED_WINDOWS_MAX.toLocaleString('en')} of them`, () => {
    for (let day = 0; day <= RESOLVED_WINDOWS_MAX; day++) {
      const start = new Date(Date.UTC(2030, 0, 1) + day * DAY_MS).toISOString().slice(0, 10);
      resolveEventWindow(start, '2032-01-01', 'UTC');
    }
    expect(resolvedWindowCount()).toBe(RESOLVED_WINDOWS_MAX);
  });
});

describe('parsed feed queries are remembered', () => {
  const url = (query: Record<string, string>) => `/api/events?${new URLSearchParams(query)}`;

  it('parses a URL once, and shares its frozen answer', () => {
    const query = { start: '2031-05-01', end: '2031-06-01', timeZone: 'Europe/Paris', calendarId: ['a', 'b'] };
    const first = parseEventWindowQuery('/api/events?first', query);
    expect(first).toEqual(query);
    // The same URL is not parsed again: what Fastify made of it is not even read.
    expect(parseEventWindowQuery('/api/events?first', {})).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.calendarId)).toBe(true);
  });

  it('answers a query at fault with a 400 every time, and keeps nothing of it', () => {
    const before = parsedQueryCount();
    const bad = url({ start: 'soon', end: '2031-06-01' });
    for (let ask = 0; ask < 2; ask++) expect(() => parseEventWindowQuery(bad, { start: 'soon', end: '2031-06-01' })).toThrow(expect.objectContaining({ status: 400 }));
    expect(parsedQueryCount()).toBe(before);
  });

  it(`keeps at most ${PARSED_QUERIES_MAX.toLocaleString('en')} of them, none longer than ${PARSED_QUERY_URL_MAX_CHARS} characters`, () => {
    const long = { start: '2031-05-01', end: '2031-06-01', calendarId: 'c'.repeat(PARSED_QUERY_URL_MAX_CHARS) };
    const before = parsedQueryCount();
    expect(parseEventWindowQuery(url(long), long)).toMatchObject({ calendarId: [long.calendarId] });
    expect(parsedQueryCount()).toBe(before);
    for (let day = 0; day <= PARSED_QUERIES_MAX; day++) {
      const query = { start: new Date(Date.UTC(2030, 0, 1) + day * DAY_MS).toISOString().slice(0, 10), end: '2032-01-01' };
      parseEventWindowQuery(url(query), query);
    }
    expect(parsedQueryCount()).toBe(PARSED_QUERIES_MAX);
  });
});
