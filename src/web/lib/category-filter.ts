import { readAddressList, withAddressList } from './address-list.ts';

/**
 * Which categories' events the calendar shows, in the page's address (`?categories=id1,id2`) and remembered on the
 * device. Null shows every event; a list shows only the events of those categories, and UNCATEGORISED stands for
 * the events that have none.
 */
export const CATEGORIES_PARAM = 'categories';
/** The filter's name for "events without a category": no category id looks like it (ids are UUIDs). */
export const UNCATEGORISED = 'none';

export type CategoryFilter = ReadonlySet<string> | null;

/** The category ids the address asks for, in order and without repeats; null when it names none. */
export const readCategoryFilter = (search: string): string[] | null => readAddressList(search, CATEGORIES_PARAM);

/** The address's query with this filter (none: the parameter removed), its other parameters kept. */
export const withCategoryFilter = (search: string, ids: readonly string[] | null): string => withAddressList(search, CATEGORIES_PARAM, ids);

/**
 * The filter in force: the chosen ids that still name a category (or UNCATEGORISED). A filter left naming none of
 * them (its categories deleted) shows everything, rather than an empty calendar nobody can explain.
 */
export function effectiveCategoryFilter(chosen: readonly string[] | null, known: ReadonlySet<string>): CategoryFilter {
  const kept = chosen?.filter((id) => id === UNCATEGORISED || known.has(id)) ?? [];
  return kept.length > 0 ? new Set(kept) : null;
}

/** Whether the filter lets an event of this category ('' for none) show. */
export function shownByCategoryFilter(filter: CategoryFilter, categoryId: string): boolean {
  return filter === null || filter.has(categoryId === '' ? UNCATEGORISED : categoryId);
}
