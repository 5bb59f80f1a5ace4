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
import { useCallback, useMemo, useRef, type Ref } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../../../shared/limits.ts';
import { LoadingBar, Notice } from '../../../components/status-parts.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import type { CategoryFilter } from '../../../lib/category-filter.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useCalendarEvents } from '../hooks/use-calendar-events.ts';
import { useCalendarHandle, type CalendarViewHandle } from '../hooks/use-calendar-handle.ts';
import { useCalendarLocale } from '../hooks/use-calendar-locale.ts';
import { useCalendarTimes } from '../hooks/use-calendar-times.ts';
import { publishShownPeriod, shownPeriodOf } from '../lib/shown-period.ts';
import { useLayoutViews } from '../hooks/use-layout-views.ts';
import { useEndlessUpcoming } from '../hooks/use-upcoming-days.ts';
import { useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import { useViewLocation } from '../hooks/use-view-location.ts';
import { usePrintLayout } from '../hooks/use-print-layout.ts';
import { SLOT_DURATION, useTapToCreate } from '../hooks/use-tap-to-create.ts';
import { useEventMaxStack } from '../hooks/use-event-max-stack.ts';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';
import { CalendarStatus } from './calendar-status.tsx';
import { PrintHeader } from './print-header.tsx';
import { PrintedMonth } from './printed-month.tsx';
import { DatePicker } from './date-title.tsx';
import { renderEventContent } from './event-content.tsx';
import { EventOverlays } from './event-overlays.tsx';
import { withJoinSoon } from './event-join-soon.tsx';
import { eventClassWithHint, withLiveHint } from './event-live-hint.tsx';
import {
  BLOCK_EVENT_CLASS,
  CALENDAR_CLASS,
  DAY_LANE_CLASS,
  MORE_LINK_CLASS,
  NAV_LINK_CLASS,
  NON_BUSINESS_CLASS,
  NOW_CLASS,
  SLOT_LANE_CLASS,
  EVENT_TIME_CLASS,
  EVENT_TITLE_CLASS,
  LIST_DAY_CLASS,
  LIST_EVENT_CLASS,
  POPOVER_CLASS,
  TOOLBAR_CLASS,
  useCalendarThemeStyles,
} from './use-calendar-theme-styles.ts';

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

/** A month's or week's seven columns print across the page: on its long side. */
const LANDSCAPE_PAGE = '@page { size: landscape; margin: 8mm; }';

/** A view button's accessible name: its visible text (a tab of the views' tab list says the rest). */
const VIEW_HINT = '$0';

const useStyles = makeStyles({
  root: { position: 'relative', height: '100%', display: 'flex', flexDirection: 'column', '@media print': { display: 'block', height: 'auto' } },
  calendar: { flexGrow: 1, minHeight: 0, '@media print': { display: 'block' } },
  // The month prints as a table of its own (PrintedMonth).
  printedElsewhere: { '@media print': { display: 'none' } },
  tooFull: { flexShrink: 0 },
});

interface CalendarViewProps {
  ref?: Ref<CalendarViewHandle>;
  calendars: readonly Calendar[];
  visibleCalendarIds: readonly string[];
  /** Which categories' events to show (null: all), of those the visible calendars hold. */
  categoryFilter: CategoryFilter;
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

/** FullCalendar's options that never change: the app's plugins, range, classes and ways of drawing. */
const FIXED_OPTIONS = {
  plugins: PLUGINS,
  className: CALENDAR_CLASS,
  toolbarClass: TOOLBAR_CLASS,
  // A view button's accessible name is its visible text (WCAG 2.5.3): some locales name them otherwise ("Woche" is
  // read as "Wochenansicht").
  viewHint: VIEW_HINT,
  validRange: SUPPORTED_RANGE,
  slotDuration: SLOT_DURATION,
  nowIndicator: true,
  nowIndicatorLineClass: NOW_CLASS,
  nowIndicatorDotClass: NOW_CLASS,
  // Overlapping events side by side, each its share of the day's width (then "+N": see useEventMaxStack), not
  // FullCalendar's default of each covering half of the one before.
  slotEventOverlap: false,
  navLinkClass: NAV_LINK_CLASS,
  nonBusinessHoursClass: NON_BUSINESS_CLASS,
  dayLaneClass: DAY_LANE_CLASS,
  moreLinkClass: MORE_LINK_CLASS,
  slotLaneClass: SLOT_LANE_CLASS,
  eventInteractive: true,
  selectMirror: true,
  eventClass: eventClassWithHint,
  blockEventClass: BLOCK_EVENT_CLASS,
  listItemEventClass: LIST_EVENT_CLASS,
  listDayClass: LIST_DAY_CLASS,
  eventTitleClass: EVENT_TITLE_CLASS,
  eventTimeClass: EVENT_TIME_CLASS,
  eventContent: withJoinSoon(withLiveHint(renderEventContent)),
} satisfies CalendarOptions;

/**
 * What a click on an event, a selected range and (on phones) a tap on an empty slot do: open the event's details, or a
 * new event's form for the range or slot.
 */
function usePointerHandlers({ onOpenEvent, onSelectRange, canCreate }: Pick<CalendarViewProps, 'onOpenEvent' | 'onSelectRange' | 'canCreate'>) {
  const eventClick = useCallback(
    (info: EventClickInfo) => onOpenEvent({ calendarId: String(info.event.extendedProps.calendarId), eventId: info.event.id }),
    [onOpenEvent],
  );
  const select = useCallback(
    (info: DateSelectInfo) => {
      info.view.calendar.unselect();
      onSelectRange({ start: info.start, end: info.end, allDay: info.allDay });
    },
    [onSelectRange],
  );
  return { eventClick, select, dateClick: useTapToCreate(canCreate) };
}

/** The popover lives outside the provider: it gets the theme the way Fluent's own portals do. */
function usePopoverClass(themeRoot: string): string {
  const themeClassName = useThemeClassName();
  return useMemo(() => mergeClasses(themeClassName, themeRoot, POPOVER_CLASS), [themeClassName, themeRoot]);
}

type LocalizedProps = CalendarViewProps & { locale: LocaleInput | null; english: boolean };

/** The calendar's words: English's from the app, others from their locale file. */
function languageOptions(locale: LocaleInput | null, english: boolean): CalendarOptions {
  return {
    ...(english ? ENGLISH_TEXT : {}),
    ...(locale ? { locale } : {}),
    // The Today button's accessible name must include its visible text (WCAG 2.5.3); the hint is "This month".
    todayHint: english || !locale?.todayText ? ENGLISH_TEXT.todayText : locale.todayText,
  };
}

/** The notice that the period shown holds more events than a window may, with the limit. */
function TooFullNotice({ limit }: { limit: number | null }) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <div role="status">
      {limit !== null && (
        <Notice intent="warning" className={styles.tooFull}>
          {intl.formatMessage(CALENDAR_MESSAGES.windowTooFull, { limit })}
        </Notice>
      )}
    </div>
  );
}

