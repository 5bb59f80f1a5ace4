import type { CalendarApi, CalendarRef, DatesSetInfo, EventApi, FormatterInput } from '@fullcalendar/react';
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { UserSettings } from '../../../../shared/user-settings-schema.ts';
import { daysBetween, printedHours, printedMonthWeeks, type PrintedDay, type PrintedEvent } from '../lib/printed-period.ts';

/** What the page prints, read from the calendar as printing starts. */
export interface PrintSheet {
  /** The calendar's title for the period: the printed heading's. */
  period: string;
  /** The month's weeks, printed as a table of its own (FullCalendar's month places events for the screen's width). */
  month: PrintedDay[][] | null;
  /** The hours a week or day prints: the working day, widened to its events. */
  hours: { startHour: number; endHour: number } | null;
}

/**
 * The hours of a time grid one page holds at full size, sideways (a week) or upright (a day), below the heading and the
 * all-day row. A grid of more hours is drawn smaller to fit (CSS zoom, which keeps the events where FullCalendar put
 * them); past twice as many it runs on to the next page.
 */
const PAGE_HOURS = { landscape: 8, portrait: 13 };
const ZOOM_MIN = 0.5;

/** The views whose seven columns print across the page, on its long side. */
const LANDSCAPE_VIEWS: ReadonlySet<string> = new Set(['dayGridMonth', 'timeGridWeek']);

const asPrinted = (api: CalendarApi, event: EventApi, timeOfDay: FormatterInput): PrintedEvent => ({
  id: event.id,
  title: event.title,
  time: event.allDay || !event.start ? '' : api.formatDate(event.start, timeOfDay),
  startStr: event.startStr,
  endStr: event.endStr,
  allDay: event.allDay,
  color: event.color,
});

/** The events the view shows, those of its period. */
function shownEvents(api: CalendarApi): EventApi[] {
  const { activeStart, activeEnd } = api.view;
  return api.getEvents().filter((event) => event.start && event.start < activeEnd && (event.end ?? event.start) >= activeStart);
}

function sheetOf(api: CalendarApi, workingHours: UserSettings['workingHours'], timeOfDay: FormatterInput): PrintSheet {
  const { view } = api;
  const events = shownEvents(api).map((event) => asPrinted(api, event, timeOfDay));
  const month =
    view.type === 'dayGridMonth'
      ? printedMonthWeeks(api.formatIso(view.activeStart, true), daysBetween(view.activeStart.getTime(), view.activeEnd.getTime()), api.formatIso(view.currentStart, true).slice(0, 7), events)
      : null;
  const timeGrid = view.type.startsWith('timeGrid');
  return { period: view.title, month, hours: timeGrid ? printedHours(workingHours, events) : null };
}

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The calendar's options on screen: the height it is given, "+ more" where a day is full, a time grid's whole day
 * (scrolled to the working day); on paper every event, and a time grid's printed hours.
 */
const SCREEN_OPTIONS = { height: '100%', dayMaxEvents: true, slotMinTime: '00:00', slotMaxTime: '24:00' };

function paperOptions(sheet: PrintSheet): typeof SCREEN_OPTIONS {
  const hours = sheet.hours ?? { startHour: 0, endHour: 24 };
  return { height: 'auto', dayMaxEvents: false, slotMinTime: clock(hours.startHour), slotMaxTime: clock(hours.endHour) };
}

/**
 * What printing needs: the sheet printed while the page is being printed (null otherwise), the calendar's options for
 * screen or paper, the printed heading's calendars, and whether the view shown prints sideways (`landscape`, kept up to
 * date by `onDatesSet`: the browser reads the page's size before `beforeprint`). The sheet is read from the calendar when printing starts, on `beforeprint`, and drawn at once (flushSync):
 * the browser lays the page out for paper right after that event, with no frame between for the calendar to catch up.
 * The print media query says the same where no `beforeprint` comes (print emulation).
 */
export function usePrintLayout(
  calendars: readonly Calendar[],
  visibleCalendarIds: readonly string[],
  calendarRef: RefObject<CalendarRef | null>,
  { workingHours, timeOfDay }: { workingHours: UserSettings['workingHours']; timeOfDay: FormatterInput },
) {
  const [sheet, setSheet] = useState<PrintSheet | null>(null);
  useEffect(() => {
    const media = window.matchMedia('print');
    const start = () => {
      const api = calendarRef.current?.getApi();
      if (api) flushSync(() => setSheet(sheetOf(api, workingHours, timeOfDay)));
    };
    const stop = () => setSheet(null);
    const mediaChanged = () => (media.matches ? start() : stop());
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', stop);
    media.addEventListener('change', mediaChanged);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', stop);
      media.removeEventListener('change', mediaChanged);
    };
  }, [calendarRef, workingHours, timeOfDay]);
  const calendarNames = useMemo(
    () => calendars.filter((calendar) => visibleCalendarIds.includes(calendar.id)).map((calendar) => calendar.name),
    [calendars, visibleCalendarIds],
  );
  const options = useMemo(() => (sheet ? paperOptions(sheet) : SCREEN_OPTIONS), [sheet]);
  const [landscape, setLandscape] = useState(false);
  const onDatesSet = useCallback((info: DatesSetInfo) => setLandscape(LANDSCAPE_VIEWS.has(info.view.type)), []);
  const hours = sheet?.hours ? sheet.hours.endHour - sheet.hours.startHour : 0;
  const zoom = hours ? Math.max(ZOOM_MIN, Math.min(1, PAGE_HOURS[landscape ? 'landscape' : 'portrait'] / hours)) : 1;
  return { sheet, options, landscape, zoom, onDatesSet, heading: { calendarNames, period: sheet?.period ?? '' } };
}
