import type { Calendar } from '../../shared/calendar-schema.ts';
import { ImportIcsDialog } from '../features/calendars/components/lazy-import-ics-dialog.tsx';
import { ManageCalendarsDialog } from '../features/calendars/components/lazy-manage-calendars-dialog.tsx';
import { CalendarActivity, CalendarTrash, CalendarTrashDialog } from '../features/events/components/lazy-calendar-views.tsx';
import { EventDetailsDialog, EventFormDialog, RecurrenceScopeDialog } from '../features/events/components/lazy-event-dialogs.tsx';
import { SubscriptionsDialog } from '../features/subscriptions/components/lazy-subscriptions-dialog.tsx';
import type { RecurrenceScopeDialogState } from '../features/events/hooks/use-recurrence-scope.ts';
import { KeyboardShortcutsDialog } from './lazy-keyboard-shortcuts-dialog.tsx';
import type { FocusReturn } from './use-focus-return.ts';
import type { ShellDialogs as Dialogs } from './use-shell-dialogs.ts';

// What Manage calendars shows of a calendar's events: they are the events feature's.
const CALENDAR_VIEWS = { Activity: CalendarActivity, Trash: CalendarTrash };

interface ShellDialogsProps {
  dialogs: Dialogs;
  calendars: readonly Calendar[];
  focusReturn: FocusReturn;
  /** The question a drag of a series' occurrence asks: which events move. */
  scopeDialog: RecurrenceScopeDialogState;
  /** Events changed: the calendar fetches its events again. */
  onChanged(): void;
}

/** The dialogs the shell opens over the calendar: an event's details, the event form, and the rest. */
export function ShellDialogs({ dialogs, calendars, focusReturn, scopeDialog, onChanged }: ShellDialogsProps) {
  const { openEvent, form } = dialogs;
  const trashOf = calendars.find((calendar) => calendar.id === dialogs.trashOf);
  const importInto = calendars.find((calendar) => calendar.id === dialogs.importInto);
  return (
    <>
      {openEvent && (
        <EventDetailsDialog
          key={`${openEvent.calendarId}/${openEvent.eventId}`}
          eventKey={openEvent}
          calendars={calendars}
          onClose={dialogs.closeEventDetails}
          onEdit={(event, scope) => dialogs.detailsToForm(scope ? { mode: 'edit', event, scope } : { mode: 'edit', event })}
          onDuplicate={(event) => dialogs.detailsToForm({ mode: 'create', range: null, copyOf: event })}
          onChanged={onChanged}
        />
      )}
      {form && (
        <EventFormDialog
          target={form}
          calendars={calendars}
          onClose={dialogs.closeForm}
          onSaved={(event) => focusReturn.saved(event.id)}
          onChanged={onChanged}
        />
      )}
      <RecurrenceScopeDialog {...scopeDialog} />
      {dialogs.managingCalendars && <ManageCalendarsDialog onClose={dialogs.closeManageCalendars} views={CALENDAR_VIEWS} />}
      {dialogs.shortcutsShown && <KeyboardShortcutsDialog onClose={dialogs.closeShortcuts} />}
      {dialogs.subscriptionsFor && <SubscriptionsDialog calendars={calendars} {...dialogs.subscriptionsFor} onClose={dialogs.closeSubscriptions} />}
      {trashOf && <CalendarTrashDialog calendar={trashOf} calendars={calendars} onClose={dialogs.closeTrash} />}
      {importInto && <ImportIcsDialog calendar={importInto} onClose={dialogs.closeImport} />}
    </>
  );
}
