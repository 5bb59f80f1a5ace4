import { describe, expect, test } from 'vitest';
import { NO_REPEAT } from '../../src/web/features/events/lib/repeat-options.ts';
import { withStartMoved, type EventFormValues } from '../../src/web/features/events/lib/event-form-values.ts';

const NEW_YORK = 'America/New_York';

function timed(startDate: string, startTime: string, endDate: string, endTime: string): EventFormValues {
  return { title: 'Planning', calendarId: 'c1', categoryId: '', allDay: false, startDate, startTime, endDate, endTime, timeZone: NEW_YORK, location: '', description: '', video: '', onlineMeetingUrl: '', url: '', repeat: NO_REPEAT };
}
const allDay = (startDate: string, endDate: string): EventFormValues => ({ ...timed(startDate, '', endDate, ''), allDay: true });
const end = ({ endDate, endTime }: EventFormValues) => `${endDate} ${endTime}`.trim();

describe('moving the start keeps the event’s length', () => {
  test('a later time moves the end by as much, across midnight too', () => {
    expect(end(withStartMoved(timed('2026-12-01', '09:00', '2026-12-01', '10:30'), 'startTime', '11:00', NEW_YORK))).toBe('2026-12-01 12:30');
    expect(end(withStartMoved(timed('2026-12-01', '23:00', '2026-12-02', '01:00'), 'startTime', '22:00', NEW_YORK))).toBe('2026-12-02 00:00');
    expect(end(withStartMoved(timed('2026-12-01', '09:00', '2026-12-01', '10:30'), 'startTime', '23:30', NEW_YORK))).toBe('2026-12-02 01:00');
  });

  test('another date moves the end to the same time that many days on, across a clock change', () => {
    expect(end(withStartMoved(timed('2026-12-01', '09:00', '2026-12-01', '10:30'), 'startDate', '2026-12-24', NEW_YORK))).toBe('2026-12-24 10:30');
    // New York springs forward on 8 March 2026: an hour's meeting stays an hour long.
    expect(end(withStartMoved(timed('2026-03-07', '10:00', '2026-03-07', '11:00'), 'startDate', '2026-03-08', NEW_YORK))).toBe('2026-03-08 11:00');
    expect(end(withStartMoved(timed('2026-03-07', '01:30', '2026-03-07', '02:30'), 'startDate', '2026-03-08', NEW_YORK))).toBe('2026-03-08 03:30');
  });

  test('an all-day event keeps its number of days', () => {
    expect(end(withStartMoved(allDay('2026-12-01', '2026-12-03'), 'startDate', '2026-12-30', NEW_YORK))).toBe('2027-01-01');
    expect(end(withStartMoved(allDay('2026-12-01', '2026-12-01'), 'startDate', '2026-11-20', NEW_YORK))).toBe('2026-11-20');
  });

  test('while a date or time is missing, or the end is before the start, the end stays where it is', () => {
    expect(end(withStartMoved(timed('2026-12-01', '', '2026-12-01', '10:30'), 'startTime', '11:00', NEW_YORK))).toBe('2026-12-01 10:30');
    const cleared = withStartMoved(timed('2026-12-01', '09:00', '2026-12-01', '10:30'), 'startDate', '', NEW_YORK);
    expect([cleared.startDate, end(cleared)]).toEqual(['', '2026-12-01 10:30']);
    expect(end(withStartMoved(timed('2026-12-01', '11:00', '2026-12-01', '10:00'), 'startTime', '12:00', NEW_YORK))).toBe('2026-12-01 10:00');
    expect(end(withStartMoved(allDay('2026-12-05', '2026-12-01'), 'startDate', '2026-12-06', NEW_YORK))).toBe('2026-12-01');
  });
});
