import type { CalendarOptions } from '@fullcalendar/react';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import type { CategoryFilter } from '../../../lib/category-filter.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { displayColor } from '../../../lib/color-contrast.ts';
import { afterNextPaint } from '../../../lib/when-idle.ts';
import type { CalendarStatusHandle } from '../components/calendar-status.tsx';
import { BLOCK_EVENT_CLASS } from '../components/use-calendar-theme-styles.ts';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';
import { useEventWindows, type ShownView } from '../requests/get-events.ts';
import { useFirstRender } from './use-first-render.ts';

// Stable data attributes on each event, for deep links and tests.
const markEventElement: NonNullable<CalendarOptions['eventDidMount']> = ({ el, event }) => {
  el.dataset.eventId = event.id;
  el.dataset.calendarId = String(event.extendedProps.calendarId);
  // A dot (a month's timed event, a list's row) shows the calendar's colour as a mark: made to stand out from the page.
  if (!el.classList.contains(BLOCK_EVENT_CLASS) && event.color) el.style.setProperty('--fc-event-color', displayColor(event.color));
};

interface CalendarEventsInput {
  calendars: readonly Calendar[];
  visibleCalendarIds: readonly string[];
  categoryFilter: CategoryFilter;
  timeZone: string;
  shownView: () => ShownView | null;
  onFirstRender(): void;
}

/**
 * The calendar's events and what it says of them: loading and announcements (`status`), the notice of a window too
 * full to show, a toast when they fail, and the first render reported once its first event is drawn.
 */
export function useCalendarEvents({ calendars, visibleCalendarIds, categoryFilter, timeZone, shownView, onFirstRender }: CalendarEventsInput) {
  const intl = useIntl();
  const notify = useNotify();
  const status = useRef<CalendarStatusHandle>(null);
  // The most events a window holds, while the server refuses the one shown for holding more.
  const [tooFullLimit, setTooFullLimit] = useState<number | null>(null);
  const reportFirstRender = useFirstRender(onFirstRender);
  const listener = {
    loading: (loading: boolean) => status.current?.setLoading(loading),
    // Once the calendar has drawn what the period holds: an event drawn was reported already, as the first one.
    settled: () => afterNextPaint(() => reportFirstRender()),
    tooFull: setTooFullLimit,
    failed: (error: unknown) => {
      notify.error(intl.formatMessage(CALENDAR_MESSAGES.eventsFailed), errorMessage(error, intl));
      reportFirstRender();
    },
  };
  const source = useEventWindows(calendars, visibleCalendarIds, categoryFilter, timeZone, listener, shownView);
  const eventDidMount = useCallback<NonNullable<CalendarOptions['eventDidMount']>>(
    (info) => {
      markEventElement(info);
      reportFirstRender(info.el);
    },
    [reportFirstRender],
  );
  return { status: status as RefObject<CalendarStatusHandle | null>, tooFullLimit, source, eventDidMount };
}
