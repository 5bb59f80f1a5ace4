import { describe, expect, it } from 'vitest';
import { expandForFeed } from '../../src/api/events/expand-feed.ts';
import { createOccurrenceCache, OCCURRENCE_CACHE_SIZE, type ExpansionKey } from '../../src/api/recurrence/occurrence-cache.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';

interface Expansion {
  occurrences: readonly number[];
}

/** A cache whose expansions say how many times each key was expanded. */
function counted(maxOccurrences?: number) {
  const cache = createOccurrenceCache<Expansion>(maxOccurrences);
  const expanded = new Map<string, number>();
  const get = (key: ExpansionKey, size: number) =>
    cache.get(key, () => {
      const name = `${key.seriesId}@${key.version}`;
      expanded.set(name, (expanded.get(name) ?? 0) + 1);
      return { occurrences: Array.from({ length: size }, (_, i) => i) };
    });
  return { cache, expanded, get };
}

const WINDOW = { fromMs: 0, toMs: 1_000, fromDayMs: 0, toDayMs: 86_400_000 };
const key = (seriesId: string, version = 1, tenantId = 't1'): ExpansionKey => ({ tenantId, seriesId, version, window: WINDOW });

describe('the occurrence cache', () => {
  it('answers the same series version and window from the cache', () => {
    const { expanded, get } = counted();
    const first = get(key('a'), 3);
    expect(get(key('a'), 3)).toBe(first);
    expect(expanded.get('a@1')).toBe(1);
  });

  it('misses for a new version of the series, for another window and for another tenant', () => {
    const { expanded, get } = counted();
    get(key('a'), 3);
    get(key('a', 2), 3);
    expect(expanded.get('a@2')).toBe(1);
    get({ ...key('a'), window: { ...WINDOW, fromMs: 1_000, toMs: 2_000 } }, 3);
    expect(expanded.get('a@1')).toBe(2);
    get(key('a', 1, 't2'), 3); // another tenant's series of the same id
    expect(expanded.get('a@1')).toBe(3);
  });

  it('evicts the least recently used expansions once their occurrences pass the size', () => {
    const { expanded, get } = counted(10);
    get(key('a'), 4);
    get(key('b'), 4);
    get(key('a'), 4); // used again: b is now the least recent
    get(key('c'), 4); // 12 occurrences: b goes
    get(key('a'), 4);
    get(key('c'), 4);
    expect([expanded.get('a@1'), expanded.get('c@1')]).toEqual([1, 1]);
    get(key('b'), 4);
    expect(expanded.get('b@1')).toBe(2);
  });

  it(`holds ${OCCURRENCE_CACHE_SIZE} occurrences by default, and no more`, () => {
    const { expanded, get } = counted();
    const entries = 100;
    for (let i = 0; i < entries; i++) get(key(`s${i}`), OCCURRENCE_CACHE_SIZE / entries);
    for (let i = 0; i < entries; i++) get(key(`s${i}`), OCCURRENCE_CACHE_SIZE / entries);
    expect([...expanded.values()].every((times) => times === 1)).toBe(true);
    get(key('one more'), 1); // s0, the least recently used, goes
    get(key('s0'), OCCURRENCE_CACHE_SIZE / entries);
    expect(expanded.get('s0@1')).toBe(2);
  });

  it('counts an expansion with no occurrences as one, so that empty ones are bounded too', () => {
    const { expanded, get } = counted(3);
    for (const id of ['a', 'b', 'c', 'd']) get(key(id), 0);
    get(key('a'), 0);
    expect(expanded.get('a@1')).toBe(2);
  });

  it('gives an edited series its new occurrences in the feed for a window already expanded, and shares them frozen', () => {
    const window = { fromMs: Date.parse('2026-01-05T00:00:00Z'), toMs: Date.parse('2026-01-19T00:00:00Z'), fromDayMs: Date.parse('2026-01-05'), toDayMs: Date.parse('2026-01-19') };
    const author = { id: 'u1', name: 'Ann' };
    const series: CalendarEvent = {
      id: 'edited',
      title: 'Stand-up',
      start: '2026-01-05T09:00:00.000Z',
      end: '2026-01-05T10:00:00.000Z',
      allDay: false,
      rrule: 'FREQ=DAILY',
      extendedProps: { calendarId: 'c1', description: '', location: '', timeZone: 'Europe/London', categoryId: '', video: '', onlineMeetingUrl: '', createdBy: author, updatedBy: author, createdAt: '', updatedAt: '', version: 1 },
    };
    const version = (n: number, change: Partial<CalendarEvent>): CalendarEvent => ({ ...series, ...change, extendedProps: { ...series.extendedProps, version: n } });
    const first = expandForFeed('t1', series, window);
    expect(first).toHaveLength(14);
    expect(expandForFeed('t1', version(2, { rrule: 'FREQ=WEEKLY' }), window)).toHaveLength(2);
    expect(expandForFeed('t1', version(3, { exdate: ['2026-01-06T09:00:00.000Z'] }), window)).toHaveLength(13);
    expect(expandForFeed('t1', version(4, { title: 'Daily' }), window)[0]?.title).toBe('Daily');
    expect(expandForFeed('t1', series, window)[0]).toBe(first[0]);
    // Another tenant's series of the same id and version is its own.
    expect(expandForFeed('t2', { ...series, title: 'Theirs' }, window)[0]?.title).toBe('Theirs');
    expect(() => Object.assign(first[0]!, { title: 'Changed' })).toThrow(TypeError);
    expect(() => Object.assign(first[0]!.extendedProps, { location: 'Elsewhere' })).toThrow(TypeError);
  });
});
