import type { DatesSetInfo, EventInput } from '@fullcalendar/react';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { WINDOW_TOO_FULL_TYPE } from '../../../../shared/problem.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { ApiError, type ApiClient } from '../../../lib/api-client.ts';
import { takeFirstLoadEvents } from '../../../lib/first-load.ts';
import { offlineWindow, saveWindow } from '../../../lib/offline-copy.ts';
import { isNetworkFailure, reportOfflineCopyShown } from '../../../lib/offline-status.ts';
import type { WindowQuery } from '../../../lib/offline-windows.ts';
import type { CategoryFilter } from '../../../lib/category-filter.ts';
import { neighbourRanges, type TimeRange } from '../../../lib/view-ranges.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { useLiveChanges, type LiveHint } from '../hooks/use-live-changes.ts';
import { eventLooks, shownWith, type ResolvedLook } from '../lib/event-looks.ts';
import { createWindowSource, type WindowListener, type WindowSourceDeps } from '../lib/window-source.ts';

export interface EventsQuery {
  /** ISO date or date-time, as FullCalendar gives it. */
  start: string;
  end: string;
  timeZone: string;
  calendarIds: readonly string[];
}

const queryOf = ({ fromMs, toMs }: TimeRange, timeZone: string, calendarIds: readonly string[]): EventsQuery => ({
  start: new Date(fromMs).toISOString(),
  end: new Date(toMs).toISOString(),
  timeZone,
  calendarIds,
});

const rangeOf = (info: { startStr: string; endStr: string }): TimeRange => ({ fromMs: Date.parse(info.startStr), toMs: Date.parse(info.endStr) });

export async function getEvents(api: ApiClient, { start, end, timeZone, calendarIds }: EventsQuery): Promise<CalendarEvent[]> {
  const query = new URLSearchParams({ start, end, timeZone });
  for (const id of calendarIds) query.append('calendarId', id);
  return (await api.request<CalendarEvent[]>('/events', { query })).data;
}

/**
 * Without the event's url: FullCalendar would render every event with one as a link, which a middle-click or
 * ctrl-click follows unchecked. The details dialog shows the link, checked.
 * Without an occurrence's groupId too: FullCalendar drags every event of a group together, while the user is
 * only asked which occurrences move once they drop one (extendedProps.seriesId still names the series).
 */
function toEventInput({ url: _url, ...withGroup }: CalendarEvent, resolved: ResolvedLook | undefined, liveHint: LiveHint | undefined): EventInput {
  const { groupId: _groupId, ...withoutGroup } = withGroup;
  const bare = withGroup.extendedProps.seriesId ? withoutGroup : withGroup;
  // Who just changed it, for its rendering (event-live-hint.tsx).
  const event = liveHint ? { ...bare, extendedProps: { ...bare.extendedProps, liveHint } } : bare;
  if (!resolved) return { ...event, editable: false };
  // The category's icon and name, for the event's rendering (event-content.tsx).
  if (resolved.category) return { ...event, ...resolved.look, extendedProps: { ...event.extendedProps, category: resolved.category } };
  return { ...event, ...resolved.look };
}

/** The most events a window may hold, when the server refused it for holding more; null for any other failure. */
function windowTooFullLimit(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.problem.type !== WINDOW_TOO_FULL_TYPE) return null;
  return typeof error.problem.limit === 'number' ? error.problem.limit : null;
}

/** Whether windows may be fetched ahead: online, and not where the user asked the browser to save data. */
function mayFetchAhead(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return navigator.onLine && connection?.saveData !== true;
}

/** The view on screen, as far as its events' source needs it: its type and the range it shows. */
export interface ShownView {
  type: string;
  activeStart: Date;
  activeEnd: Date;
}

export interface EventWindowsSource {
  /** The events for FullCalendar: every window held, as one list that changes only when a window comes in. */
  events: EventInput[];
  /** To be told each time the calendar sets its dates. */
  onDatesSet(info: DatesSetInfo): void;
  /** Fetches the period shown again, after a change. */
  refetch(): void;
}

/**
 * The events of the visible calendars, by windows of time (see createWindowSource), for FullCalendar as a plain
 * list: a move to a period held draws at once, with nothing for the calendar to fetch or read in. A new source (another
 * user, zone or set of calendars) starts with the session's first window if it is for it, else with none.
 */
export function useEventWindows(
  calendars: readonly Calendar[],
  visibleCalendarIds: readonly string[],
  categoryFilter: CategoryFilter,
  timeZone: string,
  listener: WindowListener,
  shownView: () => ShownView | null,
): EventWindowsSource {
  const { getAccessToken, me } = useAuth();
  const api = useApiClient();
  const latestListener = useRef(listener);
  useEffect(() => {
    latestListener.current = listener;
  });
  const source = useMemo(() => {
    const windowOf = (range: TimeRange): WindowQuery => ({ ...range, timeZone, calendarIds: visibleCalendarIds });
    const deps: WindowSourceDeps = {
      // No calendar ids would mean "all calendars" to the API.
      fetchWindow: async (range) => (visibleCalendarIds.length === 0 ? [] : getEvents(api, queryOf(range, timeZone, visibleCalendarIds))),
      fallback: async (range, error) => {
        const kept = isNetworkFailure(error) ? await offlineWindow(me, windowOf(range)) : null;
        if (kept === null) throw error;
        reportOfflineCopyShown(kept.fetchedAt, 'events');
        return { events: kept.data, fetchedAt: kept.fetchedAt };
      },
      tooFullLimit: windowTooFullLimit,
      neighbours: (viewType, range) => neighbourRanges(viewType, range, timeZone),
      mayFetchAhead,
      whenIdle,
      shown: (range, events) => whenIdle(() => saveWindow(me, windowOf(range), [...events])),
      now: Date.now,
    };
    return createWindowSource(deps, takeFirstLoadEvents(getAccessToken, timeZone, visibleCalendarIds));
  }, [getAccessToken, me, api, visibleCalendarIds, timeZone]);
  const held = useSyncExternalStore(source.subscribe, source.events);
  const hintOf = useLiveChanges(visibleCalendarIds, source.refresh, me.id);
  // Looks worked out once a set of calendars, not once an event: a window can hold thousands. The category filter
  // picks from the events held, with nothing to fetch.
  const events = useMemo(() => {
    const looks = eventLooks(calendars);
    const shown: EventInput[] = [];
    for (const event of held) {
      const resolved = looks.of(event);
      if (shownWith(categoryFilter, resolved)) shown.push(toEventInput(event, resolved, hintOf(event)));
    }
    return shown;
  }, [held, calendars, categoryFilter, hintOf]);
  // The calendar says nothing when only its events' source changes (another set of calendars): the new source is
  // told what it shows here.
  useEffect(() => {
    const view = shownView();
    if (view) source.show(view.type, rangeOf({ startStr: view.activeStart.toISOString(), endStr: view.activeEnd.toISOString() }), latestListener.current);
  }, [source, shownView]);
  const onDatesSet = useCallback((info: DatesSetInfo) => source.show(info.view.type, rangeOf(info), latestListener.current), [source]);
  return { events, onDatesSet, refetch: source.refetch };
}
