import type { SearchHit } from '../../../../shared/search-schema.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';

/** A month's results, in the order the API gave them. */
export interface MonthGroup {
  /** YYYY-MM */
  month: string;
  hits: SearchHit[];
}

/** The day a hit starts on, YYYY-MM-DD: an all-day event's own (floating) date, a timed one's in the zone shown. */
export function hitStartDate(hit: Pick<SearchHit, 'start' | 'allDay'>, timeZone: string): string {
  return hit.allDay ? hit.start.slice(0, 'YYYY-MM-DD'.length) : wallClockAt(new Date(hit.start), timeZone).date;
}

/**
 * The hits by the month they start in, in the zone shown, months in order. By key rather than by runs: the API sorts
 * by instant, so an all-day event (UTC midnight) may sort among another zone's evening of the month before.
 */
export function groupByMonth(hits: readonly SearchHit[], timeZone: string): MonthGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const month = hitStartDate(hit, timeZone).slice(0, 'YYYY-MM'.length);
    const group = groups.get(month);
    if (group) group.push(hit);
    else groups.set(month, [hit]);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, monthHits]) => ({ month, hits: monthHits }));
}
