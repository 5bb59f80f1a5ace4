import { describe, expect, it } from 'vitest';
import { addDays, addMonths, eventDays } from '../../src/web/features/calendar/lib/grid-dates.ts';

describe('the month grid’s days', () => {
  it('the arrows count days across months and years', () => {
    expect(addDays('2026-11-26', 7)).toBe('2026-12-03');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('Page Up and Page Down keep the day of the month, or take the month’s last', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -1)).toBe('2026-02-15');
    expect(addMonths('2026-12-10', 1)).toBe('2027-01-10');
  });

  it('an event’s days leave out its exclusive end: an all-day end, or a timed one at midnight', () => {
    expect(eventDays('2026-11-16', '2026-11-17', true)).toEqual({ first: '2026-11-16', last: '2026-11-16' });
    expect(eventDays('2026-11-16T22:00:00+01:00', '2026-11-17T00:00:00+01:00', false)).toEqual({ first: '2026-11-16', last: '2026-11-16' });
    expect(eventDays('2026-11-16T22:00:00+01:00', '2026-11-17T01:00:00+01:00', false)).toEqual({ first: '2026-11-16', last: '2026-11-17' });
    expect(eventDays('2026-11-16T09:00:00Z', '', false)).toEqual({ first: '2026-11-16', last: '2026-11-16' });
  });
});
