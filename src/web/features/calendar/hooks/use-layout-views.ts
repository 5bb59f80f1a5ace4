import type { CalendarOptions, CalendarRef, DatesSetInfo, FormatterInput, LocaleInput, NoEventsInfo, ViewOptions } from '@fullcalendar/react';
import { createElement, useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { DAY_MS } from '../../../../shared/limits.ts';
import { AGENDA_DAYS } from '../../../lib/phone-layout.ts';
import { CALENDAR_MESSAGES, dayCount } from '../lib/calendar-messages.ts';
import { calendarDateFormatter } from '../lib/calendar-time-format.ts';
import { AGENDA_VIEW, calendarViewFor, PHONE_TIME_GRID_VIEW, UPCOMING_VIEW, urlViewOf } from '../lib/view-location.ts';
import { todayIn, UPCOMING_DAYS } from '../lib/upcoming.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { DateTitle } from '../components/date-title.tsx';
import { NoEvents } from '../components/no-events.tsx';
import { useUpcomingDays } from './use-upcoming-days.ts';

/** Days the phone's time grid shows: as many columns as keep "09:30" and a title readable on 360 px. */
export const PHONE_TIME_GRID_DAYS = 3;
/** The days each view without a unit of its own steps by (the Upcoming view by its first days, however many it lists). */
const STEP_DAYS: Readonly<Record<string, number>> = {
  [AGENDA_VIEW]: AGENDA_DAYS,
  [PHONE_TIME_GRID_VIEW]: PHONE_TIME_GRID_DAYS,
  [UPCOMING_VIEW]: UPCOMING_DAYS,
};

// The period's title, in place of FullCalendar's: a button that opens a date picker.
const DATE_TITLE = 'dateTitle';
const TOOLBAR_ELEMENTS = { [DATE_TITLE]: createElement(DateTitle) };

const WIDE_HEADER_TOOLBAR = { start: 'today prev,next', center: DATE_TITLE, end: `dayGridMonth,timeGridWeek,timeGridDay,${UPCOMING_VIEW}` };
// One row above the calendar, the views below it, in reach of a thumb.
const PHONE_HEADER_TOOLBAR = { start: DATE_TITLE, end: 'today prev,next' };
const PHONE_FOOTER_TOOLBAR = { center: `${AGENDA_VIEW},${PHONE_TIME_GRID_VIEW},timeGridDay,dayGridMonth` };

// Short titles, so that the title and its arrows share one row on a phone.
const PHONE_RANGE_TITLE = calendarDateFormatter({ month: 'short', day: 'numeric' });
const PHONE_DAY_TITLE: FormatterInput = { weekday: 'short', month: 'short', day: 'numeric' };
const UPCOMING_TITLE = calendarDateFormatter({ year: 'numeric', month: 'short', day: 'numeric' });

interface LayoutOptions {
  initialView: string;
  views: NonNullable<CalendarOptions['views']>;
  buttons: NonNullable<CalendarOptions['buttons']>;
  headerToolbar: NonNullable<CalendarOptions['headerToolbar']>;
  footerToolbar: NonNullable<CalendarOptions['footerToolbar']>;
  toolbarElements: NonNullable<CalendarOptions['toolbarElements']>;
  noEventsContent: NonNullable<CalendarOptions['noEventsContent']>;
  prevHint?: CalendarOptions['prevHint'];
  nextHint?: CalendarOptions['nextHint'];
}

interface LayoutViews {
  options: LayoutOptions;
  /** To be told each time the view sets its dates. */
  onDatesSet: (info: DatesSetInfo) => void;
  /** Lists further days in the Upcoming view. */
  extendUpcoming: () => void;
}

/**
 * "Previous" and "Next" named for the step they take: FullCalendar names it by the view's unit ("Next month"), but
 * a view of a number of days has none, and would be named "Next " alone. FullCalendar reads these hints from the
 * calendar's options only, never a view's, so they are made for the days the view shown spans.
 */
function navigationHints(days: number, intl: IntlShape): Pick<LayoutOptions, 'prevHint' | 'nextHint'> {
  return {
    prevHint: (unitText: string, unit: string) =>
      unit ? intl.formatMessage(CALENDAR_MESSAGES.previousUnit, { unit: unitText }) : intl.formatMessage(CALENDAR_MESSAGES.previousDays, { days }),
    nextHint: (unitText: string, unit: string) =>
      unit ? intl.formatMessage(CALENDAR_MESSAGES.nextUnit, { unit: unitText }) : intl.formatMessage(CALENDAR_MESSAGES.nextDays, { days }),
  };
}

/** The list views' empty state: the Upcoming view's says what to do, and offers the days after. */
function useNoEventsContent(lookAhead: () => void): NonNullable<CalendarOptions['noEventsContent']> {
  const { timeZone } = useRegionalSettings();
  return useCallback(
    ({ text, view }: NoEventsInfo) => {
      if (view.type !== UPCOMING_VIEW) return createElement(NoEvents, { text });
      const { calendar, currentStart, currentEnd } = view;
      const days = Math.round((currentEnd.getTime() - currentStart.getTime()) / DAY_MS);
      const fromToday = calendar.formatIso(currentStart, true) === todayIn(timeZone);
      return createElement(NoEvents, { text, upcoming: { days, fromToday, onLookAhead: lookAhead } });
    },
    [lookAhead, timeZone],
  );
}

/** The layout's own views: its agenda, its time grid, its titles, and the Upcoming view as long as it is now. */
function layoutViews(phone: boolean, upcomingDays: number): Record<string, ViewOptions> {
  const phoneTitles = (titleFormat: FormatterInput) => (phone ? { titleFormat } : {});
  return {
    [AGENDA_VIEW]: {
      type: 'list',
      duration: { days: AGENDA_DAYS },
      listDayFormat: { weekday: 'long' },
      listDayAltFormat: { month: 'short', day: 'numeric' },
      ...phoneTitles(PHONE_RANGE_TITLE),
    },
    [PHONE_TIME_GRID_VIEW]: {
      type: 'timeGrid',
      duration: { days: PHONE_TIME_GRID_DAYS },
      dayHeaderFormat: { weekday: 'short', day: 'numeric' },
      ...phoneTitles(PHONE_RANGE_TITLE),
    },
    // Infinite: scrolling to its end lists more days; Previous and Next step by the first UPCOMING_DAYS.
    [UPCOMING_VIEW]: {
      type: 'list',
      duration: { days: upcomingDays },
      dateIncrement: { days: UPCOMING_DAYS },
      listDayFormat: { weekday: 'long' },
      listDayAltFormat: { month: 'long', day: 'numeric' },
      titleFormat: UPCOMING_TITLE,
    },
    timeGridDay: phoneTitles(PHONE_DAY_TITLE),
    // A day's number goes to that day, a week's to that week: in the month only, where the number is all a link
    // shows (elsewhere FullCalendar would name a header "Sun 11/22" as "November 22, 2026", a mismatch, WCAG 2.5.3).
    dayGridMonth: { navLinks: true },
  };
}

/**
 * The views and toolbars for the layout: on phones an agenda first and a 3-day time grid for the week, on wider
 * screens the month first. Both sets are defined always, so a calendar keeps working when the layout changes.
 */
export function useLayoutViews(
  phone: boolean,
  calendarRef: RefObject<CalendarRef | null>,
  { language, english, locale }: { language: string; english: boolean; locale: LocaleInput | null },
): LayoutViews {
  const intl = useIntl();
  // Only read when the calendar is made.
  const [initialView] = useState(() => (phone ? AGENDA_VIEW : 'dayGridMonth'));
  const upcoming = useUpcomingDays();
  const upcomingDays = upcoming.days;
  const views = useMemo(() => layoutViews(phone, upcomingDays), [phone, upcomingDays]);
  const buttons = useMemo(
    () => ({
      [AGENDA_VIEW]: { text: (!english && locale?.listText) || intl.formatMessage(CALENDAR_MESSAGES.agenda) },
      [UPCOMING_VIEW]: { text: intl.formatMessage(CALENDAR_MESSAGES.upcoming) },
      // Only the phone's toolbar shows it; the page's first unit format is slow to make (Intl loads its unit names).
      ...(phone ? { [PHONE_TIME_GRID_VIEW]: { text: dayCount(language, PHONE_TIME_GRID_DAYS) } } : {}),
    }),
    [english, locale, language, phone, intl],
  );

  useEffect(() => {
    const api = calendarRef.current?.getApi();
    // A view's counterpart when the layout changes under it (a phone turned, a window resized).
    const shown = api && urlViewOf(api.view.type);
    const counterpart = shown && calendarViewFor(shown, phone);
    if (counterpart && counterpart !== api.view.type) api.changeView(counterpart);
  }, [phone, calendarRef]);

  // The days the view shown steps by, for the hints of views without a unit: known once it has set its dates. Views
  // with a unit (month, week, day) leave it: a change would remake the calendar's options, and so its render.
  const [days, setDays] = useState(1);
  const { onDatesSet: upcomingDatesSet } = upcoming;
  const onDatesSet = useCallback(
    (info: DatesSetInfo) => {
      upcomingDatesSet(info);
      const step = STEP_DAYS[info.view.type];
      if (step !== undefined) setDays(step);
    },
    [upcomingDatesSet],
  );
  const noEventsContent = useNoEventsContent(upcoming.extend);
  const hints = useMemo(() => (english ? navigationHints(days, intl) : {}), [english, days, intl]);
  const toolbars = phone
    ? { headerToolbar: PHONE_HEADER_TOOLBAR, footerToolbar: PHONE_FOOTER_TOOLBAR }
    : { headerToolbar: WIDE_HEADER_TOOLBAR, footerToolbar: false as const };
  return {
    options: { initialView, views, buttons, ...toolbars, toolbarElements: TOOLBAR_ELEMENTS, noEventsContent, ...hints },
    onDatesSet,
    extendUpcoming: upcoming.extend,
  };
}
