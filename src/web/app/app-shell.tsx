import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { useAuth } from '../auth/auth-context.ts';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { LoadingSpinner, Notice, preloadStatusParts } from '../components/status-parts.tsx';
import { CalendarView, type CalendarViewHandle } from '../features/calendar/components/calendar-view.tsx';
import { CALENDARS_QUERY_KEY, useCalendars } from '../features/calendars/requests/get-calendars.ts';
import { ManageCalendarsDialog } from '../features/calendars/components/lazy-manage-calendars-dialog.tsx';
import { useHiddenCalendars } from '../features/calendars/hooks/use-hidden-calendars.ts';
import { CALENDARS_MESSAGES } from '../features/calendars/lib/calendars-messages.ts';
import { tabCalendarIds } from '../features/calendars/lib/tab-calendars.ts';
import type { EventFormTarget } from '../features/events/components/event-form-dialog.tsx';
import { EventDetailsDialog, EventFormDialog, preloadEventDialogs, RecurrenceScopeDialog } from '../features/events/components/lazy-event-dialogs.tsx';
import { useEventMoveHandler } from '../features/events/hooks/use-event-move-handler.ts';
import { useLinkedEvent } from '../features/events/hooks/use-linked-event.ts';
import { useNewEventLink } from '../features/events/hooks/use-new-event-link.ts';
import { useHost } from '../host/host-context.tsx';
import { useRegionalSettings } from '../host/regional-settings.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { useOfflineStatus, useOnReconnect } from '../lib/use-offline-status.ts';
import type { DateSpan } from '../lib/date-span.ts';
import type { EventKey } from '../lib/event-key.ts';
import { PHONE_LAYOUT_QUERY } from '../lib/phone-layout.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { AppHeader } from './app-header.tsx';
import { CalendarPanel, preloadCalendarDrawer } from './calendar-panel.tsx';
import { PanelContents, preloadChrome } from './lazy-chrome.tsx';
import { KeyboardShortcutsDialog } from './lazy-keyboard-shortcuts-dialog.tsx';
import { useKeyboardShortcuts, type ShortcutAction } from './keyboard-shortcuts.ts';
import { OfflineBar } from './offline-bar.tsx';
import { useCalendarPanel } from './use-calendar-panel.ts';
import { useFocusReturn } from './use-focus-return.ts';
import { SHELL_MESSAGES } from './shell-messages.ts';
import { useDeviceSettingsCarriedOver } from '../lib/user-settings/use-user-settings.ts';

const NO_CALENDARS: Calendar[] = [];

const useStyles = makeStyles({
  // Flex all the way down, no fixed heights: a phone's or Teams mobile's webview may be any height.
  root: { display: 'flex', flexDirection: 'column', height: '100%', '@media print': { display: 'block', height: 'auto' } },
  body: { display: 'flex', flexGrow: 1, minHeight: 0, '@media print': { display: 'block' } },
  main: {
    flexGrow: 1,
    minWidth: 0,
    minHeight: 0,
    padding: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    '@media print': { display: 'block', padding: 0 },
  },
  mainPhone: { padding: 0, gap: 0 },
  calendar: { flexGrow: 1, minHeight: 0 },
});

