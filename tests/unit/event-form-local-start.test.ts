// The event form sends a series repeating in the zone it shows in local time (issue 27), and shows such a series' local
// start: "every day at 02:30" from a day New York skips 02:30 stays 02:30.
import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { seriesDatesPatch } from '../../src/web/features/events/lib/dates-patch.ts';
import { eventFormValues, validateEventForm, type EventFormValues } from '../../src/web/features/events/lib/event-form-values.ts';
import { NO_REPEAT, repeatValuesFromRule } from '../../src/web/features/events/lib/repeat-options.ts';

const NY = 'America/New_York';
const NIGHT: EventFormValues = {
  title: 'Night shift',
  calendarId: 'c1',
  categoryId: '',
  allDay: false,
  startDate: '2027-03-14',
  startTime: '02:30',
  endDate: '2027-03-14',
  endTime: '03:30',
  timeZone: NY,
  location: '',
  description: '',
  video: '',
  onlineMeetingUrl: '',
  url: '',
  repeat: repeatValuesFromRule('FREQ=DAILY', { start: '2027-03-14T07:30:00.000Z', allDay: false, timeZone: NY }),
};

function body(values: EventFormValues, options: { timeZone: string; includeTimeZone: boolean; seriesTimeZone?: string }) {
  const result = validateEventForm(values, { ...options, includeRule: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.event;
}

/** A series as the API returns one made from the form above. */
const stored: CalendarEvent = {
  id: 's1',
  title: 'Night shift',
  start: '2027-03-14T07:30:00.000Z',
  end: '2027-03-14T08:30:00.000Z',
  allDay: false,
  rrule: 'FREQ=DAILY',
  extendedProps: {
    calendarId: 'c1',
    description: '',
    location: '',
    timeZone: NY,
    categoryId: '',
    video: '',
    onlineMeetingUrl: '',
    localStart: '2027-03-14T02:30:00',
    createdBy: { id: 'u', name: 'U' },
    updatedBy: { id: 'u', name: 'U' },
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    version: 1,
  },
};

describe('the event form and a series’ local start', () => {
  test('sends a new series’ start and end as local date-times in the zone shown, naming it', () => {
    expect(body(NIGHT, { timeZone: NY, includeTimeZone: true })).toMatchObject({
      start: '2027-03-14T02:30:00',
      end: '2027-03-14T03:30:00',
      rrule: 'FREQ=DAILY',
      extendedProps: { timeZone: NY },
    });
  });

  test('sends instants for a single event, and for a series repeating in a zone other than the one shown', () => {
    expect(body({ ...NIGHT, startTime: '01:00', repeat: NO_REPEAT }, { timeZone: NY, includeTimeZone: true })).toMatchObject({ start: '2027-03-14T06:00:00.000Z' });
    const elsewhere = body({ ...NIGHT, startDate: '2027-03-15', endDate: '2027-03-15', startTime: '07:30', endTime: '08:30' }, {
      timeZone: 'Europe/London',
      includeTimeZone: false,
      seriesTimeZone: NY,
    });
    expect(elsewhere).toMatchObject({ start: '2027-03-15T07:30:00.000Z', end: '2027-03-15T08:30:00.000Z' });
    expect(elsewhere.extendedProps).not.toHaveProperty('timeZone');
  });

  test('shows the series at its local start, 02:30–03:30, where its instant reads 03:30, and sends it back so', () => {
    const values = eventFormValues(stored, NY);
    expect(values).toMatchObject({ startDate: '2027-03-14', startTime: '02:30', endDate: '2027-03-14', endTime: '03:30' });
    expect(body(values, { timeZone: NY, includeTimeZone: false, seriesTimeZone: NY })).toMatchObject({ start: '2027-03-14T02:30:00', end: '2027-03-14T03:30:00' });
  });

  test('shows a series in its own zone whoever looks (02:30 New York time to a viewer in London), and one given as an instant as before', () => {
    expect(eventFormValues(stored, 'Europe/London')).toMatchObject({ startDate: '2027-03-14', startTime: '02:30', endTime: '03:30', timeZone: NY });
    const { localStart: _localStart, ...instantProps } = stored.extendedProps;
    expect(eventFormValues({ ...stored, extendedProps: instantProps }, NY)).toMatchObject({ startTime: '03:30', endTime: '04:30' });
  });
});

describe('dragging an occurrence of a series started in local time, for all events', () => {
  test('moves the series on its clock from its local start: an hour later is 03:30–04:30 local, not an hour after 03:30 EDT', () => {
    const before = { allDay: false, start: '2027-03-16T06:30:00.000Z', end: '2027-03-16T07:30:00.000Z' };
    const after = { allDay: false, start: '2027-03-16T07:30:00.000Z', end: '2027-03-16T08:30:00.000Z' };
    expect(seriesDatesPatch(stored, before, after)).toEqual({ start: '2027-03-14T03:30:00', end: '2027-03-14T04:30:00' });
    const { localStart: _localStart, ...instantProps } = stored.extendedProps;
    expect(seriesDatesPatch({ ...stored, extendedProps: instantProps }, before, after)).toEqual({ start: '2027-03-14T08:30:00.000Z', end: '2027-03-14T09:30:00.000Z' });
  });
});
