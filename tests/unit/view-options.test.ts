import { describe, expect, test } from 'vitest';
import { DEFAULT_USER_SETTINGS, DEFAULT_WORKING_HOURS } from '../../src/shared/user-settings-schema.ts';
import { businessHoursOf, scrollTimeOf } from '../../src/web/features/calendar/lib/view-options.ts';

describe('view options', () => {
  test('the working day is 08:00–18:00, Monday to Friday, until the user sets theirs', () => {
    expect(DEFAULT_WORKING_HOURS).toEqual({ startHour: 8, endHour: 18 });
    expect(businessHoursOf(DEFAULT_USER_SETTINGS)).toEqual({ daysOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' });
  });

  test('a time grid opens an hour before now during the working day, else at its start', () => {
    const options = { weekNumbers: false, workingHours: { startHour: 9, endHour: 17 } };
    expect(scrollTimeOf(options, 14)).toBe('13:00');
    expect(scrollTimeOf(options, 9)).toBe('09:00');
    expect(scrollTimeOf(options, 7)).toBe('09:00');
    expect(scrollTimeOf(options, 17)).toBe('09:00');
    expect(scrollTimeOf(options, 23)).toBe('09:00');
  });
});
