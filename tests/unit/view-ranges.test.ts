import { describe, expect, it } from 'vitest';
import { MONTH_GRID_VIEW, monthGrid, neighbourRanges, type TimeRange } from '../../src/web/lib/view-ranges.ts';

const NEW_YORK = 'America/New_York';

/** A range from two local readings with their offsets, as FullCalendar's startStr and endStr give them. */
const range = (from: string, to: string): TimeRange => ({ fromMs: Date.parse(from), toMs: Date.parse(to) });

describe('the ranges the views ask for', () => {
  it('a month grid is six weeks from the first day of the week the month starts in, across a clock change', () => {
    // 1 November 2026 is a Sunday, and the day New York leaves summer time.
    expect(monthGrid(2026, 10, 0, NEW_YORK)).toEqual(range('2026-11-01T00:00:00-04:00', '2026-12-13T00:00:00-05:00'));
    expect(monthGrid(2026, 10, 1, NEW_YORK)).toEqual(range('2026-10-26T00:00:00-04:00', '2026-12-07T00:00:00-05:00'));
  });

  it('a month grid’s neighbours are the grids of the months either side, with the same first day of the week', () => {
    const november = monthGrid(2026, 10, 1, NEW_YORK);
    expect(neighbourRanges(MONTH_GRID_VIEW, november, NEW_YORK)).toEqual([
      range('2026-09-28T00:00:00-04:00', '2026-11-09T00:00:00-05:00'),
      range('2026-11-30T00:00:00-05:00', '2027-01-11T00:00:00-05:00'),
    ]);
  });

  it('January’s neighbours are in the years either side', () => {
    const january = monthGrid(2027, 0, 0, 'Asia/Tokyo');
    const [december, february] = neighbourRanges(MONTH_GRID_VIEW, january, 'Asia/Tokyo');
    expect(december).toEqual(monthGrid(2026, 11, 0, 'Asia/Tokyo'));
    expect(february).toEqual(monthGrid(2027, 1, 0, 'Asia/Tokyo'));
  });

  it('any other view’s neighbours are as many whole days either side, a day across a clock change being 25 hours', () => {
    const week = range('2026-10-31T00:00:00-04:00', '2026-11-07T00:00:00-05:00');
    expect(neighbourRanges('timeGridWeek', week, NEW_YORK)).toEqual([
      range('2026-10-24T00:00:00-04:00', '2026-10-31T00:00:00-04:00'),
      range('2026-11-07T00:00:00-05:00', '2026-11-14T00:00:00-05:00'),
    ]);
    const day = range('2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00');
    expect(neighbourRanges('timeGridDay', day, NEW_YORK)).toEqual([
      range('2026-10-31T00:00:00-04:00', '2026-11-01T00:00:00-04:00'),
      range('2026-11-02T00:00:00-05:00', '2026-11-03T00:00:00-05:00'),
    ]);
    const threeDays = range('2026-11-25T00:00:00-05:00', '2026-11-28T00:00:00-05:00');
    expect(neighbourRanges('timeGridPhone', threeDays, NEW_YORK)).toEqual([
      range('2026-11-22T00:00:00-05:00', '2026-11-25T00:00:00-05:00'),
      range('2026-11-28T00:00:00-05:00', '2026-12-01T00:00:00-05:00'),
    ]);
  });
});
