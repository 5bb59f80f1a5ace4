import type { CalendarRef, DatesSetInfo } from '@fullcalendar/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { atEnd, UPCOMING_DAYS } from '../lib/upcoming.ts';
import { UPCOMING_VIEW } from '../lib/view-location.ts';

interface UpcomingDays {
  /** How many days the Upcoming view lists now. */
  days: number;
  /** Lists the next UPCOMING_DAYS too. */
  extend(): void;
  /** To be told each time the view sets its dates. */
  onDatesSet(info: DatesSetInfo): void;
}

/**
 * The Upcoming view's length: UPCOMING_DAYS, and UPCOMING_DAYS more each time its list is scrolled to its end. A
 * move to other days (Previous, Next, Today) starts again from UPCOMING_DAYS.
 */
export function useUpcomingDays(calendarRef: RefObject<CalendarRef | null>): UpcomingDays {
  const [days, setDays] = useState(UPCOMING_DAYS);
  // Asked for and not yet shown: one scroll to the end asks once.
  const extending = useRef(false);
  const shownStart = useRef<number | null>(null);
  const extend = useCallback(() => {
    if (extending.current) return;
    extending.current = true;
    setDays((current) => current + UPCOMING_DAYS);
  }, []);
  useEffect(() => {
    if (days === UPCOMING_DAYS) return;
    // A view's new length comes as an option, which FullCalendar does not fetch for: the added days are fetched here.
    calendarRef.current?.getApi().refetchEvents();
  }, [days, calendarRef]);
  const onDatesSet = useCallback((info: DatesSetInfo) => {
    extending.current = false;
    if (info.view.type !== UPCOMING_VIEW) return;
    const start = info.view.currentStart.getTime();
    if (shownStart.current !== null && shownStart.current !== start) setDays(UPCOMING_DAYS);
    shownStart.current = start;
  }, []);
  return { days, extend, onDatesSet };
}

/** Calls `extend` when the Upcoming view's list, somewhere within `root`, is scrolled to its end. */
export function useEndlessUpcoming(root: RefObject<HTMLElement | null>, calendarRef: RefObject<CalendarRef | null>, extend: () => void): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // Scroll events do not bubble: the list's scroller is found by listening in the capture phase.
    const onScroll = (event: Event) => {
      if (calendarRef.current?.getApi().view.type !== UPCOMING_VIEW) return;
      if (event.target instanceof Element && atEnd(event.target)) extend();
    };
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => element.removeEventListener('scroll', onScroll, { capture: true });
  }, [root, calendarRef, extend]);
}
