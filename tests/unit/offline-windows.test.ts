import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { OFFLINE_WINDOWS_MAX, coveringWindow, withWindow, type OfflineWindow } from '../../src/web/lib/offline-windows.ts';

const DAY = 86_400_000;
const START = Date.UTC(2027, 0, 1);

function event(id: string, calendarId: string): CalendarEvent {
  return { id, title: id, start: '2027-01-02T09:00:00Z', end: '2027-01-02T10:00:00Z', allDay: false, extendedProps: { calendarId } } as CalendarEvent;
}

function viewed(offsetDays: number, days: number, fetchedAt: number, calendarIds = ['a', 'b']): OfflineWindow {
  return {
    fromMs: START + offsetDays * DAY,
    toMs: START + (offsetDays + days) * DAY,
    timeZone: 'Europe/London',
    calendarIds,
    events: [event(`in-a-${offsetDays}`, 'a'), event(`in-b-${offsetDays}`, 'b')],
    fetchedAt,
  };
}

describe('the windows an offline copy keeps', () => {
  it(`keeps the ${OFFLINE_WINDOWS_MAX} last viewed windows, newest first, and drops the oldest past that`, () => {
    let windows: OfflineWindow[] = [];
    for (let index = 0; index < OFFLINE_WINDOWS_MAX + 3; index++) windows = withWindow(windows, viewed(index * 7, 7, index));
    expect(windows).toHaveLength(OFFLINE_WINDOWS_MAX);
    expect(windows.map((kept) => kept.fetchedAt)).toEqual(Array.from({ length: OFFLINE_WINDOWS_MAX }, (_, index) => OFFLINE_WINDOWS_MAX + 2 - index));
  });

  it('replaces an older copy of the same window rather than keeping both', () => {
    const windows = withWindow(withWindow(withWindow([], viewed(0, 7, 1)), viewed(7, 7, 2)), viewed(0, 7, 3));
    expect(windows.map((kept) => [kept.fromMs, kept.fetchedAt])).toEqual([
      [START, 3],
      [START + 7 * DAY, 2],
    ]);
  });

  it('answers a view only from a window that holds all of it: its range, its zone and its calendars', () => {
    const month = viewed(0, 42, 5);
    const found = coveringWindow([month], { fromMs: START + 7 * DAY, toMs: START + 14 * DAY, timeZone: 'Europe/London', calendarIds: ['a'] });
    // Only the calendars asked for.
    expect(found).toEqual({ events: [month.events[0]], fetchedAt: 5 });
    expect(coveringWindow([month], { fromMs: START + 40 * DAY, toMs: START + 47 * DAY, timeZone: 'Europe/London', calendarIds: ['a'] })).toBeNull();
    expect(coveringWindow([month], { fromMs: START, toMs: START + 7 * DAY, timeZone: 'America/New_York', calendarIds: ['a'] })).toBeNull();
    expect(coveringWindow([month], { fromMs: START, toMs: START + 7 * DAY, timeZone: 'Europe/London', calendarIds: ['a', 'c'] })).toBeNull();
  });

  it('prefers the newest window that covers the view', () => {
    const older = viewed(0, 42, 1);
    const newer = viewed(0, 7, 2);
    expect(coveringWindow(withWindow([older], newer), { fromMs: START, toMs: START + 7 * DAY, timeZone: 'Europe/London', calendarIds: ['b'] })?.fetchedAt).toBe(2);
  });
});
