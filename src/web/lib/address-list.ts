import { useCallback, useEffect, useState } from 'react';
import { useLocalStorageState } from './use-local-storage-state.ts';

/** The ids a query parameter lists (`?name=a,b`), in order and without repeats; null when it lists none. */
export function readAddressList(search: string, param: string): string[] | null {
  const ids = new URLSearchParams(search).get(param)?.split(',').filter(Boolean) ?? [];
  return ids.length > 0 ? [...new Set(ids)] : null;
}

/** The address's query with this list (none: the parameter removed), its other parameters kept. */
export function withAddressList(search: string, param: string, ids: readonly string[] | null): string {
  const params = new URLSearchParams(search);
  if (ids === null || ids.length === 0) params.delete(param);
  else params.set(param, ids.join(','));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The address with this list, replacing the current entry: choosing what to show is no move to go Back from. */
function showInAddress(param: string, ids: readonly string[] | null): void {
  const search = withAddressList(window.location.search, param, ids);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
const NONE: string[] = [];

/**
 * A list of ids a filter goes by, in the address (`?param=a,b`) so that a reload or a shared link shows the same, and
 * remembered on this device under storageKey, for a visit whose address names none. Back and Forward bring back the
 * list their page had. null: the list is empty.
 */
export function useAddressList(param: string, storageKey: string): { chosen: readonly string[] | null; choose(next: readonly string[] | null): void } {
  const [remembered, remember] = useLocalStorageState(storageKey, isIdList, NONE);
  const [chosen, setChosen] = useState<readonly string[] | null>(() => readAddressList(window.location.search, param) ?? (remembered.length > 0 ? remembered : null));
  const choose = useCallback(
    (next: readonly string[] | null) => {
      const ids = next !== null && next.length > 0 ? [...next] : null;
      setChosen(ids);
      remember(ids ?? NONE);
    },
    [remember],
  );
  useEffect(() => showInAddress(param, chosen), [param, chosen]);
  useEffect(() => {
    const retrace = () => choose(readAddressList(window.location.search, param));
    window.addEventListener('popstate', retrace);
    return () => window.removeEventListener('popstate', retrace);
  }, [param, choose]);
  return { chosen, choose };
}
