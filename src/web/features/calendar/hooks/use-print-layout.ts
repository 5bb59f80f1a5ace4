import type { DatesSetInfo } from '@fullcalendar/react';
import { useCallback, useMemo, useState } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/**
 * What printing needs: whether the page is being printed (the calendar then grows to show every event rather than
 * fit the screen with "+ more" links), and the printed heading's calendars and period.
 */
export function usePrintLayout(calendars: readonly Calendar[], visibleCalendarIds: readonly string[]) {
  const printing = useMediaQuery('print');
  const [period, setPeriod] = useState('');
  const onDatesSet = useCallback((info: DatesSetInfo) => setPeriod(info.view.title), []);
  const calendarNames = useMemo(
    () => calendars.filter((calendar) => visibleCalendarIds.includes(calendar.id)).map((calendar) => calendar.name),
    [calendars, visibleCalendarIds],
  );
  return { printing, onDatesSet, heading: { calendarNames, period } };
}
