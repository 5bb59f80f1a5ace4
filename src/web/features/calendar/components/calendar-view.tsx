import { ProgressBar, makeStyles, mergeClasses, useThemeClassName } from '@fluentui/react-components';
import FullCalendar, {
  type CalendarOptions,
  type CalendarRef,
  type DateSelectInfo,
  type EventClickInfo,
  type EventDropInfo,
  type EventResizeDoneInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useEventSource } from '../requests/get-events.ts';
import { NoEvents } from './no-events.tsx';
import { BLOCK_EVENT_CLASS, CALENDAR_CLASS, EVENT_CLASS, POPOVER_CLASS, useCalendarThemeStyles } from './use-calendar-theme-styles.ts';

export interface CalendarViewHandle {
  refetchEvents(): void;
}

// Module-level constants and renderers: FullCalendar compares options by identity, and a new renderer
// would remount its content on every render.
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, formaTheme];
const HEADER_TOOLBAR = { start: 'today prev,next', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };
// The Today button's accessible name must include its visible text (WCAG 2.5.3); the default hint is "This month".
const BUTTON_TEXT = { monthText: 'Month', weekTextLong: 'Week', dayText: 'Day', listText: 'List', todayText: 'Today', todayHint: 'Today' };

const renderNoEvents: CalendarOptions['noEventsContent'] = ({ text }) => <NoEvents text={text} />;

// Stable data attributes on each event, for deep links and tests.
const markEventElement: CalendarOptions['eventDidMount'] = ({ el, event }) => {
  el.dataset.eventId = event.id;
  el.dataset.calendarId = String(event.extendedProps.calendarId);
};

const useStyles = makeStyles({
  root: { position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' },
  calendar: { flexGrow: 1, minHeight: 0 },
  progress: { position: 'absolute', insetInline: 0, top: 0, zIndex: 1 },
  statusText: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

interface CalendarViewProps {
  ref?: Ref<CalendarViewHandle>;
  calendars: readonly Calendar[];
  visibleCalendarIds: readonly string[];
  /** Whether the user may create events in some calendar: turns on range selection. */
  canCreate: boolean;
  onOpenEvent(event: EventKey): void;
  onSelectRange(range: DateSpan): void;
  /** An event was dragged or resized; revert it if the server refuses. */
  onEventChange(info: EventDropInfo | EventResizeDoneInfo): void;
}

export function CalendarView({ ref, calendars, visibleCalendarIds, canCreate, onOpenEvent, onSelectRange, onEventChange }: CalendarViewProps) {
  const styles = useStyles();
  const themeStyles = useCalendarThemeStyles();
  const notify = useNotify();
  const calendarRef = useRef<CalendarRef>(null);
  const [loading, setLoading] = useState(false);
  const events = useEventSource(calendars, visibleCalendarIds);
  // The popover lives outside the provider: it gets the theme the way Fluent's own portals do.
  const themeClassName = useThemeClassName();
  const popoverClass = useMemo(
    () => mergeClasses(themeClassName, themeStyles.root, POPOVER_CLASS),
    [themeClassName, themeStyles.root],
  );

  useImperativeHandle(ref, () => ({ refetchEvents: () => calendarRef.current?.getApi().refetchEvents() }), []);

  const handleEventClick = useCallback(
    (info: EventClickInfo) => {
      // Events with a url render as links; the link belongs in the details, not in a surprise navigation.
      info.jsEvent.preventDefault();
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
  const handleEventSourceFailure = useCallback(
    (error: unknown) => notify.error('Events could not be loaded', errorMessage(error)),
    [notify],
  );

  return (
    <div className={mergeClasses(styles.root, themeStyles.root)}>
      {loading && <ProgressBar className={styles.progress} thickness="large" aria-label="Loading events" />}
      <div role="status" className={styles.statusText}>
        {loading ? 'Loading events' : ''}
      </div>
      <div className={styles.calendar}>
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          className={CALENDAR_CLASS}
          initialView="dayGridMonth"
          headerToolbar={HEADER_TOOLBAR}
          {...BUTTON_TEXT}
          height="100%"
          dayMaxEvents
          nowIndicator
          eventInteractive
          selectable={canCreate}
          selectMirror
          events={events}
          eventClass={EVENT_CLASS}
          blockEventClass={BLOCK_EVENT_CLASS}
          eventDidMount={markEventElement}
          popoverClass={popoverClass}
          eventClick={handleEventClick}
          select={handleSelect}
          eventDrop={onEventChange}
          eventResize={onEventChange}
          loading={setLoading}
          eventSourceFailure={handleEventSourceFailure}
          noEventsText="No events in this period"
          noEventsContent={renderNoEvents}
        />
      </div>
    </div>
  );
}
