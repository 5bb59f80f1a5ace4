import { useCallback, useEffect, useRef, useState } from 'react';

/** What is being done to an occurrence of a series. */
export type RecurrenceAction = 'edit' | 'move' | 'delete';
/** Which occurrences it applies to, as the API's `scope` says, with `all` for the series itself. */
export type RecurrenceScope = 'this' | 'following' | 'all';

/** What the scope dialog needs: whether it is open, for which action, and where its answer goes. */
export interface RecurrenceScopeDialogState {
  open: boolean;
  action: RecurrenceAction;
  onResolve(scope: RecurrenceScope | null): void;
}

/**
 * Asks "This event / This and following events / All events" and waits for the answer:
 * `const scope = await askScope('move')`, null when the user cancels (the caller then reverts).
 * Render <RecurrenceScopeDialog {...dialog} /> where the hook is used.
 */
export function useRecurrenceScope(): { askScope(action: RecurrenceAction): Promise<RecurrenceScope | null>; dialog: RecurrenceScopeDialogState } {
  // The action stays after closing, so the dialog keeps its title while it animates away.
  const [state, setState] = useState<{ open: boolean; action: RecurrenceAction }>({ open: false, action: 'edit' });
  const pending = useRef<((scope: RecurrenceScope | null) => void) | null>(null);

  const settle = useCallback((scope: RecurrenceScope | null) => {
    const resolve = pending.current;
    pending.current = null;
    setState((current) => ({ ...current, open: false }));
    resolve?.(scope);
  }, []);

  const askScope = useCallback((action: RecurrenceAction) => {
    // A question still open is cancelled: only the latest one can be answered.
    pending.current?.(null);
    return new Promise<RecurrenceScope | null>((resolve) => {
      pending.current = resolve;
      setState({ open: true, action });
    });
  }, []);

  // Unmounted while asking: the caller's promise still settles, as a cancel.
  useEffect(() => () => pending.current?.(null), []);

  return { askScope, dialog: { ...state, onResolve: settle } };
}
