import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { Category } from '../../../../shared/category-schema.ts';
import { categoryNamed } from '../../../../shared/category-match.ts';

const NO_CATEGORIES: readonly Category[] = [];

/** A calendar's categories, sorted by name as the API sends them; none for an unknown calendar. */
export function categoriesOf(calendars: readonly Calendar[], calendarId: string): readonly Category[] {
  return calendars.find((calendar) => calendar.id === calendarId)?.categories ?? NO_CATEGORIES;
}

/**
 * The category an event takes when it moves from one calendar to another, as the server decides it: the one of the
 * same name there (letter case aside), else none. Within one calendar, the category itself (if it still exists).
 */
export function categoryAfterMove(categoryId: string, from: readonly Category[], to: readonly Category[]): string {
  const current = categoryId === '' ? undefined : from.find((category) => category.id === categoryId);
  return current ? (categoryNamed(to, current.name)?.id ?? '') : '';
}
