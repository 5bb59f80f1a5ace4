import { describe, expect, test } from 'vitest';
import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_MAX_DURATION_DAYS, EVENT_TITLE_MAX, EVENT_YEAR_MAX } from '../../src/shared/limits.ts';
import { validateEventForm, type EventFormValues } from '../../src/web/features/events/lib/event-form-values.ts';
import { NO_REPEAT } from '../../src/web/features/events/lib/repeat-options.ts';

const OPTIONS = { timeZone: 'Europe/London', includeTimeZone: true, includeRule: true };
const VALID: EventFormValues = {
  title: 'Planning',
  calendarId: 'c1',
  categoryId: '',
  allDay: false,
  startDate: '2027-03-09',
  startTime: '09:00',
  endDate: '2027-03-09',
  endTime: '10:00',
  timeZone: 'Europe/London',
  location: '',
  description: '',
  video: '',
  onlineMeetingUrl: '',
  url: '',
  repeat: NO_REPEAT,
};

/** The form's errors as message ids and values: what the catalogue is asked for, never the schema's English. */
function errorsOf(changes: Partial<EventFormValues>) {
  const result = validateEventForm({ ...VALID, ...changes }, OPTIONS);
  if (result.ok) return {};
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, { id: error.message.id, values: error.values }]));
}

describe('the event form says what is wrong by the rule broken', () => {
  test('a valid form has no errors', () => {
    expect(validateEventForm(VALID, OPTIONS).ok).toBe(true);
  });

  test('missing and too long texts, with their limits', () => {
    expect(errorsOf({ title: '  ' })).toEqual({ title: { id: 'eventForm.titleMissing', values: undefined } });
    expect(errorsOf({ title: 'x'.repeat(EVENT_TITLE_MAX + 1) })).toEqual({ title: { id: 'eventForm.titleTooLong', values: { max: EVENT_TITLE_MAX } } });
    expect(errorsOf({ location: 'x'.repeat(EVENT_LOCATION_MAX + 1) })).toEqual({ location: { id: 'eventForm.locationTooLong', values: { max: EVENT_LOCATION_MAX } } });
    expect(errorsOf({ description: 'x'.repeat(EVENT_DESCRIPTION_MAX + 1) })).toEqual({
      description: { id: 'eventForm.descriptionTooLong', values: { max: EVENT_DESCRIPTION_MAX } },
    });
    expect(errorsOf({ title: 'x'.repeat(EVENT_TITLE_MAX) })).toEqual({});
  });

  test('links other than http and https', () => {
    expect(errorsOf({ url: 'javascript:alert(1)' })).toEqual({ url: { id: 'eventForm.urlInvalid', values: undefined } });
  });

  test('dates: missing, outside the years, ending before the start or lasting too long', () => {
    expect(errorsOf({ startDate: '' })).toEqual({ startDate: { id: 'eventForm.startDateMissing', values: undefined } });
    expect(errorsOf({ endTime: '' })).toEqual({ endTime: { id: 'eventForm.endTimeMissing', values: undefined } });
    expect(errorsOf({ endDate: `${EVENT_YEAR_MAX + 1}-01-01` }).endDate?.id).toBe('eventForm.yearsOutOfRange');
    expect(errorsOf({ endTime: '08:00' })).toEqual({ endTime: { id: 'eventForm.endBeforeStart', values: undefined } });
    expect(errorsOf({ endDate: '2029-03-09' })).toEqual({ endDate: { id: 'eventForm.tooLong', values: { days: EVENT_MAX_DURATION_DAYS } } });
    expect(errorsOf({ allDay: true, endDate: '2027-03-08' })).toEqual({ endDate: { id: 'eventForm.endDateBeforeStart', values: undefined } });
  });
});
