import type { ComponentProps } from 'react';
import { DateNavigator } from '../features/calendar/components/date-navigator.tsx';
import { TimeZoneSelect } from '../features/calendar/components/time-zone-select.tsx';
import { ViewOptionsForm } from '../features/calendar/components/view-options-form.tsx';
import { CalendarList } from '../features/calendars/components/calendar-list.tsx';
import { CategoryFilterList } from '../features/calendars/components/category-filter-list.tsx';
import type { CategoryFilterState } from '../features/calendars/hooks/use-category-filter.ts';

export interface PanelContentsProps {
  list: Omit<ComponentProps<typeof CalendarList>, 'categoryFilter'>;
  categoryFilter: CategoryFilterState;
  /** Null where the host sets the zone. */
  timeZone: ComponentProps<typeof TimeZoneSelect>['choice'] | null;
}

/**
 * What the calendar panel holds: a mini month to go to dates, the calendars to show and which of their categories, the
 * time zone to show them in, and how to draw them.
 */
export function PanelContents({ list, categoryFilter, timeZone }: PanelContentsProps) {
  return (
    <>
      <DateNavigator />
      <CalendarList {...list} categoryFilter={categoryFilter.filter} />
      <CategoryFilterList calendars={list.calendars} filter={categoryFilter} />
      {timeZone && <TimeZoneSelect choice={timeZone} />}
      <ViewOptionsForm />
    </>
  );
}
