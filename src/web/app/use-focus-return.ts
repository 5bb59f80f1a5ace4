import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { CalendarViewHandle } from '../features/calendar/hooks/use-calendar-handle.ts';
import type { FocusReturnTarget } from '../features/calendar/hooks/use-grid-keyboard.ts';
import { openerOf } from '../lib/focus-control.ts';

export interface FocusReturn {
  /** A dialog opens: what has focus is remembered (or the event it shows). Kept while a dialog leads to another. */
  opened(eventId?: string): void;
  /** The dialog saved this event: focus goes to it once the calendar shows it. */
  saved(eventId: string): void;
  /** The dialog closed: focus goes back once it has left the page. */
  closed(): void;
}

/**
 * Focus back where the user was once a dialog closes (Esc, Cancel, Save, Delete): on the event, the button (a menu's
 * item gives its menu's button), or, when that is gone, the calendar's current day. An explicit opener rather than
 * Fluent's restore-focus target: FullCalendar replaces an event's element when it refetches, a new event's element
 * does not exist when its form opens, and the fallback should be the calendar's day, not an older target.
 */
export function useFocusReturn(calendarView: RefObject<CalendarViewHandle | null>): FocusReturn {
  const target = useRef<FocusReturnTarget | null>(null);
  // Set when a dialog closes: focus moves in an effect, once the dialog (and its focus trap) has left the page.
  const [returning, setReturning] = useState<FocusReturnTarget | null>(null);
  useEffect(() => {
    if (!returning) return;
    if (calendarView.current) calendarView.current.restoreFocus(returning);
    else returning.opener?.focus();
  }, [returning, calendarView]);

  const opened = useCallback((eventId?: string) => {
    target.current ??= { opener: openerOf(document.activeElement), eventId: eventId ?? null };
  }, []);
  const saved = useCallback((eventId: string) => {
    target.current = { ...target.current, eventId };
  }, []);
  const closed = useCallback(() => {
    setReturning(target.current ?? {});
    target.current = null;
  }, []);
  return useMemo(() => ({ opened, saved, closed }), [opened, saved, closed]);
}
