import { addDays } from '../../../../shared/time.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';
import type { ActivityFilter } from '../requests/get-history.ts';

/** The activity list's filter as typed: a person's id and days (YYYY-MM-DD), each '' for none. */
export interface ActivityChoice {
  by: string;
  from: string;
  to: string;
}

/**
 * The filter the API takes: the days as instants in the viewer's zone, from the first day's start to the last day's
 * end ([from, to)). A range that ends before it starts drops its end, and says so (`backwards`) for the form to show.
 */
export function activityFilter({ by, from, to }: ActivityChoice, timeZone: string): ActivityFilter & { backwards: boolean } {
  const midnight = (date: string) => instantOfWallClock({ date, time: '00:00' }, timeZone).toISOString();
  const backwards = from !== '' && to !== '' && to < from;
  return { by: by || null, from: from ? midnight(from) : null, to: to && !backwards ? midnight(addDays(to, 1)) : null, backwards };
}
