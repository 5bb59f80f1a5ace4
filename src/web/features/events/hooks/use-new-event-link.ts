import { useEffect, useRef } from 'react';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import type { EventFormTarget } from '../components/event-form-dialog.tsx';
import { NEW_EVENT_PARAMS, readNewEventLink } from '../lib/new-event-link.ts';

/**
 * Opens the New event form a link asks for (`/?new=1&title=…&start=…&end=…&calendarId=…`), once, filled in with
 * what is valid, once `ready` (the calendars it may name are known); then drops the parameters, so that a reload does
 * not open it again.
 */
export function useNewEventLink(open: (target: EventFormTarget) => void, ready: boolean): void {
  const { timeZone } = useRegionalSettings();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !ready) return;
    handled.current = true;
    const link = readNewEventLink(window.location.search, timeZone);
    if (link === null) return;
    const url = new URL(window.location.href);
    for (const param of NEW_EVENT_PARAMS) url.searchParams.delete(param);
    window.history.replaceState(window.history.state, '', url);
    open({ mode: 'create', range: link.range, prefill: { title: link.title, calendarId: link.calendarId } });
  }, [open, ready, timeZone]);
}
