import { useCallback } from 'react';
import { useAuth } from '../../../auth/auth-context.ts';
import { useLocalStorageState } from '../../../lib/use-local-storage-state.ts';

const isHidden = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');
const NONE: string[] = [];

/** Which calendars the signed-in user has hidden, remembered across visits. */
export function useHiddenCalendars(): { hidden: string[]; setVisible: (calendarId: string, visible: boolean) => void } {
  const { me } = useAuth();
  const key = `company-calendar:hidden-calendars:${me.tenantId}:${me.id}`;
  const [hidden, setHidden] = useLocalStorageState(key, isHidden, NONE);
  const setVisible = useCallback(
    (calendarId: string, visible: boolean) =>
      setHidden(visible ? hidden.filter((id) => id !== calendarId) : [...new Set([...hidden, calendarId])]),
    [hidden, setHidden],
  );
  return { hidden, setVisible };
}
