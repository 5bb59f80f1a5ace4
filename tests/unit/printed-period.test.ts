import { describe, expect, it } from 'vitest';
import { eventsSideBySide, EVENT_MIN_WIDTH_PX } from '../../src/web/features/calendar/lib/events-side-by-side.ts';
import { printedHours, printedMonthWeeks, type PrintedEvent } from '../../src/web/features/calendar/lib/printed-period.ts';

const event = (id: string, startStr: string, endStr: string, allDay = false): PrintedEvent => ({ id, title: id, time: allDay ? '' : startStr.slice(11, 16), startStr, endStr, allDay, color: '' });

describe('the printed month', () => {
  // November 2026's grid: Sunday 1 November to Saturday 5 December, five weeks.
  const weeks = (events: PrintedEvent[]) => printedMonthWeeks('2026-11-01', 35, '2026-11', events);

  it('has a row a week, the days outside the month marked', () => {
    const grid = weeks([]);
    expect(grid).toHaveLength(5);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid[0]![0]).toEqual({ day: '2026-11-01', outside: false, events: [] });
    expect(grid[4]![6]).toEqual({ day: '2026-12-05', outside: true, events: [] });
  });

  it('lists a multi-day event on each of its days in the grid, all-day events first, then by start', () => {
    const offsite = event('offsite', '2026-10-30', '2026-11-03', true);
    const late = event('late', '2026-11-02T16:00:00Z', '2026-11-02T17:00:00Z');
    const early = event('early', '2026-11-02T09:00:00Z', '2026-11-02T10:00:00Z');
    const grid = weeks([late, early, offsite]);
    expect(grid[0]![0]!.events.map(({ id }) => id)).toEqual(['offsite']);
    expect(grid[0]![1]!.events.map(({ id }) => id)).toEqual(['offsite', 'early', 'late']);
    expect(grid[0]![2]!.events).toEqual([]);
  });

  it('keeps an event running past the grid to its days in it', () => {
    const grid = weeks([event('holiday', '2026-12-04', '2026-12-10', true)]);
    expect(grid[4]!.map(({ events }) => events.length)).toEqual([0, 0, 0, 0, 0, 1, 1]);
  });
});

describe('the hours a week prints', () => {
  const working = { startHour: 8, endHour: 18 };

  it('are the working day when every event lies in it, all-day events aside', () => {
    expect(printedHours(working, [event('a', '2026-11-02T09:00:00Z', '2026-11-02T17:30:00Z'), event('b', '2026-11-02', '2026-11-03', true)])).toEqual(working);
  });

  it('widen to the whole hours of an event before or after it', () => {
    expect(printedHours(working, [event('a', '2026-11-02T07:30:00Z', '2026-11-02T08:30:00Z'), event('b', '2026-11-03T18:00:00Z', '2026-11-03T19:15:00Z')])).toEqual({
      startHour: 7,
      endHour: 20,
    });
  });

  it('run to midnight for an event that ends there, and take the whole day for one across midnight', () => {
    expect(printedHours(working, [event('a', '2026-11-02T22:00:00Z', '2026-11-03T00:00:00Z')])).toEqual({ startHour: 8, endHour: 24 });
    expect(printedHours(working, [event('a', '2026-11-02T22:00:00Z', '2026-11-03T01:00:00Z')])).toEqual({ startHour: 0, endHour: 24 });
  });
});

describe('overlapping events side by side', () => {
  it('as many as keep the least width, at least one', () => {
    expect(eventsSideBySide(EVENT_MIN_WIDTH_PX * 3 + 5)).toBe(3);
    expect(eventsSideBySide(EVENT_MIN_WIDTH_PX * 3 - 1)).toBe(2);
    expect(eventsSideBySide(10)).toBe(1);
  });
});
