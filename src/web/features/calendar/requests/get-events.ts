import type { EventInput, EventSourceFunc, EventSourceFuncInfo } from '@fullcalendar/react';
import { useMemo } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { WINDOW_TOO_FULL_TYPE } from '../../../../shared/problem.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { ApiError, type ApiClient } from '../../../lib/api-client.ts';
import { takeFirstLoadEvents } from '../../../lib/first-load.ts';
import { offlineWindow, saveWindow, type UserRef } from '../../../lib/offline-copy.ts';
import { isNetworkFailure, reportOfflineCopyShown } from '../../../lib/offline-status.ts';
import type { WindowQuery } from '../../../lib/offline-windows.ts';
import { readableTextOn } from '../../../lib/color-contrast.ts';
import { neighbourRanges, type TimeRange } from '../../../lib/view-ranges.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { createWindowPrefetch } from '../lib/window-prefetch.ts';

export interface EventsQuery {
  /** ISO date or date-time, as FullCalendar gives it. */
  start: string;
  end: string;
  timeZone: string;
  calendarIds: readonly string[];
}

export async function getEvents(api: ApiClient, { start, end, timeZone, calendarIds }: EventsQuery): Promise<CalendarEvent[]> {
  const query = new URLSearchParams({ start, end, timeZone });
  for (const id of calendarIds) query.append('calendarId', id);
  return (await api.request<CalendarEvent[]>('/events', { query })).data;
}

/** What an event takes from its calendar: its colours and whether the user may move it. */
type CalendarLook = Pick<EventInput, 'color' | 'contrastColor' | 'editable'>;

function lookOf(calendar: Calendar): CalendarLook {
  return { color: calendar.color, contrastColor: readableTextOn(calendar.color).color, editable: calendar.canEdit };
}

/**
 * Without the event's url: FullCalendar would render every event with one as a link, which a middle-click or
 * ctrl-click follows unchecked. The details dialog shows the link, checked.
 * Without an occurrence's groupId too: FullCalendar drags every event of a group together, while the user is
 * only asked which occurrences move once they drop one (extendedProps.seriesId still names the series).
 */
function toEventInput({ url: _url, ...withGroup }: CalendarEvent, look: CalendarLook | undefined): EventInput {
  const { groupId: _groupId, ...withoutGroup } = withGroup;
  const event = withGroup.extendedProps.seriesId ? withoutGroup : withGroup;
  return look ? { ...event, ...look } : { ...event, editable: false };
}

/** The most events a window may hold, when the server refused it for holding more; null for any other failure. */
function windowTooFullLimit(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.problem.type !== WINDOW_TOO_FULL_TYPE) return null;
  return typeof error.problem.limit === 'number' ? error.problem.limit : null;
}

/** Offline: the window's events from the user's offline copy, when it holds them; else the request's own failure. */
async function offlineEvents(user: UserRef, query: WindowQuery, error: unknown): Promise<CalendarEvent[]> {
  const kept = isNetworkFailure(error) ? await offlineWindow(user, query) : null;
  if (kept === null) throw error;
  reportOfflineCopyShown(kept.fetchedAt, 'events');
  return kept.data;
}

/** The view on screen, as far as fetching ahead needs it: its type and the range it shows. */
export interface ShownView {
  type: string;
  activeStart: Date;
  activeEnd: Date;
}

/** Whether windows may be fetched ahead: online, and not where the user asked the browser to save data. */
function mayFetchAhead(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return navigator.onLine && connection?.saveData !== true;
}

const rangeOf = (info: { startStr: string; endStr: string }): TimeRange => ({ fromMs: Date.parse(info.startStr), toMs: Date.parse(info.endStr) });

