import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps focus in a list when the row that had it goes (restored, deleted for good): on the list's first button, else
 * on the list itself (give it tabIndex -1), so focus stays in its dialog and Esc still closes it. Acts only when the
 * rows change after being shown, and only when focus was lost (it sits on the page's body).
 */
export function useFocusKeptIn(container: RefObject<HTMLElement | null>, rows: unknown): void {
  const shown = useRef<unknown>(undefined);
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = rows;
    const element = container.current;
    if (before === undefined || before === rows || !element) return;
    const active = element.ownerDocument.activeElement;
    if (active !== null && active !== element.ownerDocument.body) return;
    (element.querySelector<HTMLElement>('button') ?? element).focus();
  }, [container, rows]);
}
