import { useEffect } from 'react';

// Changes made far from the calendar view (an import from the side panel's calendar menu) tell the shell, which
// refetches the events it shows, without threading a callback through every component between them.
const EVENTS_CHANGED = 'company-calendar:events-changed';

/** Says that events changed on the server: the calendar shown fetches them again. */
export function announceEventsChanged(): void {
  window.dispatchEvent(new Event(EVENTS_CHANGED));
}

/** Calls onChanged whenever announceEventsChanged is called. */
export function useEventsChanged(onChanged: () => void): void {
  useEffect(() => {
    window.addEventListener(EVENTS_CHANGED, onChanged);
    return () => window.removeEventListener(EVENTS_CHANGED, onChanged);
  }, [onChanged]);
}
