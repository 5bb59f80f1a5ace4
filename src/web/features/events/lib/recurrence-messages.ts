// Every English frame of the Repeat control, the recurrence summary and the scope question, in one place so that
// they can move to a message catalogue. Names of days and months, dates, lists and numbers come from Intl in the
// user's locale; {name} marks what is filled in, and plural frames are keyed by Intl.PluralRules categories.
import { RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX } from '../../../../shared/limits.ts';

/** Frames in the plural forms of MESSAGES_LANGUAGE; `other` serves any category a frame leaves out. */
type PluralFrames = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The language these frames are written in: it, not the user's locale, decides their plural forms and ordinals. */
export const MESSAGES_LANGUAGE = 'en';

export const RECURRENCE_MESSAGES = {
  every: { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly', YEARLY: 'Yearly' },
  everyN: {
    DAILY: { one: 'Every {n} day', other: 'Every {n} days' },
    WEEKLY: { one: 'Every {n} week', other: 'Every {n} weeks' },
    MONTHLY: { one: 'Every {n} month', other: 'Every {n} months' },
    YEARLY: { one: 'Every {n} year', other: 'Every {n} years' },
  },
  everyWeekday: 'Every weekday',
  /** {days}: weekday names or "the second Tuesday" phrases, as a list. */
  onDays: '{rule} on {days}',
  onDaysOfMonth: '{rule} on {days} of {month}',
  onMonthDays: { one: '{rule} on day {days}', other: '{rule} on days {days}' },
  /** {date}: a day and month, such as 29 February. */
  onDate: '{rule} on {date}',
  onYearDays: { one: '{rule} on day {days} of the year', other: '{rule} on days {days} of the year' },
  inMonths: '{rule} in {months}',
  inWeeks: { one: '{rule} in week {weeks}', other: '{rule} in weeks {weeks}' },
  /** A weekday that filters days of the month: Friday the 13th. */
  whenWeekday: '{rule}, when it is a {days}',
  nthWeekday: 'the {ordinal} {weekday}',
  nthMonthDay: 'the {ordinal} day',
  dayGroups: { weekday: 'weekday', weekendDay: 'weekend day' },
  times: { one: '{rule}, once', other: '{rule}, {n} times' },
  until: '{rule}, until {date}',
  timeZone: '{rule} (times in {zone})',
  /** A rule with parts the summary cannot put into words (BYSETPOS on anything but weekdays). */
  unreadable: 'Repeats by a custom rule',
  ordinals: { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', [-1]: 'last' } as Partial<Record<number, string>>,
  ordinalNumber: { one: '{n}st', two: '{n}nd', few: '{n}rd', other: '{n}th' },
  fromLast: '{ordinal} to last',
} as const;

export const REPEAT_MESSAGES = {
  label: 'Repeat',
  none: 'Does not repeat',
  custom: 'Custom…',
  /** Labels while the start is not a valid date, so nothing can be said about its weekday or day. */
  withoutStart: {
    daily: RECURRENCE_MESSAGES.every.DAILY,
    weekdays: RECURRENCE_MESSAGES.everyWeekday,
    weekly: 'Weekly on the same day',
    'monthly-day': 'Monthly on the same day',
    'monthly-weekday': 'Monthly on the same weekday',
    yearly: 'Yearly on the same date',
  },
  every: 'Repeat every',
  frequency: 'Frequency',
  units: {
    DAILY: { one: 'day', other: 'days' },
    WEEKLY: { one: 'week', other: 'weeks' },
    MONTHLY: { one: 'month', other: 'months' },
    YEARLY: { one: 'year', other: 'years' },
  },
  repeatOn: 'Repeat on',
  monthlyOn: 'On',
  monthlyOnDay: 'Day {day}',
  monthlyOnWeekday: 'The {ordinal} {weekday}',
  ends: 'Ends',
  endsNever: 'Never',
  endsOn: 'On a date',
  endsAfter: 'After a number of times',
  untilDate: 'End date',
  count: 'Number of times',
  intervalInvalid: `Enter a whole number from 1 to ${RECURRENCE_INTERVAL_MAX}`,
  countInvalid: `Enter a number of times from 1 to ${RECURRENCE_COUNT_MAX}`,
  untilMissing: 'Enter the date the repeat ends',
  untilBeforeStart: 'The repeat cannot end before the event starts',
  daysMissing: 'Choose at least one day',
  startMissing: 'Enter a valid start first: the repeat follows it',
} as const;

export const SCOPE_MESSAGES = {
  titles: { edit: 'Edit recurring event', move: 'Move recurring event', delete: 'Delete recurring event' },
  questions: {
    edit: 'Which events do you want to change?',
    move: 'Which events do you want to move?',
    delete: 'Which events do you want to delete?',
  },
  scopes: { this: 'This event', following: 'This and following events', all: 'All events' },
  ok: 'OK',
  cancel: 'Cancel',
} as const;

/** A frame with its {names} filled in; a name without a value is a mistake in the calling code. */
export function fillMessage(frame: string, values: Record<string, string>): string {
  return frame.replaceAll(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The message “${frame}” needs {${name}}`);
    return value;
  });
}

/** The frame for a count (or, with `ordinal`, a position: 1st, 2nd), by the plural rules of the frames' language. */
export function pluralFrame(frames: PluralFrames, n: number, type: Intl.PluralRuleType = 'cardinal'): string {
  return frames[new Intl.PluralRules(MESSAGES_LANGUAGE, { type }).select(n)] ?? frames.other;
}
