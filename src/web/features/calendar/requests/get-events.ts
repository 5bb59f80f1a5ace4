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

/**
 * Without the event's url: FullCalendar would render every event with one as a link, which a middle-click or
 * ctrl-click follows unchecked. The details dialog shows the link, checked.
 * Without an occurrence's groupId too: FullCalendar drags every event of a group together, while the user is
 * only asked which occurrences move once they drop one (extendedProps.seriesId still names the series).
 */
function toEventInput({ url: _url, ...withGroup }: CalendarEvent, calendar: Calendar | undefined): EventInput {
  const { groupId: _groupId, ...withoutGroup } = withGroup;
  const event = withGroup.extendedProps.seriesId ? withoutGroup : withGroup;
  if (!calendar) return { ...event, editable: false };
  return {
    ...event,
    color: calendar.color,
    contrastColor: readableTextOn(calendar.color).color,
    editable: calendar.canEdit,
  };
}

/** The most events a window may hold, when the server refused it for holding more; null for any other failure. */
function windowTooFullLimit(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.problem.type !== WINDOW_TOO_FULL_TYPE) return null;
  return typeof error.problem.limit === 'number' ? error.problem.limit : null;
}

function windowQuery({ start, end, timeZone, calendarIds }: EventsQuery): WindowQuery {
  return { fromMs: Date.parse(start), toMs: Date.parse(end), timeZone, calendarIds };
}

/** Offline: the window's events from the user's offline copy, when it holds them; else the request's own failure. */
async function offlineEvents(user: UserRef, query: EventsQuery, error: unknown): Promise<CalendarEvent[]> {
  const kept = isNetworkFailure(error) ? await offlineWindow(user, windowQuery(query)) : null;
  if (kept === null) throw error;
  reportOfflineCopyShown(kept.fetchedAt, 'events');
  return kept.data;
}

/**
 * FullCalendar's event source for the visible calendars. A function rather than the JSON feed,
 * because the feed cannot send the Authorization header. Stable while its inputs are, so
 * FullCalendar only refetches when the visible calendars change.
 * A window too full to answer is no failure: it shows no events, and onWindowTooFull gets the limit (null again
 * once a window loads), so the calendar can ask for a narrower view rather than raise an error.
 */
export function useEventSource(
  calendars: readonly Calendar[],
  visibleCalendarIds: readonly string[],
  timeZone: string,
  onWindowTooFull: (limit: number | null) => void,
): EventSourceFunc {
  const { getAccessToken, me } = useAuth();
  const api = useApiClient();
  return useMemo(() => {
    const byId = new Map(calendars.map((calendar) => [calendar.id, calendar]));
    // Only the latest fetch speaks: an older window answering late must not bring back or clear the message.
    let latest = 0;
    const toInputs = (events: CalendarEvent[]) => events.map((event) => toEventInput(event, byId.get(event.extendedProps.calendarId)));
    const load = async (query: EventsQuery, report: (limit: number | null) => void, preloaded: Promise<CalendarEvent[]> | null): Promise<EventInput[]> => {
      let events: CalendarEvent[];
      try {
        events = await (preloaded ?? getEvents(api, query));
        saveWindow(me, windowQuery(query), events);
      } catch (error) {
        const limit = windowTooFullLimit(error);
        if (limit !== null) {
          report(limit);
          return [];
        }
        events = await offlineEvents(me, query, error);
      }
      report(null);
      return toInputs(events);
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
      const query = { start: info.startStr, end: info.endStr, timeZone, calendarIds: visibleCalendarIds };
      // The first range from the session's first load, when it asked for that range; its failure is this request's.
      const preloaded = takeFirstLoadEvents(getAccessToken, { startStr: info.startStr, endStr: info.endStr, timeZone, calendarIds: visibleCalendarIds });
      if (Array.isArray(preloaded)) {
        // In already: handed over at once, so FullCalendar's first render draws them rather than an empty grid first.
        saveWindow(me, windowQuery(query), preloaded);
        success(toInputs(preloaded));
        return undefined;
      }
      return load(query, report, preloaded);
    };
  }, [getAccessToken, me, api, calendars, visibleCalendarIds, timeZone, onWindowTooFull]);
}
