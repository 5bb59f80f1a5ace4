import type { CalendarRef } from '@fullcalendar/react';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/**
 * What printing needs: whether the page is being printed (the calendar then grows to show every event rather than
 * fit the screen with "+ more" links), and the printed heading's calendars and period. The period is read when
 * printing starts, not kept up to date on every move of the view, which would render the calendar twice a move.
 */
export function usePrintLayout(calendars: readonly Calendar[], visibleCalendarIds: readonly string[], calendarRef: RefObject<CalendarRef | null>) {
  const printing = useMediaQuery('print');
  const [period, setPeriod] = useState('');
  useEffect(() => {
    if (printing) setPeriod(calendarRef.current?.getApi().view.title ?? '');
  }, [printing, calendarRef]);
  const calendarNames = useMemo(
    () => calendars.filter((calendar) => visibleCalendarIds.includes(calendar.id)).map((calendar) => calendar.name),
    [calendars, visibleCalendarIds],
  );
  return { printing, heading: { calendarNames, period } };
}
