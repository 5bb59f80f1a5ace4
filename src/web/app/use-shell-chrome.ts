import { startTransition, useCallback, useState } from 'react';
import { preloadStatusParts } from '../components/status-parts.tsx';
import { preloadEventDialogs } from '../features/events/components/lazy-event-dialogs.tsx';
import { useHost } from '../host/host-context.tsx';
import { preloadCalendarDrawer } from './calendar-panel.tsx';
import { preloadChrome } from './lazy-chrome.tsx';

/**
 * When the header's commands and the panel's contents show: just after the calendar's first events, in their kept
 * place, so on a slow phone the events show first; without a calendar to wait for (its calendars failed), at once.
 */
/** `drawer`: the calendar panel is a drawer (phones and narrow windows), whose code is fetched ahead of its first opening. */
export function useShellChrome(drawer: boolean, calendarsFailed: boolean) {
  const { notifyReady } = useHost();
  const [calendarShown, setCalendarShown] = useState(false);
  // Once the calendar's first events are painted (it says so after their paint), the rest comes: the chrome, the host
  // told the app is ready, and the dialogs' (and the drawer's, where the panel is one) code while the user looks, ready for the
  // first tap. Not before: the chrome's render and the preloads' work would hold up that paint. The chrome renders
  // once its code is here, all at once, rather than each part when it comes.
  const onFirstRender = useCallback(() => {
    void preloadChrome().then(() => startTransition(() => setCalendarShown(true)));
    notifyReady();
    preloadEventDialogs();
    preloadStatusParts();
    if (drawer) preloadCalendarDrawer();
  }, [notifyReady, drawer]);
  return { chromeShown: calendarShown || calendarsFailed, onFirstRender };
}
