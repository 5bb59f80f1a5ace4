import type { DateClickInfo } from '@fullcalendar/react';
import { useCallback } from 'react';

/** The time grid's slot, set on the calendar too: a tap on a slot asks for an event that long. */
export const SLOT_MINUTES = 30;
export const SLOT_DURATION = { minutes: SLOT_MINUTES };

/**
 * A tap on an empty day or slot selects it, and so asks for a new event there: on touch screens FullCalendar
 * selects only after a long press, which nobody finds. A mouse click already selects, so only touches count.
 */
export function useTapToCreate(canCreate: boolean): ((info: DateClickInfo) => void) | undefined {
  const handleDateClick = useCallback((info: DateClickInfo) => {
    if (!info.jsEvent.type.startsWith('touch')) return;
    const { calendar } = info.view;
    if (info.allDay) calendar.select(info.dateStr);
    else calendar.select({ start: info.date, end: new Date(info.date.getTime() + SLOT_MINUTES * 60_000), allDay: false });
  }, []);
  return canCreate ? handleDateClick : undefined;
}
