import type { ComponentProps } from 'react';
import { DateNavigator } from '../features/calendar/components/date-navigator.tsx';
import { TimeZoneSelect } from '../features/calendar/components/time-zone-select.tsx';
import { ViewOptionsForm } from '../features/calendar/components/view-options-form.tsx';
import { CalendarList } from '../features/calendars/components/calendar-list.tsx';

export interface PanelContentsProps {
  list: ComponentProps<typeof CalendarList>;
  /** Null where the host sets the zone. */
  timeZone: ComponentProps<typeof TimeZoneSelect>['choice'] | null;
}

/** What the calendar panel holds: a mini month to go to dates, the calendars to show, the time zone to show them in, and how to draw them. */
export function PanelContents({ list, timeZone }: PanelContentsProps) {
  return (
    <>
      <DateNavigator />
      <CalendarList {...list} />
      {timeZone && <TimeZoneSelect choice={timeZone} />}
      <ViewOptionsForm />
    </>
  );
}
