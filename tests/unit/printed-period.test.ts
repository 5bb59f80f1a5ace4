import { describe, expect, it } from 'vitest';
import { eventsSideBySide, mostAtOnce } from '../../src/web/features/calendar/lib/events-side-by-side.ts';
import { EVENT_MIN_WIDTH_PX, MORE_LINK_STRIP_PX } from '../../src/web/features/calendar/lib/time-grid-widths.ts';
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
  const at = (hours: number) => new Date(Date.UTC(2026, 11, 7, 0, hours * 60));
  const span = (from: number, to: number, allDay = false) => ({ start: at(from), end: at(to), allDay });
  const day = [at(0), at(24)] as const;

  it('as many as keep the least width, at least one', () => {
    expect(eventsSideBySide(EVENT_MIN_WIDTH_PX * 3 + 5, 3)).toBe(3);
    expect(eventsSideBySide(EVENT_MIN_WIDTH_PX * 3 - 1, 2)).toBe(2);
    expect(eventsSideBySide(10, 1)).toBe(1);
  });

  it('with more overlapping than fit, they leave the strip for "+N"', () => {
    expect(eventsSideBySide(EVENT_MIN_WIDTH_PX * 3 + 5, 4)).toBe(2);
    expect(eventsSideBySide(EVENT_MIN_WIDTH_PX * 3 + MORE_LINK_STRIP_PX, 4)).toBe(3);
    expect(eventsSideBySide(10, 5)).toBe(1);
  });

  it('count the most timed events at one time: back to back is not overlapping, a short one stands a slot high', () => {
    expect(mostAtOnce([span(19, 21), span(19.5, 21.5), span(20, 22)], ...day)).toBe(3);
    expect(mostAtOnce([span(9, 10), span(10, 11), span(11, 12)], ...day)).toBe(1);
    expect(mostAtOnce([span(9, 9.05), span(9.25, 9.5)], ...day)).toBe(2);
    expect(mostAtOnce([span(0, 24, true), span(9, 10), span(9, 10, true)], ...day)).toBe(1);
    // Outside the range shown, nothing counts.
    expect(mostAtOnce([span(9, 10), { ...span(9, 10), start: at(30), end: at(31) }], ...day)).toBe(1);
    expect(mostAtOnce([], ...day)).toBe(0);
  });
});
