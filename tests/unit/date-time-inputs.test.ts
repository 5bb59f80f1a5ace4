import { describe, expect, test } from 'vitest';
import { dateOfIso, isoOfDate, parseTypedTime } from '../../src/web/features/events/components/date-time-inputs.tsx';

const day = new Date(2026, 11, 1);
const clock = (text: string) => {
  const { date } = parseTypedTime(text, day);
  return date && `${date.getDate()} ${date.getHours()}:${String(date.getMinutes()).padStart(2, '0')}`;
};

describe('the form’s date and time pickers read what is typed', () => {
  test('a time in 24-hour or 12-hour writing, on the field’s own day', () => {
    expect(clock('14:30')).toBe('1 14:30');
    expect(clock('9')).toBe('1 9:00');
    expect(clock('9:30 am')).toBe('1 9:30');
    expect(clock('12:15 AM')).toBe('1 0:15');
    expect(clock('2.30 PM')).toBe('1 14:30');
    expect(clock('14h30')).toBe('1 14:30');
    expect(clock('0:00')).toBe('1 0:00');
  });

  test('no time, or one that is none, says which', () => {
    expect(parseTypedTime('', day)).toEqual({ date: null, errorType: 'required-input' });
    for (const text of ['25:00', '9:75', '13 pm', 'noon', '9:3']) expect(parseTypedTime(text, day).errorType, text).toBe('invalid-input');
  });

  test('the form’s dates at local midnight both ways', () => {
    expect(dateOfIso('2027-03-09')?.getHours()).toBe(0);
    expect(dateOfIso('')).toBeNull();
    expect(isoOfDate(dateOfIso('2028-02-29')!)).toBe('2028-02-29');
  });
});
