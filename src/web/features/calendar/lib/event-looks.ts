import type { EventInput } from '@fullcalendar/react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CategoryIcon } from '../../../../shared/category-icons.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { readableTextOn } from '../../../lib/color-contrast.ts';
import { shownByCategoryFilter, type CategoryFilter } from '../../../lib/category-filter.ts';

/** What an event takes from its calendar, or from its category there: its colours and whether the user may move it. */
export type EventLook = Pick<EventInput, 'color' | 'contrastColor' | 'editable'>;

/** What an event's rendering shows of its category: its icon, and its name for screen readers. */
export interface EventCategory {
  name: string;
  icon: CategoryIcon;
}

/** The look an event gets, and its category when it has one of its calendar's. */
export interface ResolvedLook {
  look: EventLook;
  category: EventCategory | null;
  /** The category's id, '' when it has none: what the category filter goes by. */
  categoryId: string;
}

export interface EventLooks {
  /** The event's look; undefined when its calendar is not one of those known (it is then shown read-only). */
  of(event: CalendarEvent): ResolvedLook | undefined;
}

const lookIn = (color: string, editable: boolean): EventLook => ({ color, contrastColor: readableTextOn(color).color, editable });
const keyOf = (calendarId: string, categoryId: string) => `${calendarId}\n${categoryId}`;

/**
 * Every calendar's and category's look, worked out once a set of calendars, not once an event (a window can hold
 * thousands): an event of a category takes its colour, the others their calendar's. The text colour on either is
 * chosen for contrast as the calendars' own (readableTextOn); dots and swatches adapt to the theme (displayColor).
 * A category no longer in its calendar (deleted since the events came) counts as none.
 */
export function eventLooks(calendars: readonly Calendar[]): EventLooks {
  const looks = new Map<string, ResolvedLook>();
  for (const calendar of calendars) {
    looks.set(calendar.id, { look: lookIn(calendar.color, calendar.canEdit), category: null, categoryId: '' });
    // An offline copy kept by an earlier build has calendars without categories.
    for (const category of calendar.categories ?? []) {
      looks.set(keyOf(calendar.id, category.id), {
        look: lookIn(category.color, calendar.canEdit),
        category: { name: category.name, icon: category.icon },
        categoryId: category.id,
      });
    }
  }
  return {
    of(event) {
      const { calendarId, categoryId } = event.extendedProps;
      return (categoryId ? looks.get(keyOf(calendarId, categoryId)) : undefined) ?? looks.get(calendarId);
    },
  };
}

/** Whether the category filter lets the event show: by the category it resolves to, none when it has no look. */
export function shownWith(filter: CategoryFilter, resolved: ResolvedLook | undefined): boolean {
  return shownByCategoryFilter(filter, resolved?.categoryId ?? '');
}
