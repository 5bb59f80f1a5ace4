// Every frame of the Repeat control, the recurrence summary and the scope question. Names of days and months,
// dates, lists and numbers come from Intl in the user's locale; {count} picks a plural form, {n} is the number
// as the locale writes it.
import { defineMessage, defineMessages } from 'react-intl';
import { RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX } from '../../../../shared/limits.ts';
import { DATE_ERRORS, type FormMessage } from './event-form-messages.ts';

export const RECURRENCE_MESSAGES = defineMessages({
  DAILY: { id: 'recurrence.daily', defaultMessage: 'Daily' },
  WEEKLY: { id: 'recurrence.weekly', defaultMessage: 'Weekly' },
  MONTHLY: { id: 'recurrence.monthly', defaultMessage: 'Monthly' },
  YEARLY: { id: 'recurrence.yearly', defaultMessage: 'Yearly' },
  everyNDaily: defineMessage<{ count: number; n: string }>({ id: 'recurrence.everyNDays', defaultMessage: '{count, plural, one {Every {n} day} other {Every {n} days}}' }),
  everyNWeekly: defineMessage<{ count: number; n: string }>({ id: 'recurrence.everyNWeeks', defaultMessage: '{count, plural, one {Every {n} week} other {Every {n} weeks}}' }),
  everyNMonthly: defineMessage<{ count: number; n: string }>({ id: 'recurrence.everyNMonths', defaultMessage: '{count, plural, one {Every {n} month} other {Every {n} months}}' }),
  everyNYearly: defineMessage<{ count: number; n: string }>({ id: 'recurrence.everyNYears', defaultMessage: '{count, plural, one {Every {n} year} other {Every {n} years}}' }),
  everyWeekday: { id: 'recurrence.everyWeekday', defaultMessage: 'Every weekday' },
  /** {days}: weekday names or "the second Tuesday" phrases, as a list. */
  onDays: defineMessage<{ rule: string; days: string }>({ id: 'recurrence.onDays', defaultMessage: '{rule} on {days}' }),
  onDaysOfMonth: defineMessage<{ rule: string; days: string; month: string }>({ id: 'recurrence.onDaysOfMonth', defaultMessage: '{rule} on {days} of {month}' }),
  onMonthDays: defineMessage<{ count: number; rule: string; days: string }>({ id: 'recurrence.onMonthDays', defaultMessage: '{count, plural, one {{rule} on day {days}} other {{rule} on days {days}}}' }),
  /** {date}: a day and month, such as 29 February. */
  onDate: defineMessage<{ rule: string; date: string }>({ id: 'recurrence.onDate', defaultMessage: '{rule} on {date}' }),
  onYearDays: defineMessage<{ count: number; rule: string; days: string }>({
    id: 'recurrence.onYearDays',
    defaultMessage: '{count, plural, one {{rule} on day {days} of the year} other {{rule} on days {days} of the year}}',
  }),
  inMonths: defineMessage<{ rule: string; months: string }>({ id: 'recurrence.inMonths', defaultMessage: '{rule} in {months}' }),
  inWeeks: defineMessage<{ count: number; rule: string; weeks: string }>({ id: 'recurrence.inWeeks', defaultMessage: '{count, plural, one {{rule} in week {weeks}} other {{rule} in weeks {weeks}}}' }),
  /** A weekday that filters days of the month: Friday the 13th. */
  whenWeekday: defineMessage<{ rule: string; days: string }>({ id: 'recurrence.whenWeekday', defaultMessage: '{rule}, when it is a {days}' }),
  nthWeekday: defineMessage<{ ordinal: string; weekday: string }>({ id: 'recurrence.nthWeekday', defaultMessage: 'the {ordinal} {weekday}' }),
  nthMonthDay: defineMessage<{ ordinal: string }>({ id: 'recurrence.nthMonthDay', defaultMessage: 'the {ordinal} day' }),
  weekdayGroup: { id: 'recurrence.weekdayGroup', defaultMessage: 'weekday' },
  weekendDayGroup: { id: 'recurrence.weekendDayGroup', defaultMessage: 'weekend day' },
  times: defineMessage<{ count: number; rule: string; n: string }>({ id: 'recurrence.times', defaultMessage: '{count, plural, one {{rule}, once} other {{rule}, {n} times}}' }),
  until: defineMessage<{ rule: string; date: string }>({ id: 'recurrence.until', defaultMessage: '{rule}, until {date}' }),
  timeZone: defineMessage<{ rule: string; zone: string }>({ id: 'recurrence.timeZone', defaultMessage: '{rule} (times in {zone})' }),
  /** A rule with parts the summary cannot put into words (BYSETPOS on anything but weekdays). */
  unreadable: { id: 'recurrence.unreadable', defaultMessage: 'Repeats by a custom rule' },
  /** A position counted from the start: first to fifth in words, then numbers. */
  ordinal: defineMessage<{ n: number }>({
    id: 'recurrence.ordinal',
    defaultMessage: '{n, selectordinal, =1 {first} =2 {second} =3 {third} =4 {fourth} =5 {fifth} one {#st} two {#nd} few {#rd} other {#th}}',
  }),
  last: { id: 'recurrence.last', defaultMessage: 'last' },
  /** {n} counts from the end (2 is the second to last); {ordinal} is that position in words. */
  fromLast: defineMessage<{ n: number; ordinal: string }>({ id: 'recurrence.fromLast', defaultMessage: '{n, selectordinal, other {{ordinal} to last}}' }),
});

