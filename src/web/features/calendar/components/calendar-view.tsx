import { makeStyles, mergeClasses, useThemeClassName } from '@fluentui/react-components';
import FullCalendar, {
  type CalendarOptions,
  type CalendarRef,
  type DatesSetInfo,
  type DateSelectInfo,
  type EventClickInfo,
  type EventDropInfo,
  type EventResizeDoneInfo,
  type LocaleInput,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../../../shared/limits.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { LoadingBar, Notice } from '../../../components/status-parts.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { displayColor } from '../../../lib/color-contrast.ts';
import { afterNextPaint } from '../../../lib/when-idle.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';
import { useCalendarLocale } from '../hooks/use-calendar-locale.ts';
import { useFirstRender } from '../hooks/use-first-render.ts';
import { publishShownPeriod, registerNavigator, shownPeriodOf } from '../lib/shown-period.ts';
import { useLayoutViews } from '../hooks/use-layout-views.ts';
import { useEndlessUpcoming } from '../hooks/use-upcoming-days.ts';
import { useGridKeyboard, type FocusReturnTarget } from '../hooks/use-grid-keyboard.ts';
import { useTitleHints } from '../hooks/use-title-hints.ts';
import { useViewLocation } from '../hooks/use-view-location.ts';
import { calendarViewFor, type UrlView } from '../lib/view-location.ts';
import { businessHoursOf, scrollTimeOf } from '../lib/view-options.ts';
import { calendarTimeFormatter } from '../lib/calendar-time-format.ts';
import { useViewOptions } from '../hooks/use-view-options.ts';
import { usePrintLayout } from '../hooks/use-print-layout.ts';
import { SLOT_DURATION, useTapToCreate } from '../hooks/use-tap-to-create.ts';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';
import { useEventWindows } from '../requests/get-events.ts';
import { CalendarStatus, type CalendarStatusHandle } from './calendar-status.tsx';
import { PrintHeader } from './print-header.tsx';
import { DatePicker } from './date-title.tsx';
import {
  BLOCK_EVENT_CLASS,
  CALENDAR_CLASS,
  DAY_LANE_CLASS,
  NAV_LINK_CLASS,
  NON_BUSINESS_CLASS,
  SLOT_LANE_CLASS,
  EVENT_CLASS,
  EVENT_TIME_CLASS,
  EVENT_TITLE_CLASS,
  LIST_DAY_CLASS,
  LIST_EVENT_CLASS,
  POPOVER_CLASS,
  TOOLBAR_CLASS,
  useCalendarThemeStyles,
} from './use-calendar-theme-styles.ts';

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

// Module-level constants and renderers: FullCalendar compares options by identity, and a new renderer
// would remount its content on every render.
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, formaTheme];
// No event can lie outside the supported years, so the calendar does not go there either.
const SUPPORTED_RANGE = { start: `${EVENT_YEAR_MIN}-01-01`, end: `${EVENT_YEAR_MAX + 1}-01-01` };
// English only: other locales bring their own.
const ENGLISH_TEXT = {
  monthText: 'Month',
  weekTextLong: 'Week',
  dayText: 'Day',
  listText: 'List',
  todayText: 'Today',
  noEventsText: 'No events in this period',
};

/** A view button's accessible name: its visible text (a tab of the views' tab list says the rest). */
const VIEW_HINT = '$0';

// Stable data attributes on each event, for deep links and tests.
const markEventElement: NonNullable<CalendarOptions['eventDidMount']> = ({ el, event }) => {
  el.dataset.eventId = event.id;
  el.dataset.calendarId = String(event.extendedProps.calendarId);
  // A dot (a month's timed event, a list's row) shows the calendar's colour as a mark: made to stand out from the page.
  if (!el.classList.contains(BLOCK_EVENT_CLASS) && event.color) el.style.setProperty('--fc-event-color', displayColor(event.color));
};

