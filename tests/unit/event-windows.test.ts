import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DAY_MS } from '../../src/shared/limits.ts';
import { KEPT_WINDOWS_MAX, createEventWindows, type EventWindow } from '../../src/web/features/calendar/lib/event-windows.ts';

const START = Date.UTC(2027, 0, 4);

function event(id: string, day: number, title = id): CalendarEvent {
  const start = new Date(START + day * DAY_MS + 9 * 3_600_000);
  return { id, title, start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), allDay: false, extendedProps: { calendarId: 'c' } } as CalendarEvent;
}

const days = (from: number, count: number) => ({ fromMs: START + from * DAY_MS, toMs: START + (from + count) * DAY_MS });
const window = (from: number, count: number, events: CalendarEvent[], fetchedAt = 0): EventWindow => ({ ...days(from, count), fetchedAt, events });
const titles = (events: CalendarEvent[]) => events.map((held) => `${held.id}:${held.title}`).sort();

describe('the windows of events the calendar holds', () => {
  it('holds each event once where windows overlap, as the newest window has it', () => {
    const windows = createEventWindows();
    windows.put(window(0, 14, [event('a', 1), event('b', 12, 'old')]));
    windows.put(window(10, 14, [event('b', 12, 'new'), event('c', 20)]));
    expect(titles(windows.events())).toEqual(['a:a', 'b:new', 'c:c']);
  });

  it('drops an older window’s event that a newer window covering it no longer has (deleted meanwhile)', () => {
    const windows = createEventWindows();
    windows.put(window(0, 14, [event('gone', 5), event('also-gone', 13), event('kept', 1)]));
    // Days 3 to 16: 'kept' (day 1) lies before it and stays.
    windows.put(window(3, 14, []));
    expect(titles(windows.events())).toEqual(['kept:kept']);
  });

  it('keeps an older window’s event within a day of a newer window’s edge: its zone may put it either side', () => {
    const windows = createEventWindows();
    windows.put(window(0, 14, [event('near-start', 3)]));
    windows.put(window(3, 14, []));
    expect(titles(windows.events())).toEqual(['near-start:near-start']);
  });

  it('finds the newest window that holds a whole range, and none that holds only part of it', () => {
    const windows = createEventWindows();
    windows.put(window(0, 42, [], 1));
    windows.put(window(7, 7, [], 2));
    expect(windows.covering(days(8, 3))?.fetchedAt).toBe(2);
    expect(windows.covering(days(20, 7))?.fetchedAt).toBe(1);
    expect(windows.covering(days(40, 7))).toBeUndefined();
  });

  it('replaces a window of the same range rather than keeping both', () => {
    const windows = createEventWindows();
    windows.put(window(0, 7, [event('a', 1, 'first')], 1));
    windows.put(window(0, 7, [event('a', 1, 'second')], 2));
    expect(titles(windows.events())).toEqual(['a:second']);
    windows.keepNear(days(0, 7));
    expect(windows.covering(days(0, 7))?.fetchedAt).toBe(2);
  });

  it(`forgets windows away from the period shown, and keeps at most ${KEPT_WINDOWS_MAX}`, () => {
    const windows = createEventWindows();
    windows.put(window(-100, 7, [event('far', -99)]));
    for (let index = 0; index < KEPT_WINDOWS_MAX + 2; index++) windows.put(window(index * 7, 7, [event(`w${index}`, index * 7 + 1)]));
    windows.keepNear(days(0, 7 * (KEPT_WINDOWS_MAX + 2)));
    const held = titles(windows.events()).map((entry) => entry.split(':')[0]);
    expect(held).toHaveLength(KEPT_WINDOWS_MAX);
    expect(held).not.toContain('far');
    // The newest kept: the first ones put go.
    expect(held).not.toContain('w0');
    windows.clear();
    expect(windows.events()).toEqual([]);
  });
});
