import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { effectiveCategoryFilter, readCategoryFilter, withCategoryFilter, type CategoryFilter } from '../../../lib/category-filter.ts';
import { useLocalStorageState } from '../../../lib/use-local-storage-state.ts';

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
const NONE: string[] = [];

/** The address with this filter, replacing the current entry: choosing categories is no move to go Back from. */
function showInAddress(chosen: readonly string[] | null): void {
  const search = withCategoryFilter(window.location.search, chosen);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}

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
  const [remembered, remember] = useLocalStorageState(`company-calendar:category-filter:${me.tenantId}:${me.id}`, isIdList, NONE);
  const [chosen, setChosenIds] = useState(() => readCategoryFilter(window.location.search) ?? (remembered.length > 0 ? remembered : null));
  const choose = useCallback(
    (next: string[] | null) => {
      const ids = next !== null && next.length > 0 ? next : null;
      setChosenIds(ids);
      remember(ids ?? NONE);
    },
    [remember],
  );
  useEffect(() => showInAddress(chosen), [chosen]);
  useEffect(() => {
    const retrace = () => choose(readCategoryFilter(window.location.search));
    window.addEventListener('popstate', retrace);
    return () => window.removeEventListener('popstate', retrace);
  }, [choose]);
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
