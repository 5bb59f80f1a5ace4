/** Days the Upcoming view lists from today, and adds each time the user scrolls to its end. */
export const UPCOMING_DAYS = 30;

/** How near its end (in pixels) a scrolled list counts as at its end: the next days load before the user gets there. */
export const UPCOMING_END_MARGIN_PX = 200;

/** Whether a scroller is scrolled (within the margin) to its end. */
export function atEnd({ scrollTop, clientHeight, scrollHeight }: Pick<Element, 'scrollTop' | 'clientHeight' | 'scrollHeight'>): boolean {
  return scrollTop + clientHeight >= scrollHeight - UPCOMING_END_MARGIN_PX;
}

/** Today's date (YYYY-MM-DD) in a time zone: where the Upcoming view starts unless moved. */
export function todayIn(timeZone: string, now = new Date()): string {
  // Canadian English writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
