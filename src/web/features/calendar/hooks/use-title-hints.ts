import { useEffect, type RefObject } from 'react';
import { EVENT_TIME_CLASS, EVENT_TITLE_CLASS } from '../components/use-calendar-theme-styles.ts';

/**
 * An event whose title ends in an ellipsis gets its whole time and title as its tooltip, when pointed at or focused.
 * The tooltip is the event's accessible name word for word (its text, which screen readers already read whole), so it
 * adds nothing to hear. Worked out on demand: nothing is measured while the calendar draws.
 */
export function useTitleHints(rootRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const hint = (event: Event) => {
      const element = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-event-id]') : null;
      const title = element?.querySelector(`.${EVENT_TITLE_CLASS}`);
      if (!element || !title) return;
      if (title.scrollWidth <= title.clientWidth) {
        element.removeAttribute('title');
        return;
      }
      const time = element.querySelector(`.${EVENT_TIME_CLASS}`)?.textContent;
      element.title = [time, title.textContent].filter(Boolean).join(' ');
    };
    root.addEventListener('pointerover', hint);
    root.addEventListener('focusin', hint);
    return () => {
      root.removeEventListener('pointerover', hint);
      root.removeEventListener('focusin', hint);
    };
  }, [rootRef]);
}
