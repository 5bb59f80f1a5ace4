import { EVENT_MIN_WIDTH_PX, MORE_LINK_STRIP_PX } from './time-grid-widths.ts';

/** What of an event tells where it sits in a time grid. */
export interface GridSpan {
  start: Date | null;
  end: Date | null;
  allDay: boolean;
}

/**
 * How long an event at least stands in the grid when counting overlaps: a short one is drawn a slot high, so it
 * meets the one just after it (the count may be one high, never low).
 */
const DRAWN_MIN_MS = 30 * 60_000;

/** The most timed events shown at one time in this range: a sweep over their starts and ends. */
export function mostAtOnce(events: readonly GridSpan[], from: Date, to: Date): number {
  const edges: [number, number][] = [];
  for (const { start, end, allDay } of events) {
    if (allDay || !start) continue;
    const begins = Math.max(start.getTime(), from.getTime());
    const ends = Math.min(Math.max(end?.getTime() ?? 0, start.getTime() + DRAWN_MIN_MS), to.getTime());
    if (begins < ends) edges.push([begins, 1], [ends, -1]);
  }
  // At the same instant an end comes before a start: back-to-back events do not overlap.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, change] of edges) most = Math.max(most, (now += change));
  return most;
}

/**
 * How many overlapping events a day of this width shows side by side: as many as keep EVENT_MIN_WIDTH_PX, at least
 * one. When more than that overlap somewhere in the view, a day showing "+N" keeps a strip for it, so one fewer may fit.
 */
export function eventsSideBySide(dayWidth: number, mostOverlapping: number): number {
  const all = Math.max(1, Math.floor(dayWidth / EVENT_MIN_WIDTH_PX));
  return mostOverlapping <= all ? all : Math.max(1, Math.floor((dayWidth - MORE_LINK_STRIP_PX) / EVENT_MIN_WIDTH_PX));
}
