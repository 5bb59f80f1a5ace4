import { instantOfWallClock, wallClockAt } from '../../../lib/zoned-time.ts';

/**
 * Where a search starts: the start of today in the zone shown (an event earlier today, or still going on, counts), or
 * null for all dates, past events included.
 */
export function searchFrom(past: boolean, timeZone: string, now: Date): string | null {
  if (past) return null;
  return instantOfWallClock({ date: wallClockAt(now, timeZone).date, time: '00:00' }, timeZone).toISOString();
}
