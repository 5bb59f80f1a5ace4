import { useCallback, useState } from 'react';
import type { EventFormTarget } from '../features/events/components/event-form-dialog.tsx';
import type { DateSpan } from '../lib/date-span.ts';
import type { EventKey } from '../lib/event-key.ts';
import type { FocusReturn } from './use-focus-return.ts';

/**
 * Which of the shell's dialogs is open, and the ways to open and close them: each remembers what had focus when it
 * opened, and gives it back when it closes.
 */
export function useShellDialogs(focusReturn: FocusReturn) {
  // Which event's details are open; keyed by ids so a link can open one too.
  const [openEvent, setOpenEvent] = useState<EventKey | null>(null);
  const [form, setForm] = useState<EventFormTarget | null>(null);
  const [managingCalendars, setManagingCalendars] = useState(false);
  const [shortcutsShown, setShortcutsShown] = useState(false);
  // Open with the calendar to offer first, if any (its menu's Subscribe…); null while closed.
  const [subscriptionsFor, setSubscriptionsFor] = useState<{ calendarId?: string } | null>(null);
  // The calendar whose deleted events are shown (its menu's Deleted events…); null while closed.
  const [trashOf, setTrashOf] = useState<string | null>(null);
  // A touch that both selects and taps a slot asks once: the form already open stays.
  const openCreateForm = useCallback(
    (range: DateSpan | null) => {
      focusReturn.opened();
      setForm((current) => current ?? { mode: 'create', range });
    },
    [focusReturn],
  );
  const openEventDetails = useCallback(
    (event: EventKey) => {
      focusReturn.opened(event.eventId);
      setOpenEvent(event);
    },
    [focusReturn],
  );
  const showShortcuts = useCallback(() => {
    focusReturn.opened();
    setShortcutsShown(true);
  }, [focusReturn]);
  const manageCalendars = useCallback(() => {
    focusReturn.opened();
    setManagingCalendars(true);
  }, [focusReturn]);
  const showSubscriptions = useCallback((calendarId?: string) => {
    focusReturn.opened();
    setSubscriptionsFor(calendarId === undefined ? {} : { calendarId });
  }, [focusReturn]);
  const showTrash = useCallback((calendarId: string) => {
    focusReturn.opened();
    setTrashOf(calendarId);
  }, [focusReturn]);
  // One dialog leading to another (details to the form) keeps the first one's opener: no closed() between them.
  const closing = (close: () => void) => () => {
    close();
    focusReturn.closed();
  };
  return {
    openEvent,
    form,
    managingCalendars,
    shortcutsShown,
    subscriptionsFor,
    trashOf,
    setForm,
    openCreateForm,
    openEventDetails,
    showShortcuts,
    manageCalendars,
    showSubscriptions,
    showTrash,
    detailsToForm: (target: EventFormTarget) => {
      setOpenEvent(null);
      setForm(target);
    },
    closeEventDetails: closing(() => setOpenEvent(null)),
    closeForm: closing(() => setForm(null)),
    closeManageCalendars: closing(() => setManagingCalendars(false)),
    closeShortcuts: closing(() => setShortcutsShown(false)),
    closeSubscriptions: closing(() => setSubscriptionsFor(null)),
    closeTrash: closing(() => setTrashOf(null)),
  };
}

export type ShellDialogs = ReturnType<typeof useShellDialogs>;
