import { useCallback, useMemo } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useAddressList } from '../../../lib/address-list.ts';
import { CATEGORIES_PARAM, effectiveCategoryFilter, type CategoryFilter } from '../../../lib/category-filter.ts';

export interface CategoryFilterState {
  /** The categories chosen, in the order chosen (null: none, every event shows). */
  chosen: readonly string[] | null;
  /** The filter in force, over the categories the calendars still have. */
  filter: CategoryFilter;
  setChosen(categoryId: string, chosen: boolean): void;
  clear(): void;
}

/**
 * The category filter: in the address (`?categories=…`), so a reload or a shared link shows the same events, and
 * remembered on this device for the signed-in user, for a visit whose address names none. Back and Forward bring
 * back the filter their page had.
 */
export function useCategoryFilter(calendars: readonly Calendar[]): CategoryFilterState {
  const { me } = useAuth();
  const { chosen, choose } = useAddressList(CATEGORIES_PARAM, `company-calendar:category-filter:${me.tenantId}:${me.id}`);
  const known = useMemo(() => new Set(calendars.flatMap((calendar) => (calendar.categories ?? []).map((category) => category.id))), [calendars]);
  const filter = useMemo(() => effectiveCategoryFilter(chosen, known), [chosen, known]);
  const setChosen = useCallback(
    (categoryId: string, on: boolean) => {
      const others = (chosen ?? []).filter((id) => id !== categoryId);
      choose(on ? [...others, categoryId] : others);
    },
    [chosen, choose],
  );
  return { chosen, filter, setChosen, clear: useCallback(() => choose(null), [choose]) };
}
