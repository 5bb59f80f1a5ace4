import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { useAuth } from '../auth/auth-context.ts';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { LoadingSpinner, Notice } from '../components/status-parts.tsx';
import { CalendarView } from '../features/calendar/components/calendar-view.tsx';
import type { CalendarViewHandle } from '../features/calendar/hooks/use-calendar-handle.ts';
import { CALENDARS_MESSAGES } from '../features/calendars/lib/calendars-messages.ts';
import { useEventMoveHandler } from '../features/events/hooks/use-event-move-handler.ts';
import { useLinkedEvent } from '../features/events/hooks/use-linked-event.ts';
import { useNewEventLink } from '../features/events/hooks/use-new-event-link.ts';
import { useHeaderSearch } from '../features/search/hooks/use-header-search.ts';
import { useRegionalSettings } from '../host/regional-settings.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { PHONE_LAYOUT_QUERY } from '../lib/phone-layout.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { useDeviceSettingsCarriedOver } from '../lib/user-settings/use-user-settings.ts';
import { AppHeader } from './app-header.tsx';
import { CalendarPanel } from './calendar-panel.tsx';
import { PanelContents } from './lazy-chrome.tsx';
import { useKeyboardShortcuts, type ShortcutAction } from './keyboard-shortcuts.ts';
import { ShellConnection } from './shell-connection.tsx';
import { ShellDialogs } from './shell-dialogs.tsx';
import { SHELL_MESSAGES } from './shell-messages.ts';
import { ShellSearchResults, useRefetchEvents, useSuggestionSource } from './shell-search-results.tsx';
import { PANEL_DRAWER_QUERY } from './side-panel-layout.ts';
import { SEARCH_COVERS_QUERY } from '../features/search/lib/search-layout.ts';
import { useCalendarPanel } from './use-calendar-panel.ts';
import { useFocusReturn } from './use-focus-return.ts';
import { useShellCalendars } from './use-shell-calendars.ts';
import { useShellChrome } from './use-shell-chrome.ts';
import { useShellDialogs, type ShellDialogs as Dialogs } from './use-shell-dialogs.ts';
import { REGION_ATTRIBUTE, useRegionJump } from './use-region-jump.ts';
import { SkipLink } from './skip-link.tsx';