const useStyles = makeStyles({
  root: { position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', '@media print': { display: 'block', height: 'auto' } },
  calendar: { flexGrow: 1, minHeight: 0, '@media print': { display: 'block' } },
  tooFull: { flexShrink: 0 },
});

interface CalendarViewProps {
  ref?: Ref<CalendarViewHandle>;
  calendars: readonly Calendar[];
  visibleCalendarIds: readonly string[];
  /** The phone layout: an agenda first, a 3-day time grid for the week, taps to create. */
  phone: boolean;
  /** Whether the user may create events in some calendar: turns on range selection. */
  canCreate: boolean;
  onOpenEvent(event: EventKey): void;
  onSelectRange(range: DateSpan): void;
  /** An event was dragged or resized; revert it if the server refuses. */
  onEventChange(info: EventDropInfo | EventResizeDoneInfo): void;
  /** The calendar has shown its first events (or that there are none). At most once. */
  onFirstRender(): void;
  /** A date (ISO date or date-time) whose period to show, e.g. a linked event's; the calendar goes there when it changes. */
  focusDate: string | null;
}

export function CalendarView(props: CalendarViewProps) {
  const { locale } = useRegionalSettings();
  const calendarLocale = useCalendarLocale(locale);
  const intl = useIntl();
  if (calendarLocale.status === 'loading') return <LoadingBar label={intl.formatMessage(CALENDAR_MESSAGES.loadingCalendar)} />;
  return <LocalizedCalendarView {...props} locale={calendarLocale.locale} english={locale.toLowerCase().startsWith('en')} />;
}

function LocalizedCalendarView({
  ref,
  calendars,
  visibleCalendarIds,
  phone,
  canCreate,
  onOpenEvent,
  onSelectRange,
  onEventChange,
  onFirstRender,
  focusDate,
  locale,
  english,
}: CalendarViewProps & { locale: LocaleInput | null; english: boolean }) {
  const styles = useStyles();
  const intl = useIntl();
  const themeStyles = useCalendarThemeStyles();
  const notify = useNotify();
  const { locale: language, timeZone } = useRegionalSettings();
  const calendarRef = useRef<CalendarRef>(null);
  const status = useRef<CalendarStatusHandle>(null);
  // The most events a window holds, while the server refuses the one shown for holding more.
  const [tooFullLimit, setTooFullLimit] = useState<number | null>(null);
  const reportFirstRender = useFirstRender(onFirstRender);
  const shownView = useCallback(() => calendarRef.current?.getApi().view ?? null, []);
  const source = useEventWindows(calendars, visibleCalendarIds, timeZone, {
    loading: (loading) => status.current?.setLoading(loading),
    // Once the calendar has drawn what the period holds: an event drawn was reported already, as the first one.
    settled: () => afterNextPaint(() => reportFirstRender()),
    tooFull: setTooFullLimit,
    failed: (error) => {
      notify.error(intl.formatMessage(CALENDAR_MESSAGES.eventsFailed), errorMessage(error, intl));
      reportFirstRender();
    },
  }, shownView);
  const layout = useLayoutViews(phone, calendarRef, { language, english, locale });
  const calendarBox = useRef<HTMLDivElement>(null);
  const endlessDatesSet = useEndlessUpcoming(calendarBox, calendarRef, layout.extendUpcoming);
  const { descriptionId, describeWith, restoreFocus, createAtFocus } = useGridKeyboard(calendarBox, calendarRef, canCreate);
  useTitleHints(calendarBox);
  const location = useViewLocation(calendarRef, phone, layout.options.initialView);
  const [viewOptions] = useViewOptions();
  const timeOfDay = calendarTimeFormatter(useTimeFormat()[0]);
  const businessHours = useMemo(() => businessHoursOf(viewOptions), [viewOptions]);
  // Where the time grids open, worked out once: later changes of the hours must not scroll the grid under the user.
  const [scrollTime] = useState(() => {
    // The device's own clock when the calendar shows its zone: no time-zone maths on the way to the first events.
    const hour = timeZone === browserTimeZone() ? new Date().getHours() : Number(wallClockAt(new Date(), timeZone).time.slice(0, 2));
    return scrollTimeOf(viewOptions, hour);
  });
  // A view by its address's name, in the layout's own version of it (the phone's week is 3 days), at a date if given.
  const showView = useCallback(
    (view: UrlView, date?: Date) => calendarRef.current?.getApi().changeView(calendarViewFor(view, phone), date),
    [phone],
  );
  // A day's number goes to that day, a week's to that week.
  const goToDay = useCallback((date: Date) => showView('day', date), [showView]);
  const goToWeek = useCallback((date: Date) => showView('week', date), [showView]);
  const { onDatesSet: layoutDatesSet } = layout;
  const { onDatesSet: locationDatesSet } = location;
  // Each move after the first is announced ("November 2026"), politely: the period is the calendar's own title for it.
  const datesShown = useRef(false);
  const handleDatesSet = useCallback(
    (info: DatesSetInfo) => {
      source.onDatesSet(info);
      layoutDatesSet(info);
      endlessDatesSet(info);
      locationDatesSet(info);
      publishShownPeriod(shownPeriodOf(info, locale));
      if (datesShown.current) status.current?.announce(info.view.title);
      datesShown.current = true;
    },
    [source, layoutDatesSet, endlessDatesSet, locationDatesSet, locale],
  );
  const handleDateClick = useTapToCreate(canCreate);
  const print = usePrintLayout(calendars, visibleCalendarIds, calendarRef);
  // The popover lives outside the provider: it gets the theme the way Fluent's own portals do.
  const themeClassName = useThemeClassName();
  const popoverClass = useMemo(
    () => mergeClasses(themeClassName, themeStyles.root, POPOVER_CLASS),
    [themeClassName, themeStyles.root],
  );

  useImperativeHandle(
    ref,
    () => ({
      refetchEvents: source.refetch,
      today: () => calendarRef.current?.getApi().today(),
      next: () => calendarRef.current?.getApi().next(),
      previous: () => calendarRef.current?.getApi().prev(),
      showView: (view: UrlView) => showView(view),
      restoreFocus,
      createAtFocus,
    }),
    [source.refetch, showView, restoreFocus, createAtFocus],
  );

  useEffect(() => {
    if (focusDate) calendarRef.current?.getApi().gotoDate(focusDate);
  }, [focusDate]);
  useEffect(() => registerNavigator((date) => calendarRef.current?.getApi().gotoDate(date)), []);

  const handleEventDidMount = useCallback<NonNullable<CalendarOptions['eventDidMount']>>(
    (info) => {
      markEventElement(info);
      reportFirstRender(info.el);
    },
    [reportFirstRender],
  );
  const handleEventClick = useCallback(
    (info: EventClickInfo) => {
      onOpenEvent({ calendarId: String(info.event.extendedProps.calendarId), eventId: info.event.id });
    },
    [onOpenEvent],
  );
  const handleSelect = useCallback(
    (info: DateSelectInfo) => {
      info.view.calendar.unselect();
      onSelectRange({ start: info.start, end: info.end, allDay: info.allDay });
    },
    [onSelectRange],
  );
  return (
    <div className={mergeClasses(styles.root, themeStyles.root, phone && themeStyles.phone)}>
      <CalendarStatus ref={status} />
      <div role="status">
        {tooFullLimit !== null && (
          <Notice intent="warning" className={styles.tooFull}>
            {intl.formatMessage(CALENDAR_MESSAGES.windowTooFull, { limit: tooFullLimit })}
          </Notice>
        )}
      </div>
      <div id={descriptionId} ref={describeWith} hidden />
      <PrintHeader {...print.heading} />
      <DatePicker />
      {/* The calendar speaks the host's language, which may not be the app's: screen readers should know. */}
      <div ref={calendarBox} className={styles.calendar} lang={language}>
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          className={CALENDAR_CLASS}
          {...layout.options}
          {...(location.initialView ? { initialView: location.initialView } : {})}
          {...(location.initialDate ? { initialDate: location.initialDate } : {})}
          toolbarClass={TOOLBAR_CLASS}
          {...(english ? ENGLISH_TEXT : {})}
          {...(locale ? { locale } : {})}
          // The Today button's accessible name must include its visible text (WCAG 2.5.3); the hint is "This month".
          todayHint={english || !locale?.todayText ? ENGLISH_TEXT.todayText : locale.todayText}
          // Likewise the view buttons: some locales name them otherwise ("Woche" is read as "Wochenansicht").
          viewHint={VIEW_HINT}
          // 'local' when the zones agree: the same times, without Temporal conversions.
          timeZone={timeZone === browserTimeZone() ? 'local' : timeZone}
          height={print.printing ? 'auto' : '100%'}
          validRange={SUPPORTED_RANGE}
          dayMaxEvents={!print.printing}
          slotDuration={SLOT_DURATION}
          // One format for every time: the slots' "9:00 AM" as the events' "9:30 AM" (FullCalendar's own are "9am", "9:30a").
          slotHeaderFormat={timeOfDay}
          eventTimeFormat={timeOfDay}
          nowIndicator
          businessHours={businessHours}
          scrollTime={scrollTime}
          weekNumbers={viewOptions.weekNumbers}
          navLinkClass={NAV_LINK_CLASS}
          nonBusinessHoursClass={NON_BUSINESS_CLASS}
          dayLaneClass={DAY_LANE_CLASS}
          slotLaneClass={SLOT_LANE_CLASS}
          navLinkDayClick={goToDay}
          navLinkWeekClick={goToWeek}
          eventInteractive
          selectable={canCreate}
          selectMirror
          events={source.events}
          eventClass={EVENT_CLASS}
          blockEventClass={BLOCK_EVENT_CLASS}
          listItemEventClass={LIST_EVENT_CLASS}
          listDayClass={LIST_DAY_CLASS}
          eventTitleClass={EVENT_TITLE_CLASS}
          eventTimeClass={EVENT_TIME_CLASS}
          eventDidMount={handleEventDidMount}
          popoverClass={popoverClass}
          eventClick={handleEventClick}
          select={handleSelect}
          dateClick={handleDateClick}
          datesSet={handleDatesSet}
          eventDrop={onEventChange}
          eventResize={onEventChange}
        />
      </div>
    </div>
  );
}