interface DatesSetParts {
  source: (info: DatesSetInfo) => void;
  layout: (info: DatesSetInfo) => void;
  upcoming: (info: DatesSetInfo) => void;
  location: (info: DatesSetInfo) => void;
  print: (info: DatesSetInfo) => void;
  stack: () => void;
  announce: (title: string) => void;
}

/** What the calendar does when it shows new dates: each part that follows them is told, and the move announced. */
function useDatesSet({ source, layout, upcoming, location, print, stack, announce }: DatesSetParts, locale: LocaleInput | null) {
  // Each move after the first is announced ("November 2026"), politely: the period is the calendar's own title for it.
  const datesShown = useRef(false);
  return useCallback(
    (info: DatesSetInfo) => {
      for (const part of [source, layout, upcoming, location, print]) part(info);
      stack();
      publishShownPeriod(shownPeriodOf(info, locale));
      if (datesShown.current) announce(info.view.title);
      datesShown.current = true;
    },
    [source, layout, upcoming, location, print, stack, announce, locale],
  );
}

function LocalizedCalendarView(props: LocalizedProps) {
  const { ref, calendars, visibleCalendarIds, categoryFilter, phone, canCreate, onEventChange, locale, english } = props;
  const styles = useStyles();
  const themeStyles = useCalendarThemeStyles();
  const { locale: language, timeZone } = useRegionalSettings();
  const calendarRef = useRef<CalendarRef>(null);
  const shownView = useCallback(() => calendarRef.current?.getApi().view ?? null, []);
  const { status, tooFullLimit, source, eventDidMount } = useCalendarEvents({ calendars, visibleCalendarIds, categoryFilter, timeZone, shownView, onFirstRender: props.onFirstRender });
  const layout = useLayoutViews(phone, calendarRef, { language, english, locale });
  const calendarBox = useRef<HTMLDivElement>(null);
  const endlessDatesSet = useEndlessUpcoming(calendarBox, calendarRef, layout.extendUpcoming);
  const { descriptionId, describeWith, restoreFocus, createAtFocus } = useGridKeyboard(calendarBox, calendarRef, canCreate);
  const location = useViewLocation(calendarRef, phone, layout.options.initialView);
  const times = useCalendarTimes(timeZone);
  const { goToDay, goToWeek } = useCalendarHandle(ref, calendarRef, { refetchEvents: source.refetch, phone, focusDate: props.focusDate, restoreFocus, createAtFocus });
  const announce = useCallback((title: string) => status.current?.announce(title), [status]);
  const stack = useEventMaxStack(calendarBox, calendarRef);
  const print = usePrintLayout(calendars, visibleCalendarIds, calendarRef, times);
  const datesSet = useDatesSet({ source: source.onDatesSet, layout: layout.onDatesSet, upcoming: endlessDatesSet, location: location.onDatesSet, print: print.onDatesSet, stack: stack.onDatesSet, announce }, locale);
  const popoverClass = usePopoverClass(themeStyles.root);
  const pointer = usePointerHandlers(props);
  return (
    <div className={mergeClasses(styles.root, themeStyles.root, phone && themeStyles.phone)}>
      <CalendarStatus ref={status} />
      <TooFullNotice limit={tooFullLimit} />
      <div id={descriptionId} ref={describeWith} hidden />
      <PrintHeader {...print.heading} />
      {print.landscape && <style>{LANDSCAPE_PAGE}</style>}
      <DatePicker />
      <EventOverlays rootRef={calendarBox} calendarRef={calendarRef} />
      {/* The calendar speaks the host's language, which may not be the app's: screen readers should know. */}
      <div
        ref={calendarBox}
        className={mergeClasses(styles.calendar, print.sheet?.month ? styles.printedElsewhere : undefined)}
        style={print.zoom < 1 ? { zoom: print.zoom } : undefined}
        lang={language}
      >
        <FullCalendar
          ref={calendarRef}
          {...FIXED_OPTIONS}
          {...layout.options}
          {...location.options}
          {...languageOptions(locale, english)}
          // 'local' when the zones agree: the same times, without Temporal conversions.
          timeZone={timeZone === browserTimeZone() ? 'local' : timeZone}
          {...print.options}
          {...stack.options}
          {...times.options}
          navLinkDayClick={goToDay}
          navLinkWeekClick={goToWeek}
          selectable={canCreate}
          events={source.events}
          eventDidMount={eventDidMount}
          popoverClass={popoverClass}
          {...pointer}
          datesSet={datesSet}
          eventDrop={onEventChange}
          eventResize={onEventChange}
        />
      </div>
      {print.sheet?.month && <PrintedMonth weeks={print.sheet.month} language={language} />}
    </div>
  );
}
