import type { CalendarRef } from '@fullcalendar/react';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { DAY_LANE_CLASS } from '../components/use-calendar-theme-styles.ts';
import { eventsSideBySide, mostAtOnce } from '../lib/events-side-by-side.ts';

/**
 * FullCalendar's eventMaxStack for the time grid shown: worked out from its day's width and its events' overlaps when
 * the view, its dates or its events change and when the calendar is resized; null (no limit) until a time grid has
 * been shown. It changes only when the number does, so a resize redraws the events only when one more or one fewer fits.
 */
export function useEventMaxStack(boxRef: RefObject<HTMLElement | null>, calendarRef: RefObject<CalendarRef | null>) {
  const [eventMaxStack, setEventMaxStack] = useState<number | undefined>(undefined);
  const measure = useCallback(() => {
    const day = boxRef.current?.querySelector(`.${DAY_LANE_CLASS}`);
    const api = calendarRef.current?.getApi();
    if (!day || !api) return;
    const { activeStart, activeEnd } = api.view;
    setEventMaxStack(eventsSideBySide(day.getBoundingClientRect().width, mostAtOnce(api.getEvents(), activeStart, activeEnd)));
  }, [boxRef, calendarRef]);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef, measure]);
  // The view's days are laid out by the time its dates are told (datesSet comes after its render).
  return { options: { eventMaxStack, eventsSet: measure }, onDatesSet: measure };
}
