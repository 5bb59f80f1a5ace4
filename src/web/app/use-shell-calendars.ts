import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Calendar } from '../../shared/calendar-schema.ts';
import { CALENDARS_QUERY_KEY, useCalendars } from '../features/calendars/requests/get-calendars.ts';
import { useCategoryFilter } from '../features/calendars/hooks/use-category-filter.ts';
import { useHiddenCalendars } from '../features/calendars/hooks/use-hidden-calendars.ts';
import { tabCalendarIds } from '../features/calendars/lib/tab-calendars.ts';
import { useHost } from '../host/host-context.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { useOfflineStatus, useOnReconnect } from '../lib/use-offline-status.ts';

const NO_CALENDARS: Calendar[] = [];

/**
 * The calendars the shell shows: a Teams or SharePoint tab's chosen ones, else all; read-only while offline; less the
 * ones the user hid, for the calendar itself.
 */
export function useShellCalendars() {
  const { notifyExpectedFailure } = useHost();
  // A Teams or SharePoint tab shows the calendars chosen when it was added.
  const [tabCalendars] = useState(() => tabCalendarIds(window.location.search));
  const query = useCalendars();
  const allCalendars = query.data ?? NO_CALENDARS;
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
  const visibleCalendarIds = useMemo(
    () => calendars.filter((calendar) => !hidden.includes(calendar.id)).map((calendar) => calendar.id),
    [calendars, hidden],
  );
  const categoryFilter = useCategoryFilter(calendars);
  // The app shows this failure with its Try again: an expected one, so Teams keeps the tab and its button on screen.
  useEffect(() => {
    if (query.isError) notifyExpectedFailure({ reason: 'other', message: errorMessage(query.error) });
  }, [query.isError, query.error, notifyExpectedFailure]);
  return {
    query,
    calendars,
    /** A tab whose chosen calendars are all gone shows none, and says so. */
    tabCalendarsGone: query.isSuccess && tabCalendars !== null && calendars.length === 0,
    hidden,
    setVisible,
    visibleCalendarIds,
    categoryFilter,
    canCreate: calendars.some((calendar) => calendar.canEdit),
  };
}
