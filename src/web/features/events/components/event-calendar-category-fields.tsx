import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { categoriesOf, categoryAfterMove } from '../lib/event-category.ts';
import type { EventWhenFieldsProps } from './event-when-fields.tsx';
import { EventCalendarField } from './event-calendar-field.tsx';
import { EventCategoryField } from './event-category-field.tsx';

type CalendarCategoryFieldsProps = Pick<EventWhenFieldsProps, 'values' | 'set' | 'fieldProps' | 'occurrence'> & {
  /** The calendars the user may add events to. */
  editable: readonly Calendar[];
};

/**
 * The event's calendar and its category there. Choosing another calendar takes the category of the same name there,
 * or none, as the server does when an event moves.
 */
export function EventCalendarCategoryFields({ values, set, fieldProps, occurrence, editable }: CalendarCategoryFieldsProps) {
  const chooseCalendar = (calendarId: string) => {
    set('categoryId', categoryAfterMove(values.categoryId, categoriesOf(editable, values.calendarId), categoriesOf(editable, calendarId)));
    set('calendarId', calendarId);
  };
  return (
    <>
      <EventCalendarField value={values.calendarId} onChange={chooseCalendar} editable={editable} occurrence={occurrence} {...fieldProps('calendarId')} />
      <EventCategoryField
        value={values.categoryId}
        onChange={(categoryId) => set('categoryId', categoryId)}
        categories={categoriesOf(editable, values.calendarId)}
        occurrence={occurrence}
        {...fieldProps('categoryId')}
      />
    </>
  );
}
