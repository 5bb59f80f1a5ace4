import { useMemo, useState } from 'react';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';
import { calendarTimeFormatter } from '../lib/calendar-time-format.ts';
import { businessHoursOf, scrollTimeOf } from '../lib/view-options.ts';
import { useViewOptions } from './use-view-options.ts';

/** How the calendar writes and lays out time, from the person's settings: its time format, week numbers, working day. */
export function useCalendarTimes(timeZone: string) {
  const [viewOptions] = useViewOptions();
  const timeOfDay = calendarTimeFormatter(useTimeFormat()[0]);
  const businessHours = useMemo(() => businessHoursOf(viewOptions), [viewOptions]);
  // Where the time grids open, worked out once: later changes of the hours must not scroll the grid under the user.
  const [scrollTime] = useState(() => {
    // The device's own clock when the calendar shows its zone: no time-zone maths on the way to the first events.
    const hour = timeZone === browserTimeZone() ? new Date().getHours() : Number(wallClockAt(new Date(), timeZone).time.slice(0, 2));
    return scrollTimeOf(viewOptions, hour);
  });
  const { weekNumbers, workingHours } = viewOptions;
  // One format for every time: the slots' "9:00 AM" as the events' "9:30 AM" (FullCalendar's own are "9am", "9:30a").
  const options = { slotHeaderFormat: timeOfDay, eventTimeFormat: timeOfDay, businessHours, scrollTime, weekNumbers };
  return { timeOfDay, workingHours, options };
}
