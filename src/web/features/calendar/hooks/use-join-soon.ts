import { useEffect, type RefObject } from 'react';
import { useOpenLink } from '../../../host/open-link.ts';
import { JOIN_SOON_CLASS } from '../components/event-join-soon.tsx';
import { isJoinOpen, JOIN_SOON_REFRESH_MS } from '../lib/join-soon.ts';

/** Events that start what a press on an event does: FullCalendar's click, drag and keyboard handling. */
const PRESS_EVENTS = ['pointerdown', 'mousedown', 'touchstart'] as const;

/**
 * The "Join" marks inside the calendar's events: a press on one joins the meeting and is kept from the event under it
 * (no details, no drag), caught before FullCalendar's listeners see it. The marks are shown and hidden as the clock
 * passes their windows, with no render of the calendar.
 */
export function useJoinSoon(rootRef: RefObject<HTMLElement | null>): void {
  const openLink = useOpenLink();
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const markOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>(`.${JOIN_SOON_CLASS}`) : null);
    const swallow = (event: Event) => {
      if (!markOf(event)) return;
      event.stopPropagation();
      // Nor does it focus the event (whose focus would show its card).
      if (event.type === 'mousedown') event.preventDefault();
    };
    const join = (event: Event) => {
      const mark = markOf(event);
      if (!mark?.dataset.joinUrl) return;
      event.stopPropagation();
      event.preventDefault();
      openLink(mark.dataset.joinUrl);
    };
    const refresh = () => {
      const now = Date.now();
      for (const mark of root.querySelectorAll<HTMLElement>(`.${JOIN_SOON_CLASS}`)) {
        mark.hidden = !isJoinOpen({ fromMs: Number(mark.dataset.joinFrom), untilMs: Number(mark.dataset.joinUntil) }, now);
      }
    };
    for (const type of PRESS_EVENTS) root.addEventListener(type, swallow, true);
    root.addEventListener('click', join, true);
    const timer = window.setInterval(refresh, JOIN_SOON_REFRESH_MS);
    return () => {
      for (const type of PRESS_EVENTS) root.removeEventListener(type, swallow, true);
      root.removeEventListener('click', join, true);
      window.clearInterval(timer);
    };
  }, [rootRef, openLink]);
}
