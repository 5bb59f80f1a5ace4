import { describe, expect, test } from 'vitest';
import { businessHoursOf, DEFAULT_VIEW_OPTIONS, DEFAULT_WORKING_HOURS, isViewOptions, scrollTimeOf } from '../../src/web/features/calendar/lib/view-options.ts';

describe('view options', () => {
  test('the working day is 08:00–18:00, Monday to Friday, until the user sets theirs', () => {
    expect(DEFAULT_WORKING_HOURS).toEqual({ startHour: 8, endHour: 18 });
    expect(businessHoursOf(DEFAULT_VIEW_OPTIONS)).toEqual({ daysOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' });
  });

  test('a time grid opens an hour before now during the working day, else at its start', () => {
    const options = { weekNumbers: false, workingHours: { startHour: 9, endHour: 17 } };
    expect(scrollTimeOf(options, 14)).toBe('13:00');
    expect(scrollTimeOf(options, 9)).toBe('09:00');
    expect(scrollTimeOf(options, 7)).toBe('09:00');
    expect(scrollTimeOf(options, 17)).toBe('09:00');
    expect(scrollTimeOf(options, 23)).toBe('09:00');
  });

  test('stored options are checked: anything else falls back to the defaults', () => {
    expect(isViewOptions(DEFAULT_VIEW_OPTIONS)).toBe(true);
    expect(isViewOptions({ weekNumbers: true, workingHours: { startHour: 0, endHour: 24 } })).toBe(true);
    for (const stored of [null, 'x', {}, { weekNumbers: 'yes', workingHours: DEFAULT_WORKING_HOURS }, { weekNumbers: true, workingHours: { startHour: 18, endHour: 8 } }, { weekNumbers: true, workingHours: { startHour: 8.5, endHour: 18 } }, { weekNumbers: true, workingHours: { startHour: -1, endHour: 18 } }, { weekNumbers: true, workingHours: { startHour: 8, endHour: 25 } }]) {
      expect(isViewOptions(stored), JSON.stringify(stored)).toBe(false);
    }
  });
});
