import type { CalendarApi, CalendarRef, DatesSetInfo } from '@fullcalendar/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { readStored, writeStored } from '../../../lib/use-local-storage-state.ts';
import { todayIn } from '../lib/upcoming.ts';
import { calendarViewFor, readViewLocation, urlViewOf, URL_VIEWS, withViewLocation, type UrlView, type ViewLocation } from '../lib/view-location.ts';

/** The view last shown on this device, for a visit whose address names none. */
const LAST_VIEW_KEY = 'company-calendar:last-view';

function rememberedView(): UrlView | null {
  const view = readStored(LAST_VIEW_KEY);
  return URL_VIEWS.find((candidate) => candidate === view) ?? null;
}

/** Views whose period is a calendar month or week, the same whichever of its days the calendar stands on. */
const ALIGNED_VIEWS: ReadonlySet<string> = new Set([calendarViewFor('month', false), calendarViewFor('week', false)]);

/**
 * An address names a period by its first day (a month by the 1st). When that period holds today, the calendar stands
 * on today, as from a bare address: Week or Day from there shows today's, not the 1st's.
 */
function standOnTodayIfShown(calendar: CalendarApi, today: string): void {
  if (!ALIGNED_VIEWS.has(calendar.view.type) || calendar.formatIso(calendar.getDate(), true) === today) return;
  const start = calendar.formatIso(calendar.view.currentStart, true);
  const end = calendar.formatIso(calendar.view.currentEnd, true);
  if (start <= today && today < end) calendar.gotoDate(today);
}

interface ViewLocationOptions {
  /**
   * Which view and date to start on, as FullCalendar options: what the address names, else the view last shown here;
   * neither is set where the layout's view and today are meant.
   */
  options: { initialView?: string; initialDate?: string };
  /** To be told each time the view sets its dates. */
  onDatesSet(info: DatesSetInfo): void;
}

/**
 * Keeps the view and date in the page's address: each move is a history entry, so Back and Forward retrace them,
 * and a reload or a shared link opens the same view and date. A visit to the bare address starts on today, and the
 * address then names it.
 */
export function useViewLocation(calendarRef: RefObject<CalendarRef | null>, phone: boolean, layoutView: string): ViewLocationOptions {
  const { timeZone } = useRegionalSettings();
  const [initial] = useState((): ViewLocation => {
    const asked = readViewLocation(window.location.search);
    return { view: asked.view ?? rememberedView(), date: asked.date };
  });
  useEffect(() => {
    const retrace = () => {
      const api = calendarRef.current?.getApi();
      if (!api) return;
      const { view, date } = readViewLocation(window.location.search);
      // The bare address is where the visit started: its first view, on today.
      const startView = initial.view ? calendarViewFor(initial.view, phone) : layoutView;
      api.changeView(view ? calendarViewFor(view, phone) : startView, date ?? new Date());
      standOnTodayIfShown(api, todayIn(timeZone));
    };
    window.addEventListener('popstate', retrace);
    return () => window.removeEventListener('popstate', retrace);
  }, [calendarRef, phone, initial.view, layoutView, timeZone]);
  const shownBefore = useRef(false);
  const onDatesSet = useCallback((info: DatesSetInfo) => {
    const first = !shownBefore.current;
    shownBefore.current = true;
    const view = urlViewOf(info.view.type);
    if (!view) return;
    if (readStored(LAST_VIEW_KEY) !== view) writeStored(LAST_VIEW_KEY, view);
    const { calendar, currentStart } = info.view;
    if (first) standOnTodayIfShown(calendar, todayIn(timeZone));
    const start = calendar.formatIso(currentStart, true);
    // The Upcoming view from today names no date: opened another day, the address shows what is coming then.
    const date = view === 'upcoming' && start === todayIn(timeZone) ? null : start;
    const shown = readViewLocation(window.location.search);
    if (shown.view === view && shown.date === date) return;
    // The first view replaces the address it opened on, rather than adding a step to Back: a bare address comes to
    // name the view and date shown from the start, a named date the period's own start (the month's first day).
    const address = withViewLocation(window.location.search, { view, date }) + window.location.hash;
    window.history[first ? 'replaceState' : 'pushState'](window.history.state, '', address);
  }, [timeZone]);
  const initialView = initial.view && calendarViewFor(initial.view, phone);
  return { options: { ...(initialView ? { initialView } : {}), ...(initial.date ? { initialDate: initial.date } : {}) }, onDatesSet };
}