export const REPEAT_MESSAGES = defineMessages({
  label: { id: 'repeat.label', defaultMessage: 'Repeat' },
  none: { id: 'repeat.none', defaultMessage: 'Does not repeat' },
  custom: { id: 'repeat.custom', defaultMessage: 'Custom…' },
  // Labels while the start is not a valid date, so nothing can be said about its weekday or day.
  weeklySameDay: { id: 'repeat.weeklySameDay', defaultMessage: 'Weekly on the same day' },
  monthlySameDay: { id: 'repeat.monthlySameDay', defaultMessage: 'Monthly on the same day' },
  monthlySameWeekday: { id: 'repeat.monthlySameWeekday', defaultMessage: 'Monthly on the same weekday' },
  yearlySameDate: { id: 'repeat.yearlySameDate', defaultMessage: 'Yearly on the same date' },
  every: { id: 'repeat.every', defaultMessage: 'Repeat every' },
  frequency: { id: 'repeat.frequency', defaultMessage: 'Frequency' },
  DAILY: defineMessage<{ count: number }>({ id: 'repeat.unitDays', defaultMessage: '{count, plural, one {day} other {days}}' }),
  WEEKLY: defineMessage<{ count: number }>({ id: 'repeat.unitWeeks', defaultMessage: '{count, plural, one {week} other {weeks}}' }),
  MONTHLY: defineMessage<{ count: number }>({ id: 'repeat.unitMonths', defaultMessage: '{count, plural, one {month} other {months}}' }),
  YEARLY: defineMessage<{ count: number }>({ id: 'repeat.unitYears', defaultMessage: '{count, plural, one {year} other {years}}' }),
  repeatOn: { id: 'repeat.repeatOn', defaultMessage: 'Repeat on' },
  monthlyOn: { id: 'repeat.monthlyOn', defaultMessage: 'On' },
  monthlyOnDay: defineMessage<{ day: string }>({ id: 'repeat.monthlyOnDay', defaultMessage: 'Day {day}' }),
  monthlyOnWeekday: defineMessage<{ ordinal: string; weekday: string }>({ id: 'repeat.monthlyOnWeekday', defaultMessage: 'The {ordinal} {weekday}' }),
  ends: { id: 'repeat.ends', defaultMessage: 'Ends' },
  endsNever: { id: 'repeat.endsNever', defaultMessage: 'Never' },
  endsOn: { id: 'repeat.endsOn', defaultMessage: 'On a date' },
  endsAfter: { id: 'repeat.endsAfter', defaultMessage: 'After a number of times' },
  untilDate: { id: 'repeat.untilDate', defaultMessage: 'End date' },
  count: { id: 'repeat.count', defaultMessage: 'Number of times' },
  intervalInvalid: defineMessage<{ max: number }>({ id: 'repeat.intervalInvalid', defaultMessage: 'Enter a whole number from 1 to {max}' }),
  countInvalid: defineMessage<{ max: number }>({ id: 'repeat.countInvalid', defaultMessage: 'Enter a number of times from 1 to {max}' }),
  untilMissing: { id: 'repeat.untilMissing', defaultMessage: 'Enter the date the repeat ends' },
  untilBeforeStart: { id: 'repeat.untilBeforeStart', defaultMessage: 'The repeat cannot end before the event starts' },
  daysMissing: { id: 'repeat.daysMissing', defaultMessage: 'Choose at least one day' },
  startMissing: { id: 'repeat.startMissing', defaultMessage: 'Enter a valid start first: the repeat follows it' },
  ruleInvalid: { id: 'repeat.ruleInvalid', defaultMessage: 'This repeat rule cannot be used: choose another repeat' },
});

/** The Repeat control's errors, each with its values. */
export const REPEAT_ERRORS = {
  intervalInvalid: { message: REPEAT_MESSAGES.intervalInvalid, values: { max: RECURRENCE_INTERVAL_MAX } },
  countInvalid: { message: REPEAT_MESSAGES.countInvalid, values: { max: RECURRENCE_COUNT_MAX } },
  untilMissing: { message: REPEAT_MESSAGES.untilMissing },
  untilBeforeStart: { message: REPEAT_MESSAGES.untilBeforeStart },
  daysMissing: { message: REPEAT_MESSAGES.daysMissing },
  startMissing: { message: REPEAT_MESSAGES.startMissing },
  ruleInvalid: { message: REPEAT_MESSAGES.ruleInvalid },
  yearsOutOfRange: DATE_ERRORS.yearsOutOfRange,
} satisfies Record<string, FormMessage>;

export const SCOPE_MESSAGES = defineMessages({
  editTitle: { id: 'recurrenceScope.editTitle', defaultMessage: 'Edit recurring event' },
  moveTitle: { id: 'recurrenceScope.moveTitle', defaultMessage: 'Move recurring event' },
  deleteTitle: { id: 'recurrenceScope.deleteTitle', defaultMessage: 'Delete recurring event' },
  editQuestion: { id: 'recurrenceScope.editQuestion', defaultMessage: 'Which events do you want to change?' },
  moveQuestion: { id: 'recurrenceScope.moveQuestion', defaultMessage: 'Which events do you want to move?' },
  deleteQuestion: { id: 'recurrenceScope.deleteQuestion', defaultMessage: 'Which events do you want to delete?' },
  this: { id: 'recurrenceScope.this', defaultMessage: 'This event' },
  following: { id: 'recurrenceScope.following', defaultMessage: 'This and following events' },
  all: { id: 'recurrenceScope.all', defaultMessage: 'All events' },
  ok: { id: 'recurrenceScope.ok', defaultMessage: 'OK' },
  cancel: { id: 'recurrenceScope.cancel', defaultMessage: 'Cancel' },
});
