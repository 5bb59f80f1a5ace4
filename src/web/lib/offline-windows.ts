import type { CalendarEvent } from '../../shared/event-schema.ts';
import { rangeContains } from './view-ranges.ts';

/** How many of the last viewed windows (a month, a week, an agenda's days) a user's offline copy keeps. */
export const OFFLINE_WINDOWS_MAX = 10;

/** One window's events as the API gave them, and when. */
export interface OfflineWindow {
  fromMs: number;
  toMs: number;
  timeZone: string;
  /** The calendars asked for, sorted. */
  calendarIds: string[];
  events: CalendarEvent[];
  /** Epoch milliseconds. */
  fetchedAt: number;
}

export interface WindowQuery {
  fromMs: number;
  toMs: number;
  timeZone: string;
  calendarIds: readonly string[];
}

function sameWindow(a: WindowQuery, b: WindowQuery): boolean {
  return a.fromMs === b.fromMs && a.toMs === b.toMs && a.timeZone === b.timeZone && a.calendarIds.join() === b.calendarIds.join();
}

/** The windows with `next` as the newest, replacing an older copy of the same window, at most OFFLINE_WINDOWS_MAX. */
export function withWindow(windows: readonly OfflineWindow[], next: OfflineWindow): OfflineWindow[] {
  return [next, ...windows.filter((kept) => !sameWindow(kept, next))].slice(0, OFFLINE_WINDOWS_MAX);
}

/**
 * The newest kept window that holds everything a view asks for: its range within the window's, in the same zone, of
 * calendars it asked for; with the events of the asked calendars only. Null when none does.
 */
export function coveringWindow(windows: readonly OfflineWindow[], query: WindowQuery): { events: CalendarEvent[]; fetchedAt: number } | null {
  const found = windows.find(
    (kept) =>
      kept.timeZone === query.timeZone &&
      rangeContains(kept, query) &&
      query.calendarIds.every((id) => kept.calendarIds.includes(id)),
  );
  if (!found) return null;
  const wanted = new Set(query.calendarIds);
  return { events: found.events.filter((event) => wanted.has(event.extendedProps.calendarId)), fetchedAt: found.fetchedAt };
}
