/**
 * The least width of an event in a week or day view where events overlap, side by side: enough for a word of a title a
 * line. Past as many as keep it, a day shows "+N" for the rest (FullCalendar's eventMaxStack), as Outlook does.
 */
export const EVENT_MIN_WIDTH_PX = 40;

/** How many overlapping events a day of this width shows side by side: as many as keep EVENT_MIN_WIDTH_PX, at least one. */
export function eventsSideBySide(dayWidth: number): number {
  return Math.max(1, Math.floor(dayWidth / EVENT_MIN_WIDTH_PX));
}
