import { makeStyles, mergeClasses, tokens, useId } from '@fluentui/react-components';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Calendar } from '../../shared/calendar-schema.ts';
import { useAuth } from '../auth/auth-context.ts';
import { CalendarView, type CalendarViewHandle } from '../features/calendar/components/calendar-view.tsx';
import { useCalendars } from '../features/calendars/requests/get-calendars.ts';
import { CalendarList } from '../features/calendars/components/calendar-list.tsx';
import { ManageCalendarsDialog } from '../features/calendars/components/manage-calendars-dialog.tsx';
import { useHiddenCalendars } from '../features/calendars/hooks/use-hidden-calendars.ts';
import { EventDetailsDialog } from '../features/events/components/event-details-dialog.tsx';
import { EventFormDialog, type EventFormTarget } from '../features/events/components/event-form-dialog.tsx';
import { useEventMoveHandler } from '../features/events/hooks/use-event-move-handler.ts';
import type { DateSpan } from '../lib/date-span.ts';
import type { EventKey } from '../lib/event-key.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { AppHeader } from './app-header.tsx';

const NO_CALENDARS: Calendar[] = [];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%' },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  bodyNarrow: { flexDirection: 'column' },
  panel: {
    flexShrink: 0,
    width: '240px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowY: 'auto',
  },
  panelNarrow: {
    width: 'auto',
    borderRight: 'none',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  main: { flexGrow: 1, minWidth: 0, minHeight: 0, padding: tokens.spacingHorizontalM },
  mainNarrow: { minHeight: '480px', padding: tokens.spacingHorizontalXS },
});

/** The signed-in app: header, calendar panel, calendar, and the dialogs that act on events. */
export function AppShell() {
  const styles = useStyles();
  const { me, signOut } = useAuth();
  const calendars = useCalendars().data ?? NO_CALENDARS;
  const { hidden, setVisible } = useHiddenCalendars();
  const narrow = useMediaQuery('(max-width: 720px)');
  const panelId = useId('calendar-panel');
  const [panelExpanded, setPanelExpanded] = useState(false);
  const calendarView = useRef<CalendarViewHandle>(null);
  // Which event's details are open; keyed by ids so a link can open one too.
  const [openEvent, setOpenEvent] = useState<EventKey | null>(null);
  const [form, setForm] = useState<EventFormTarget | null>(null);
  const [managingCalendars, setManagingCalendars] = useState(false);
  const handleEventMove = useEventMoveHandler();

  const visibleCalendarIds = useMemo(
    () => calendars.filter((calendar) => !hidden.includes(calendar.id)).map((calendar) => calendar.id),
    [calendars, hidden],
  );
  const canCreate = calendars.some((calendar) => calendar.canEdit);
  const refetchEvents = useCallback(() => calendarView.current?.refetchEvents(), []);
  const openCreateForm = useCallback((range: DateSpan | null) => setForm({ mode: 'create', range }), []);
  const panelVisible = !narrow || panelExpanded;

  return (
    <div className={styles.root}>
      <AppHeader
        me={me}
        compact={narrow}
        panel={narrow ? { id: panelId, expanded: panelExpanded, onToggle: () => setPanelExpanded(!panelExpanded) } : null}
        onNewEvent={canCreate ? () => openCreateForm(null) : null}
        onManageCalendars={me.roles.includes('admin') ? () => setManagingCalendars(true) : null}
        onSignOut={signOut}
      />
      <div className={mergeClasses(styles.body, narrow && styles.bodyNarrow)}>
        <aside id={panelId} hidden={!panelVisible} className={mergeClasses(styles.panel, narrow && styles.panelNarrow)}>
          <CalendarList hidden={hidden} onVisibleChange={setVisible} />
        </aside>
        <main className={mergeClasses(styles.main, narrow && styles.mainNarrow)}>
          <CalendarView
            ref={calendarView}
            calendars={calendars}
            visibleCalendarIds={visibleCalendarIds}
            canCreate={canCreate}
            onOpenEvent={setOpenEvent}
            onSelectRange={openCreateForm}
            onEventChange={handleEventMove}
          />
        </main>
      </div>
      {openEvent && (
        <EventDetailsDialog
          key={`${openEvent.calendarId}/${openEvent.eventId}`}
          eventKey={openEvent}
          calendars={calendars}
          onClose={() => setOpenEvent(null)}
          onEdit={(event) => {
            setOpenEvent(null);
            setForm({ mode: 'edit', event });
          }}
          onChanged={refetchEvents}
        />
      )}
      {form && <EventFormDialog target={form} calendars={calendars} onClose={() => setForm(null)} onChanged={refetchEvents} />}
      {managingCalendars && <ManageCalendarsDialog onClose={() => setManagingCalendars(false)} />}
    </div>
  );
}
