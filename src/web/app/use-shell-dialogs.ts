import { useCallback, useState } from 'react';
import type { EventFormTarget } from '../features/events/components/event-form-dialog.tsx';
import type { DateSpan } from '../lib/date-span.ts';
import type { EventKey } from '../lib/event-key.ts';
import type { FocusReturn } from './use-focus-return.ts';

/** One dialog's state, null while closed: opened remembering what had focus, closed giving it back. */
function useDialog<T>(focusReturn: FocusReturn) {
  const [shown, setShown] = useState<T | null>(null);
  const open = useCallback(
    (value: T) => {
      focusReturn.opened();
      setShown(value);
    },
    [focusReturn],
  );
  const close = useCallback(() => {
    setShown(null);
    focusReturn.closed();
  }, [focusReturn]);
  return { shown, open, close };
}

/**
 * Which of the shell's dialogs is open, and the ways to open and close them: each remembers what had focus when it
 * opened, and gives it back when it closes.
 */
export function useShellDialogs(focusReturn: FocusReturn) {
  // Which event's details are open; keyed by ids so a link can open one too.
  const [openEvent, setOpenEvent] = useState<EventKey | null>(null);
  const [form, setForm] = useState<EventFormTarget | null>(null);
  const managing = useDialog<true>(focusReturn);
  const shortcuts = useDialog<true>(focusReturn);
  // Open with the calendar to offer first, if any (its menu's Subscribe…).
  const subscriptions = useDialog<{ calendarId?: string }>(focusReturn);
  // The calendar whose deleted events are shown (its menu's Deleted events…).
  const trash = useDialog<string>(focusReturn);
  // The calendar an .ics file is being imported into (its menu's Import…).
  const importing = useDialog<string>(focusReturn);
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
  // One dialog leading to another (details to the form) keeps the first one's opener: no closed() between them.
  const closing = (close: () => void) => () => {
    close();
    focusReturn.closed();
  };
  return {
    openEvent,
    form,
    managingCalendars: managing.shown !== null,
    shortcutsShown: shortcuts.shown !== null,
    subscriptionsFor: subscriptions.shown,
    trashOf: trash.shown,
    importInto: importing.shown,
    setForm,
    openCreateForm,
    openEventDetails,
    showShortcuts: () => shortcuts.open(true),
    manageCalendars: () => managing.open(true),
    showSubscriptions: (calendarId?: string) => subscriptions.open(calendarId === undefined ? {} : { calendarId }),
    showTrash: trash.open,
    showImport: importing.open,
    detailsToForm: (target: EventFormTarget) => {
      setOpenEvent(null);
      setForm(target);
    },
    closeEventDetails: closing(() => setOpenEvent(null)),
    closeForm: closing(() => setForm(null)),
    closeManageCalendars: managing.close,
    closeShortcuts: shortcuts.close,
    closeSubscriptions: subscriptions.close,
    closeTrash: trash.close,
    closeImport: importing.close,
  };
}

export type ShellDialogs = ReturnType<typeof useShellDialogs>;
