import type { CalendarRef } from '@fullcalendar/react';
import { useCallback, useEffect, useImperativeHandle, type Ref, type RefObject } from 'react';
import type { FocusReturnTarget } from './use-grid-keyboard.ts';
import { registerNavigator } from '../lib/shown-period.ts';
import { calendarViewFor, type UrlView } from '../lib/view-location.ts';

export interface CalendarViewHandle {
  refetchEvents(): void;
  today(): void;
  next(): void;
  previous(): void;
  showView(view: UrlView): void;
  /** Focuses the event a dialog showed or saved, else what opened it, else the calendar's current day. */
  restoreFocus(target: FocusReturnTarget): void;
  /** Asks to create an event on the day focus is on; false when focus is on none. */
  createAtFocus(): boolean;
}

interface HandleParts extends Pick<CalendarViewHandle, 'restoreFocus' | 'createAtFocus'> {
  refetchEvents(): void;
  phone: boolean;
  /** A date (ISO date or date-time) whose period to show; the calendar goes there when it changes. */
  focusDate: string | null;
}

/**
 * How the calendar is moved from outside: the shell's handle (its keys and dialogs), the date navigator, a linked
 * event's date. Returns the views the day and week numbers go to.
 */
export function useCalendarHandle(ref: Ref<CalendarViewHandle> | undefined, calendarRef: RefObject<CalendarRef | null>, parts: HandleParts) {
  const { refetchEvents, phone, focusDate, restoreFocus, createAtFocus } = parts;
  // A view by its address's name, in the layout's own version of it (the phone's week is 3 days), at a date if given.
  const showView = useCallback(
    (view: UrlView, date?: Date) => calendarRef.current?.getApi().changeView(calendarViewFor(view, phone), date),
    [calendarRef, phone],
  );
  useImperativeHandle(
    ref,
    () => ({
      refetchEvents,
      today: () => calendarRef.current?.getApi().today(),
      next: () => calendarRef.current?.getApi().next(),
      previous: () => calendarRef.current?.getApi().prev(),
      showView: (view: UrlView) => showView(view),
      restoreFocus,
      createAtFocus,
    }),
    [calendarRef, refetchEvents, showView, restoreFocus, createAtFocus],
  );
  useEffect(() => {
    if (focusDate) calendarRef.current?.getApi().gotoDate(focusDate);
  }, [calendarRef, focusDate]);
  useEffect(() => registerNavigator((date) => calendarRef.current?.getApi().gotoDate(date)), [calendarRef]);
  // A day's number goes to that day, a week's to that week.
  return {
    goToDay: useCallback((date: Date) => showView('day', date), [showView]),
    goToWeek: useCallback((date: Date) => showView('week', date), [showView]),
  };
}