/** The signed-in app: header, calendar panel, calendar, and the dialogs that act on events. */
export function AppShell() {
  const styles = useStyles();
  const intl = useIntl();
  const { me, signOut } = useAuth();
  const { notifyReady, notifyExpectedFailure } = useHost();
  const { timeZoneChoice } = useRegionalSettings();
  useDeviceSettingsCarriedOver();
  // A Teams or SharePoint tab shows the calendars chosen when it was added.
  const [tabCalendars] = useState(() => tabCalendarIds(window.location.search));
  const calendarsQuery = useCalendars();
  const allCalendars = calendarsQuery.data ?? NO_CALENDARS;
  const { offline } = useOfflineStatus();
  const calendars = useMemo(() => {
    const shown = tabCalendars === null ? allCalendars : allCalendars.filter((calendar) => tabCalendars.includes(calendar.id));
    // Offline the calendar is read-only: no calendar offers creating, editing, moving or deleting (the bar says why).
    return offline ? shown.map((calendar) => ({ ...calendar, canEdit: false })) : shown;
  }, [allCalendars, tabCalendars, offline]);
  // Back online: what the offline copy showed is fetched afresh (the calendar refetches its events with its calendars).
  const queryClient = useQueryClient();
  useOnReconnect(useCallback(() => void queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY }), [queryClient]));
  const { hidden, setVisible } = useHiddenCalendars();
  const phone = useMediaQuery(PHONE_LAYOUT_QUERY);
  const panel = useCalendarPanel(phone);
  const calendarView = useRef<CalendarViewHandle>(null);
  const focusReturn = useFocusReturn(calendarView);
  // Which event's details are open; keyed by ids so a link can open one too.
  const [openEvent, setOpenEvent] = useState<EventKey | null>(null);
  const [form, setForm] = useState<EventFormTarget | null>(null);
  const [managingCalendars, setManagingCalendars] = useState(false);
  // Where a link took the user: the calendar shows that period, once it is there.
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const [shortcutsShown, setShortcutsShown] = useState(false);

  const visibleCalendarIds = useMemo(
    () => calendars.filter((calendar) => !hidden.includes(calendar.id)).map((calendar) => calendar.id),
    [calendars, hidden],
  );
  const canCreate = calendars.some((calendar) => calendar.canEdit);
  const refetchEvents = useCallback(() => calendarView.current?.refetchEvents(), []);
  const { onEventChange: handleEventMove, scopeDialog } = useEventMoveHandler(refetchEvents);
  // The header's commands and the panel's contents come just after the calendar's first events, in their kept place:
  // on a slow phone the events show first. Without a calendar to wait for (its calendars failed) they come at once.
  const [calendarShown, setCalendarShown] = useState(false);
  const chromeShown = calendarShown || calendarsQuery.isError;
  // Once the calendar's first events are painted (it says so after their paint), the rest comes: the chrome, the host
  // told the app is ready, and the dialogs' (and on phones the drawer's) code while the user looks, ready for the
  // first tap. Not before: the chrome's render and the preloads' work would hold up that paint. The chrome renders
  // once its code is here, all at once, rather than each part when it comes.
  const handleFirstRender = useCallback(() => {
    void preloadChrome().then(() => startTransition(() => setCalendarShown(true)));
    notifyReady();
    preloadEventDialogs();
    preloadStatusParts();
    if (phone) preloadCalendarDrawer();
  }, [notifyReady, phone]);
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

  useKeyboardShortcuts(
    useCallback(
      (action: ShortcutAction) => {
        const view = calendarView.current;
        if (action === 'help') showShortcuts();
        else if (action === 'create') {
          // On the day focus is on, if any.
          if (canCreate && !view?.createAtFocus()) openCreateForm(null);
        } else if (action === 'today') view?.today();
        else if (action === 'next') view?.next();
        else if (action === 'previous') view?.previous();
        else view?.showView(action);
      },
      [canCreate, openCreateForm, showShortcuts],
    ),
  );

  // The app shows this failure with its Try again: an expected one, so Teams keeps the tab and its button on screen.
  useEffect(() => {
    if (calendarsQuery.isError) notifyExpectedFailure({ reason: 'other', message: errorMessage(calendarsQuery.error) });
  }, [calendarsQuery.isError, calendarsQuery.error, notifyExpectedFailure]);

  useNewEventLink(setForm, calendarsQuery.isSuccess);
  useLinkedEvent(
    useCallback(
      (event: CalendarEvent) => {
        openEventDetails({ calendarId: event.extendedProps.calendarId, eventId: event.id });
        setFocusDate(event.start);
      },
      [openEventDetails],
    ),
  );

  return (
    <div className={styles.root}>
      <AppHeader
        me={me}
        phone={phone}
        commandsShown={chromeShown}
        // The drawer is not in the page while closed: the toggle controls an id only beside the side panel.
        panel={{ id: phone ? null : panel.id, expanded: panel.open, onToggle: () => panel.setOpen(!panel.open) }}
        onNewEvent={canCreate ? () => openCreateForm(null) : null}
        onManageCalendars={
          me.roles.includes('admin')
            ? () => {
                focusReturn.opened();
                setManagingCalendars(true);
              }
            : null
        }
        onSignOut={signOut}
        onShowShortcuts={showShortcuts}
      />
      <OfflineBar />
      <div className={styles.body}>
        <CalendarPanel phone={phone} id={panel.id} open={panel.open} onOpenChange={panel.setOpen}>
          {chromeShown && (
            <PanelContents
              list={{ calendars, status: calendarsQuery.status, hidden, onVisibleChange: setVisible }}
              timeZone={timeZoneChoice ?? null}
            />
          )}
        </CalendarPanel>
        <main className={mergeClasses(styles.main, phone && styles.mainPhone)}>
          {/* The one place the calendars' load failure shows, with its retry: the panel only lists what loaded. */}
          {calendarsQuery.isSuccess && tabCalendars !== null && calendars.length === 0 && (
            <Notice intent="warning">{intl.formatMessage(SHELL_MESSAGES.calendarsGone)}</Notice>
          )}
          {calendarsQuery.isError && (
            <Notice intent="error" action={{ label: intl.formatMessage(COMMON_MESSAGES.tryAgain), onClick: () => void calendarsQuery.refetch() }}>
              {intl.formatMessage(SHELL_MESSAGES.calendarsFailed, { reason: errorMessage(calendarsQuery.error, intl) })}
            </Notice>
          )}
          <div className={styles.calendar}>
            {/* Only with its calendars known: the first events shown are then the real ones. */}
            {calendarsQuery.isSuccess ? (
              <CalendarView
                ref={calendarView}
                calendars={calendars}
                visibleCalendarIds={visibleCalendarIds}
                phone={phone}
                canCreate={canCreate}
                onOpenEvent={openEventDetails}
                onSelectRange={openCreateForm}
                onEventChange={handleEventMove}
                onFirstRender={handleFirstRender}
                focusDate={focusDate}
              />
            ) : (
              calendarsQuery.isPending && <LoadingSpinner label={intl.formatMessage(CALENDARS_MESSAGES.loading)} />
            )}
          </div>
        </main>
      </div>
      {openEvent && (
        <EventDetailsDialog
          key={`${openEvent.calendarId}/${openEvent.eventId}`}
          eventKey={openEvent}
          calendars={calendars}
          onClose={() => {
            setOpenEvent(null);
            focusReturn.closed();
          }}
          onEdit={(event, scope) => {
            setOpenEvent(null);
            setForm(scope ? { mode: 'edit', event, scope } : { mode: 'edit', event });
          }}
          onDuplicate={(event) => {
            setOpenEvent(null);
            setForm({ mode: 'create', range: null, copyOf: event });
          }}
          onChanged={refetchEvents}
        />
      )}
      {form && (
        <EventFormDialog
          target={form}
          calendars={calendars}
          onClose={() => {
            setForm(null);
            focusReturn.closed();
          }}
          onSaved={(event) => focusReturn.saved(event.id)}
          onChanged={refetchEvents}
        />
      )}
      <RecurrenceScopeDialog {...scopeDialog} />
      {managingCalendars && (
        <ManageCalendarsDialog
          onClose={() => {
            setManagingCalendars(false);
            focusReturn.closed();
          }}
        />
      )}
      {shortcutsShown && (
        <KeyboardShortcutsDialog
          onClose={() => {
            setShortcutsShown(false);
            focusReturn.closed();
          }}
        />
      )}
    </div>
  );
}
