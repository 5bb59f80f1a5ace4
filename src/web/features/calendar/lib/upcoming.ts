/** Days the Upcoming view lists from today, and adds each time the user scrolls to its end. */
export const UPCOMING_DAYS = 30;

/** How near its end (in pixels) a scrolled list counts as at its end: the next days load before the user gets there. */
export const UPCOMING_END_MARGIN_PX = 200;

/** The Upcoming view lengthens by itself while its list is too short to scroll, up to this many days. */
export const UPCOMING_FILL_MAX_DAYS = 90;

/**
 * Whether a list of some days should lengthen by itself: it ends on screen, so no scroll can reach its end and ask
 * for more, and it lists fewer than UPCOMING_FILL_MAX_DAYS.
 */
export function lengthensItself(shownDays: number, { clientHeight, scrollHeight }: Pick<Element, 'clientHeight' | 'scrollHeight'>): boolean {
  return shownDays < UPCOMING_FILL_MAX_DAYS && scrollHeight <= clientHeight + 1;
}

/** Whether a scroller is scrolled (within the margin) to its end. */
export function atEnd({ scrollTop, clientHeight, scrollHeight }: Pick<Element, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean {
  return scrollTop + clientHeight >= scrollHeight - UPCOMING_END_MARGIN_PX;
}

/** Today's date (YYYY-MM-DD) in a time zone: where the Upcoming view starts unless moved. */
export function todayIn(timeZone: string, now = new Date()): string {
  // Canadian English writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
