import { describe, expect, it } from 'vitest';
import { clearOccurrenceCache, clearWeekCache, expandForFeed, FEED_WEEK_OCCURRENCES_MAX, weekOccurrencesKept } from '../../src/api/events/expand-feed.ts';
import type { EventWindow } from '../../src/api/stores/repository.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { dateToDayMs } from '../../src/shared/time.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const author = { id: 'u1', name: 'Ann' };
let nextId = 0;

/** A daily 09:00 London stand-up with a skipped day, one moved into the next week, one moved before the series' week, one made all-day. */
function standUp(): CalendarEvent {
  return {
    id: `s${++nextId}`,
    title: 'Stand-up',
    start: '2026-01-05T09:00:00.000Z',
    end: '2026-01-05T10:00:00.000Z',
    allDay: false,
    rrule: 'FREQ=DAILY;UNTIL=20260601T000000Z',
    exdate: ['2026-01-14T09:00:00.000Z'],
    extendedProps: {
      calendarId: 'c1',
      description: '',
      location: '',
      timeZone: 'Europe/London',
      categoryId: '',
      video: '',
      onlineMeetingUrl: '',
      createdBy: author,
      updatedBy: author,
      createdAt: '',
      updatedAt: '',
      version: 1,
      overrides: {
        '2026-01-07T09:00:00.000Z': { start: '2026-01-16T15:00:00.000Z', end: '2026-01-16T16:00:00.000Z' },
        '2026-02-02T09:00:00.000Z': { start: '2026-01-20T08:00:00.000Z', end: '2026-01-20T09:00:00.000Z' },
        '2026-03-03T09:00:00.000Z': { allDay: true, start: '2026-03-03', end: '2026-03-04' },
      },
    },
  };
}

/** A viewer's window: `days` local days from `date`, in a zone `offsetHours` east of UTC. */
function zoneWindow(date: string, days: number, offsetHours: number): EventWindow {
  const fromDayMs = dateToDayMs(date);
  const toDayMs = fromDayMs + days * DAY;
  return { fromMs: fromDayMs - offsetHours * HOUR, toMs: toDayMs - offsetHours * HOUR, fromDayMs, toDayMs };
}

/** What a window shows of a series, whatever its id. */
const shown = (events: CalendarEvent[]) => events.map(({ start, end, allDay, extendedProps }) => `${extendedProps.recurrenceId} ${start} ${end} ${allDay}`);

describe('the feed from kept weeks of occurrences', () => {
  it('shows every window what a fresh expansion shows, each occurrence once, whatever weeks earlier windows kept', () => {
    clearOccurrenceCache();
    clearWeekCache();
    const series = standUp();
    let seed = 11;
    const next = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    for (let round = 0; round < 80; round++) {
      const date = new Date(Date.UTC(2025, 11, 20) + next(120) * DAY).toISOString().slice(0, 10);
      const window = zoneWindow(date, 1 + next(45), next(27) - 12);
      const got = shown(expandForFeed('t1', series, window));
      expect(got).toEqual(shown(expandForFeed('t1', { ...series, id: `fresh${++nextId}` }, window)));
      expect(new Set(got.map((line) => line.split(' ')[0])).size).toBe(got.length);
    }
  });

  it('shows a moved occurrence in the week it moved to, not its own, and an all-day one by its date', () => {
    clearOccurrenceCache();
    const series = standUp();
    const recurrenceIds = (window: EventWindow) => expandForFeed('t1', series, window).map((event) => event.extendedProps.recurrenceId);
    expandForFeed('t1', series, zoneWindow('2026-01-05', 42, 0)); // keeps the weeks
    clearOccurrenceCache();
    expect(recurrenceIds(zoneWindow('2026-01-05', 7, 0))).not.toContain('2026-01-07T09:00:00.000Z');
    expect(recurrenceIds(zoneWindow('2026-01-16', 1, 0))).toEqual(['2026-01-16T09:00:00.000Z', '2026-01-07T09:00:00.000Z']);
    expect(recurrenceIds(zoneWindow('2026-01-20', 1, 0))).toEqual(['2026-01-20T09:00:00.000Z', '2026-02-02T09:00:00.000Z']);
    expect(recurrenceIds(zoneWindow('2026-02-02', 1, 0))).toEqual([]);
    // The all-day 3 March shows on that date even to a viewer 12 hours ahead, whose day starts at 12:00 UTC on the 2nd.
    expect(recurrenceIds(zoneWindow('2026-03-03', 1, 12))).toEqual(['2026-03-03T09:00:00.000Z']);
  });

  it(`keeps at most ${FEED_WEEK_OCCURRENCES_MAX} occurrences in its weeks, and builds a dropped week again alike`, () => {
    clearOccurrenceCache();
    clearWeekCache();
    const window = zoneWindow('2026-01-05', 145, 0);
    const first = standUp();
    const expected = shown(expandForFeed('t1', first, window));
    for (let i = 0; i <= FEED_WEEK_OCCURRENCES_MAX / 140; i++) expandForFeed('t1', standUp(), window);
    expect(weekOccurrencesKept()).toBeLessThanOrEqual(FEED_WEEK_OCCURRENCES_MAX);
    clearOccurrenceCache();
    expect(shown(expandForFeed('t1', first, window))).toEqual(expected);
  });
});