/**
 * FullCalendar's event source for the visible calendars. A function rather than the JSON feed,
 * because the feed cannot send the Authorization header. Stable while its inputs are, so
 * FullCalendar only refetches when the visible calendars change.
 * A window too full to answer is no failure: it shows no events, and onWindowTooFull gets the limit (null again
 * once a window loads), so the calendar can ask for a narrower view rather than raise an error.
 * Once a window shows, the windows either side are fetched ahead when the page is idle, so "previous" and "next"
 * draw at once; a new source (another user, zone or set of calendars) starts with none.
 */
export function useEventSource(
  calendars: readonly Calendar[],
  visibleCalendarIds: readonly string[],
  timeZone: string,
  onWindowTooFull: (limit: number | null) => void,
  shownView: () => ShownView | null,
): EventSourceFunc {
  const { getAccessToken, me } = useAuth();
  const api = useApiClient();
  return useMemo(() => {
    // Worked out once a calendar, not once an event: a window can hold thousands.
    const looks = new Map(calendars.map((calendar) => [calendar.id, lookOf(calendar)]));
    // Only the latest fetch speaks: an older window answering late must not bring back or clear the message.
    let latest = 0;
    const toInputs = (events: CalendarEvent[]) => events.map((event) => toEventInput(event, looks.get(event.extendedProps.calendarId)));
    const queryOf = ({ fromMs, toMs }: TimeRange): EventsQuery => ({
      start: new Date(fromMs).toISOString(),
      end: new Date(toMs).toISOString(),
      timeZone,
      calendarIds: visibleCalendarIds,
    });
    const windowOf = (range: TimeRange): WindowQuery => ({ ...range, timeZone, calendarIds: visibleCalendarIds });
    const ahead = createWindowPrefetch((range) => getEvents(api, queryOf(range)));
    // Only while the view still shows the window: by idle time the user may have moved on.
    const fetchAround = (range: TimeRange) =>
      whenIdle(() => {
        const view = shownView();
        if (!view || !mayFetchAhead() || view.activeStart.getTime() !== range.fromMs || view.activeEnd.getTime() !== range.toMs) return;
        ahead.prefetch(neighbourRanges(view.type, range, timeZone));
      });
    // The offline copy and the windows either side wait for the window to be on screen.
    const shown = (range: TimeRange, events: CalendarEvent[]) => {
      whenIdle(() => saveWindow(me, windowOf(range), events));
      fetchAround(range);
      return toInputs(events);
    };
    const load = async (range: TimeRange, report: (limit: number | null) => void, pending: Promise<CalendarEvent[]> | null): Promise<EventInput[]> => {
      try {
        const events = await (pending ?? getEvents(api, queryOf(range)));
        report(null);
        return shown(range, events);
      } catch (error) {
        const limit = windowTooFullLimit(error);
        report(limit);
        return limit === null ? toInputs(await offlineEvents(me, windowOf(range), error)) : [];
      }
    };
    return (info: EventSourceFuncInfo, success: (events: EventInput[]) => void): Promise<EventInput[]> | undefined => {
      const fetchNumber = ++latest;
      const report = (limit: number | null) => {
        if (fetchNumber === latest) onWindowTooFull(limit);
      };
      // No calendar ids would mean "all calendars" to the API.
      if (visibleCalendarIds.length === 0) {
        report(null);
        return Promise.resolve([]);
      }
      const range = rangeOf(info);
      // The first range from the session's first load, when it asked for that range, else one fetched ahead; a
      // failure of either is this request's.
      const request = { startStr: info.startStr, endStr: info.endStr, timeZone, calendarIds: visibleCalendarIds };
      const pending = takeFirstLoadEvents(getAccessToken, request) ?? ahead.take(range);
      if (Array.isArray(pending)) {
        // In already: handed over at once, so FullCalendar draws them in this render rather than an empty grid first.
        // The message waits for the render to end: a state change in the middle of another component's is refused.
        queueMicrotask(() => report(null));
        success(shown(range, pending));
        return undefined;
      }
      return load(range, report, pending);
    };
  }, [getAccessToken, me, api, calendars, visibleCalendarIds, timeZone, onWindowTooFull, shownView]);
}