const useStyles = makeStyles({
  // Flex all the way down, no fixed heights: a phone's or Teams mobile's webview may be any height.
  root: { display: 'flex', flexDirection: 'column', height: '100%', '@media print': { display: 'block', height: 'auto' } },
  // Relative: below 1024 px the search's results lie over it.
  body: { display: 'flex', flexGrow: 1, minHeight: 0, position: 'relative', '@media print': { display: 'block' } },
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

/** The app's keys (t, n, p, m, w, d, a, c, /, ?), acting on the calendar, the search box and the shell's dialogs. */
function useShellShortcuts(calendarView: () => CalendarViewHandle | null, canCreate: boolean, dialogs: Dialogs, onSearch: () => void) {
  const { openCreateForm, showShortcuts } = dialogs;
  useKeyboardShortcuts(
    useCallback(
      (action: ShortcutAction) => {
        const view = calendarView();
        if (action === 'help') showShortcuts();
        else if (action === 'search') onSearch();
        else if (action === 'create') {
          // On the day focus is on, if any.
          if (canCreate && !view?.createAtFocus()) openCreateForm(null);
        } else if (action === 'today') view?.today();
        else if (action === 'next') view?.next();
        else if (action === 'previous') view?.previous();
        else view?.showView(action);
      },
      [calendarView, canCreate, openCreateForm, showShortcuts, onSearch],
    ),
  );
}

/** An event a link names opens in its details, and the calendar goes to its period: the date returned. */
function useLinkedEventShown(openEventDetails: Dialogs['openEventDetails']): string | null {
  const [focusDate, setFocusDate] = useState<string | null>(null);
  useLinkedEvent(
    useCallback(
      (event: CalendarEvent) => {
        openEventDetails({ calendarId: event.extendedProps.calendarId, eventId: event.id });
        setFocusDate(event.start);
      },
      [openEventDetails],
    ),
  );
  return focusDate;
}

type ShellCalendars = ReturnType<typeof useShellCalendars>;

interface ShellMainProps {
  shell: ShellCalendars;
  phone: boolean;
  /** Covered whole by the search's results (below SEARCH_BESIDE_MIN_WIDTH). */
  covered: boolean;
  calendarView: RefObject<CalendarViewHandle | null>;
  dialogs: Dialogs;
  onEventChange: Parameters<typeof CalendarView>[0]['onEventChange'];
  onFirstRender(): void;
  /** Where a link took the user: the calendar shows that period, once it is there. */
  focusDate: string | null;
}

/** The calendar's region: what the skip link goes to. */
const CALENDAR_REGION_ID = 'calendar-region';

/** The page's main part: the calendar, once its calendars are known, or why they are not. */
function ShellMain({ shell, phone, covered, calendarView, dialogs, onEventChange, onFirstRender, focusDate }: ShellMainProps) {
  const styles = useStyles();
  const intl = useIntl();
  const { query } = shell;
  return (
    <main
      id={CALENDAR_REGION_ID}
      className={mergeClasses(styles.main, phone && styles.mainPhone)}
      {...{ [REGION_ATTRIBUTE]: 'calendar' }}
      aria-label={intl.formatMessage(SHELL_MESSAGES.regionCalendar)}
      // Under the search's results, out of sight: out of reach of Tab and screen readers too.
      inert={covered}
    >
      {/* The one place the calendars' load failure shows, with its retry: the panel only lists what loaded. */}
      {shell.tabCalendarsGone && <Notice intent="warning">{intl.formatMessage(SHELL_MESSAGES.calendarsGone)}</Notice>}
      {query.isError && (
        <Notice intent="error" action={{ label: intl.formatMessage(COMMON_MESSAGES.tryAgain), onClick: () => void query.refetch() }}>
          {intl.formatMessage(SHELL_MESSAGES.calendarsFailed, { reason: errorMessage(query.error, intl) })}
        </Notice>
      )}
      <div className={styles.calendar}>
        {/* Only with its calendars known: the first events shown are then the real ones. */}
        {query.isSuccess ? (
          <CalendarView
            ref={calendarView}
            calendars={shell.calendars}
            visibleCalendarIds={shell.visibleCalendarIds}
            categoryFilter={shell.categoryFilter.filter}
            phone={phone}
            canCreate={shell.canCreate}
            onOpenEvent={dialogs.openEventDetails}
            onSelectRange={dialogs.openCreateForm}
            onEventChange={onEventChange}
            onFirstRender={onFirstRender}
            focusDate={focusDate}
          />
        ) : (
          query.isPending && <LoadingSpinner label={intl.formatMessage(CALENDARS_MESSAGES.loading)} />
        )}
      </div>
    </main>
  );
}

/** The shell's state: its calendars, layout, dialogs, search and keys. */
function useAppShell() {
  useDeviceSettingsCarriedOver();
  const shell = useShellCalendars();
  const phone = useMediaQuery(PHONE_LAYOUT_QUERY);
  // On phones and narrow windows the calendars are in a drawer: beside the calendar they would squeeze its week.
  const drawer = useMediaQuery(PANEL_DRAWER_QUERY);
  const panel = useCalendarPanel(drawer);
  const calendarView = useRef<CalendarViewHandle>(null);
  const focusReturn = useFocusReturn(calendarView);
  const dialogs = useShellDialogs(focusReturn);
  const focusDate = useLinkedEventShown(dialogs.openEventDetails);
  const refetchEvents = useRefetchEvents(calendarView);
  const { onEventChange, scopeDialog } = useEventMoveHandler(refetchEvents);
  const chrome = useShellChrome(drawer, shell.query.isError);
  const search = useHeaderSearch(phone, useSuggestionSource(shell.visibleCalendarIds, dialogs, focusReturn));
  const searchCovers = useMediaQuery(SEARCH_COVERS_QUERY);
  useShellShortcuts(useCallback(() => calendarView.current, []), shell.canCreate, dialogs, search.openBox);
  useNewEventLink(dialogs.setForm, shell.query.isSuccess);
  // Into the calendar, at its own tab stop (its current day), from the skip link or F6.
  const enterCalendar = useCallback(() => calendarView.current?.restoreFocus({}), []);
  useRegionJump(useMemo(() => ({ calendar: enterCalendar }), [enterCalendar]));

  // A calendar's action chosen in the drawer closes it: the dialog it opens takes its place.
  const fromPanel = (show: (calendarId: string) => void) => (calendarId: string) => {
    if (drawer) panel.setOpen(false);
    show(calendarId);
  };
  const panelActions = { onSubscribe: fromPanel(dialogs.showSubscriptions), onShowTrash: fromPanel(dialogs.showTrash), onImport: fromPanel(dialogs.showImport) };
  return { shell, phone, drawer, panel, panelActions, calendarView, focusReturn, dialogs, focusDate, refetchEvents, onEventChange, scopeDialog, chrome, search, searchCovers, enterCalendar };
}

/** The signed-in app: header, calendar panel, calendar, and the dialogs that act on events. */
export function AppShell() {
  const styles = useStyles();
  const { me, signOut } = useAuth();
  const { timeZoneChoice } = useRegionalSettings();
  const { shell, phone, drawer, panel, panelActions, calendarView, focusReturn, dialogs, focusDate, refetchEvents, onEventChange, scopeDialog, chrome, search, searchCovers, enterCalendar } =
    useAppShell();
  return (
    <div className={styles.root}>
      <SkipLink target={CALENDAR_REGION_ID} onSkip={enterCalendar} />
      <AppHeader
        me={me}
        phone={phone}
        commandsShown={chrome.chromeShown}
        // The drawer is not in the page while closed: the toggle controls an id only beside the side panel.
        panel={{ id: drawer ? null : panel.id, expanded: panel.open, onToggle: () => panel.setOpen(!panel.open) }}
        onNewEvent={shell.canCreate ? () => dialogs.openCreateForm(null) : null}
        // Admins manage calendars; a calendar's editors manage its categories there.
        onManageCalendars={me.roles.includes('admin') || shell.canCreate ? dialogs.manageCalendars : null}
        onSignOut={signOut}
        onShowShortcuts={dialogs.showShortcuts}
        onSubscriptions={dialogs.showSubscriptions}
        search={search}
      />
      <ShellConnection live={chrome.chromeShown} />
      <div className={styles.body}>
        <CalendarPanel drawer={drawer} id={panel.id} open={panel.open} onOpenChange={panel.setOpen}>
          {chrome.chromeShown && (
            <PanelContents
              list={{ calendars: shell.calendars, status: shell.query.status, hidden: shell.hidden, onVisibleChange: shell.setVisible, ...panelActions }}
              categoryFilter={shell.categoryFilter}
              timeZone={timeZoneChoice ?? null}
            />
          )}
        </CalendarPanel>
        <ShellMain
          shell={shell}
          phone={phone}
          covered={searchCovers && chrome.chromeShown && search.shown !== null}
          calendarView={calendarView}
          dialogs={dialogs}
          onEventChange={onEventChange}
          onFirstRender={chrome.onFirstRender}
          focusDate={focusDate}
        />
        {chrome.chromeShown && (
          <ShellSearchResults search={search} calendars={shell.calendars} calendarIds={shell.visibleCalendarIds} dialogs={dialogs} focusReturn={focusReturn} />
        )}
      </div>
      <ShellDialogs dialogs={dialogs} calendars={shell.calendars} focusReturn={focusReturn} scopeDialog={scopeDialog} onChanged={refetchEvents} />
    </div>
  );
}
