import type { CalendarRef, DatesSetInfo } from '@fullcalendar/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { LIST_DAY_CLASS } from '../components/use-calendar-theme-styles.ts';
import { atEnd, lengthensItself, UPCOMING_DAYS } from '../lib/upcoming.ts';
import { UPCOMING_VIEW } from '../lib/view-location.ts';
import { DAY_MS } from '../../../../shared/limits.ts';

/** How long after the list last changed it is measured: FullCalendar draws a list in more than one pass. */
const FILL_CHECK_DELAY_MS = 100;

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
 * move to other days (Previous, Next, Today) starts again from UPCOMING_DAYS. A new length is a new range, which the
 * calendar's datesSet tells its events' source.
 */
export function useUpcomingDays(): UpcomingDays {
  const [days, setDays] = useState(UPCOMING_DAYS);
  // Asked for and not yet shown: one scroll to the end asks once.
  const extending = useRef(false);
  const shownStart = useRef<number | null>(null);
  const extend = useCallback(() => {
    if (extending.current) return;
    extending.current = true;
    setDays((current) => current + UPCOMING_DAYS);
  }, []);
  const onDatesSet = useCallback((info: DatesSetInfo) => {
    extending.current = false;
    if (info.view.type !== UPCOMING_VIEW) return;
    const start = info.view.currentStart.getTime();
    if (shownStart.current !== null && shownStart.current !== start) setDays(UPCOMING_DAYS);
    shownStart.current = start;
  }, []);
  return { days, extend, onDatesSet };
}

/** The element a list scrolls in: its nearest ancestor that may scroll. */
function scrollerOf(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

/**
 * Calls `extend` when the Upcoming view's list, somewhere within `root`, is scrolled to its end; and, while the list
 * is too short to scroll (a quiet month, a tall screen), after it renders, so that it fills the view by itself. The
 * renders are watched only while the Upcoming view shows (the returned function is to be told each time the view
 * sets its dates): a month's thousands of events are none of its business.
 */
export function useEndlessUpcoming(
  root: RefObject<HTMLElement | null>,
  calendarRef: RefObject<CalendarRef | null>,
  extend: () => void,
): (info: DatesSetInfo) => void {
  const watch = useRef<((on: boolean) => void) | null>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const upcomingView = () => {
      const view = calendarRef.current?.getApi().view;
      return view?.type === UPCOMING_VIEW ? view : null;
    };
    // Scroll events do not bubble: the list's scroller is found by listening in the capture phase.
    const onScroll = (event: Event) => {
      if (upcomingView() && event.target instanceof Element && atEnd(event.target)) extend();
    };
    // An empty list says what to do instead (and offers to look further ahead): only a list of some days lengthens.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fill = () => {
      timer = undefined;
      const view = upcomingView();
      const lastDay = [...element.querySelectorAll(`.${LIST_DAY_CLASS}`)].at(-1);
      const scroller = lastDay && scrollerOf(lastDay);
      if (!view || !scroller) return;
      if (lengthensItself(Math.round((view.currentEnd.getTime() - view.currentStart.getTime()) / DAY_MS), scroller)) extend();
    };
    const observer = new MutationObserver(() => {
      timer ??= setTimeout(fill, FILL_CHECK_DELAY_MS);
    });
    watch.current = (on) => {
      if (on) {
        observer.observe(element, { childList: true, subtree: true });
        return;
      }
      observer.disconnect();
      clearTimeout(timer);
      timer = undefined;
    };
    watch.current(upcomingView() !== null);
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      watch.current?.(false);
      watch.current = null;
      element.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [root, calendarRef, extend]);
  return useCallback((info: DatesSetInfo) => watch.current?.(info.view.type === UPCOMING_VIEW), []);
}
