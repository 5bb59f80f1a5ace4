// A repeat rule in plain words: "Every 2 weeks on Tuesday and Thursday, until 31 March 2027". Names, dates, lists
// and numbers come from Intl in the user's locale; the frames around them from RECURRENCE_MESSAGES in the catalogue.
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { DAY_MS } from '../../../../shared/limits.ts';
import { parseRecurrenceRule, WEEKDAYS, type RecurrenceDay, type RecurrenceRule, type Weekday } from '../../../../shared/recurrence-rule.ts';
import { dateToDayMs } from '../../../../shared/time.ts';
import { RECURRENCE_MESSAGES as M, REPEAT_MESSAGES } from './recurrence-messages.ts';
import { REPEAT_PRESETS, repeatRule, WORKWEEK, type RepeatPreset, type RepeatValues } from './repeat-options.ts';
import { daysInMonth, lastDateOfUntil, seriesStart, withImpliedParts, type SeriesContext, type SeriesStart } from './series-start.ts';

/** A series and how its viewer reads dates. */
export interface RecurrenceDisplay extends SeriesContext {
  /** BCP 47: the language of names and dates. */
  locale: string;
  /** The zone the viewer sees times in: the summary names the series' own zone when it differs. */
  viewerTimeZone?: string;
  /** The catalogue the frames come from. */
  intl: Pick<IntlShape, 'formatMessage'>;
}

type Catalogue = RecurrenceDisplay['intl'];

// Intl names the days and months of dates: a Monday, and a leap year so that 29 February has a name.
const A_MONDAY_MS = Date.UTC(2024, 0, 1);
const A_LEAP_YEAR = 2024;
const WEEKEND: readonly Weekday[] = ['SA', 'SU'];

export function weekdayName(weekday: Weekday, locale: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(A_MONDAY_MS + WEEKDAYS.indexOf(weekday) * DAY_MS);
}

function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(A_LEAP_YEAR, month - 1, 1));
}

type WeekInfoLocale = Intl.Locale & { getWeekInfo?(): { firstDay: number }; weekInfo?: { firstDay: number } };

/** The weekdays from the locale's first day of the week (Sunday in the US, Monday in most of Europe). */
export function weekdaysInLocaleOrder(locale: string): Weekday[] {
  let firstDay = 1;
  try {
    // getWeekInfo() in current engines, the weekInfo getter in older ones, neither in some: then Monday, as ISO 8601.
    const info = new Intl.Locale(locale) as WeekInfoLocale;
    firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 1;
  } catch {
    // Not a locale Intl reads.
  }
  return [...WEEKDAYS.slice(firstDay - 1), ...WEEKDAYS.slice(0, firstDay - 1)];
}

/** "first", "second", "last", "second to last", "10th": positions in the catalogue's language. */
export function ordinalWord(n: number, intl: Catalogue): string {
  if (n === -1) return intl.formatMessage(M.last);
  if (n < 0) return intl.formatMessage(M.fromLast, { n: -n, ordinal: ordinalWord(-n, intl) });
  return intl.formatMessage(M.ordinal, { n });
}

/** The locale's words for one summary. */
function wordsFor(locale: string, intl: Catalogue) {
  const numbers = new Intl.NumberFormat(locale);
  const order = weekdaysInLocaleOrder(locale);
  return {
    locale,
    say: intl.formatMessage,
    ordinal: (n: number) => ordinalWord(n, intl),
    number: (n: number) => numbers.format(n),
    list: (items: string[], type: Intl.ListFormatType = 'conjunction') => new Intl.ListFormat(locale, { type }).format(items),
    weekday: (weekday: Weekday) => weekdayName(weekday, locale),
    // Days as the locale's week runs; numbered ones first to last, "second to last" before "last".
    byDayOrder: (a: RecurrenceDay, b: RecurrenceDay) =>
      positionKey(a.ordinal) - positionKey(b.ordinal) || order.indexOf(a.weekday) - order.indexOf(b.weekday),
    date: (date: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(dateToDayMs(date)),
  };
}
type Words = ReturnType<typeof wordsFor>;

const positionKey = (ordinal: number | null) => (ordinal === null ? 0 : ordinal > 0 ? ordinal : 1000 + ordinal);
const isSet = (days: readonly Weekday[], set: readonly Weekday[]) => days.length === set.length && set.every((day) => days.includes(day));

function isEveryWeekday(rule: RecurrenceRule): boolean {
  const days = rule.byDay ?? [];
  const onlyDays = !rule.byMonth && !rule.byWeekNo && !rule.byYearDay && !rule.byMonthDay && !rule.bySetPos;
  return (
    (rule.freq === 'WEEKLY' || rule.freq === 'DAILY') &&
    rule.interval === 1 &&
    onlyDays &&
    days.every((day) => day.ordinal === null) &&
    isSet(days.map((day) => day.weekday), WORKWEEK)
  );
}

/** "the last weekday": a set of days picked from by BYSETPOS, named as a group where it is one. */
function dayGroup(days: readonly RecurrenceDay[], words: Words): string {
  const weekdays = days.map((day) => day.weekday);
  if (isSet(weekdays, WORKWEEK)) return words.say(M.weekdayGroup);
  if (isSet(weekdays, WEEKEND)) return words.say(M.weekendDayGroup);
  return words.list([...days].sort(words.byDayOrder).map((day) => words.weekday(day.weekday)), 'disjunction');
}

/** 29 February: a yearly rule on one day of one month. */
function yearlyDate(rule: RecurrenceRule, locale: string): string | null {
  const [month, more] = rule.byMonth ?? [];
  const [day, moreDays] = rule.byMonthDay ?? [];
  if (rule.freq !== 'YEARLY' || month === undefined || more !== undefined || day === undefined || moreDays !== undefined) return null;
  if (rule.byDay || rule.byYearDay || rule.byWeekNo || day < 1 || day > daysInMonth(A_LEAP_YEAR, month)) return null;
  return new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(A_LEAP_YEAR, month - 1, day));
}

function monthDays(text: string, days: readonly number[], words: Words): string {
  if (days.every((day) => day > 0)) {
    return words.say(M.onMonthDays, { count: days.length, rule: text, days: words.list(days.map(words.number)) });
  }
  // Counted from the end: "the last day".
  const sorted = [...days].sort((a, b) => positionKey(a) - positionKey(b));
  return words.say(M.onDays, { rule: text, days: words.list(sorted.map((day) => words.say(M.nthMonthDay, { ordinal: words.ordinal(day) }))) });
}

/** Which days: "on the second Tuesday", "on Tuesday and Thursday", "on the second Tuesday of March". */
function weekdays(text: string, rule: RecurrenceRule, words: Words): { text: string; saidMonth: boolean } {
  const days = [...(rule.byDay ?? [])].sort(words.byDayOrder);
  const names = days.map((day) =>
    day.ordinal === null ? words.weekday(day.weekday) : words.say(M.nthWeekday, { ordinal: words.ordinal(day.ordinal), weekday: words.weekday(day.weekday) }),
  );
  const [month, more] = rule.byMonth ?? [];
  if (rule.freq === 'YEARLY' && month !== undefined && more === undefined && days.every((day) => day.ordinal !== null)) {
    return { text: words.say(M.onDaysOfMonth, { rule: text, days: words.list(names), month: monthName(month, words.locale) }), saidMonth: true };
  }
  return { text: words.say(M.onDays, { rule: text, days: words.list(names) }), saidMonth: false };
}

/** The days part of a rule picked by position: "on the last weekday", "on the third Tuesday, Wednesday or Thursday". */
function positions(text: string, rule: RecurrenceRule, words: Words): string | null {
  const days = rule.byDay ?? [];
  if (days.length === 0 || days.some((day) => day.ordinal !== null) || rule.byMonthDay || rule.byYearDay || rule.byWeekNo) return null;
  const group = dayGroup(days, words);
  const sorted = [...(rule.bySetPos ?? [])].sort((a, b) => positionKey(a) - positionKey(b));
  const items = sorted.map((position) => words.say(M.nthWeekday, { ordinal: words.ordinal(position), weekday: group }));
  return words.say(M.onDays, { rule: text, days: words.list(items) });
}

/** How often and on which days, or null for parts the frames cannot say. */
function describePattern(rule: RecurrenceRule, words: Words): string | null {
  if (isEveryWeekday(rule)) return words.say(M.everyWeekday);
  let text =
    rule.interval === 1 ? words.say(M[rule.freq]) : words.say(EVERY_N[rule.freq], { count: rule.interval, n: words.number(rule.interval) });
  let saidMonth = false;
  if (rule.bySetPos) {
    const said = positions(text, rule, words);
    if (said === null) return null;
    text = said;
  } else {
    const date = yearlyDate(rule, words.locale);
    if (date !== null) [text, saidMonth] = [words.say(M.onDate, { rule: text, date }), true];
    else if (rule.byMonthDay) text = monthDays(text, rule.byMonthDay, words);
    if (rule.byYearDay) {
      if (rule.byYearDay.some((day) => day < 0)) return null;
      text = words.say(M.onYearDays, { count: rule.byYearDay.length, rule: text, days: words.list(rule.byYearDay.map(words.number)) });
    }
    const filtered = rule.byMonthDay ?? rule.byYearDay;
    if (rule.byDay && filtered) {
      // Friday the 13th: the weekday only filters the days already said.
      if (rule.byDay.some((day) => day.ordinal !== null)) return null;
      text = words.say(M.whenWeekday, { rule: text, days: words.list([...rule.byDay].sort(words.byDayOrder).map((day) => words.weekday(day.weekday)), 'disjunction') });
    } else if (rule.byDay) ({ text, saidMonth } = weekdays(text, rule, words));
  }
  if (rule.byWeekNo) {
    if (rule.byWeekNo.some((week) => week < 0)) return null;
    text = words.say(M.inWeeks, { count: rule.byWeekNo.length, rule: text, weeks: words.list(rule.byWeekNo.map(words.number)) });
  }
  if (rule.byMonth && !saidMonth) text = words.say(M.inMonths, { rule: text, months: words.list(rule.byMonth.map((month) => monthName(month, words.locale))) });
  return text;
}

/** A parsed rule in words, for its series. */
export function describeRule(rule: RecurrenceRule, display: RecurrenceDisplay): string {
  const start: SeriesStart | null = seriesStart(display);
  const full = start ? withImpliedParts(rule, start) : rule;
  const words = wordsFor(display.locale, display.intl);
  let text = describePattern(full, words) ?? words.say(M.unreadable);
  if (full.count !== undefined) text = words.say(M.times, { count: full.count, rule: text, n: words.number(full.count) });
  else if (full.until) text = words.say(M.until, { rule: text, date: words.date(lastDateOfUntil(full.until, start, display.timeZone)) });
  if (!display.allDay && display.viewerTimeZone !== undefined && display.viewerTimeZone !== display.timeZone) {
    text = words.say(M.timeZone, { rule: text, zone: display.timeZone });
  }
  return text;
}

/** An RRULE value in words, or null when it is not a rule at all. */
export function describeRecurrence(rrule: string, display: RecurrenceDisplay): string | null {
  const parsed = parseRecurrenceRule(rrule);
  return parsed.ok ? describeRule(parsed.rule, display) : null;
}

const EVERY_N: Record<RecurrenceRule['freq'], MessageDescriptor> = {
  DAILY: M.everyNDaily,
  WEEKLY: M.everyNWeekly,
  MONTHLY: M.everyNMonthly,
  YEARLY: M.everyNYearly,
};

/** Labels while the start is not a valid date, so nothing can be said about its weekday or day. */
export const WITHOUT_START: Record<Exclude<RepeatPreset, 'none' | 'custom' | 'other'>, MessageDescriptor> = {
  daily: M.DAILY,
  weekdays: M.everyWeekday,
  weekly: REPEAT_MESSAGES.weeklySameDay,
  'monthly-day': REPEAT_MESSAGES.monthlySameDay,
  'monthly-weekday': REPEAT_MESSAGES.monthlySameWeekday,
  yearly: REPEAT_MESSAGES.yearlySameDate,
};

function presetLabel(preset: RepeatPreset, values: RepeatValues, display: RecurrenceDisplay, startKnown: boolean): string {
  const say = display.intl.formatMessage;
  if (preset === 'none') return say(REPEAT_MESSAGES.none);
  if (preset === 'custom') return say(REPEAT_MESSAGES.custom);
  if (preset === 'other') return describeRecurrence(values.otherRule, display) ?? say(M.unreadable);
  if (!startKnown) return say(WITHOUT_START[preset]);
  const result = repeatRule({ ...values, preset }, display);
  return (result.ok && describeRecurrence(result.rrule, display)) || say(WITHOUT_START[preset]);
}

/**
 * The Repeat list, each choice labelled for this start as Outlook does ("Weekly on Tuesday", "Monthly on the second
 * Tuesday"); `other` is offered only while it holds the event's own rule.
 */
export function describeRepeatOptions(values: RepeatValues, display: RecurrenceDisplay): { preset: RepeatPreset; label: string }[] {
  const bare = { ...display, viewerTimeZone: undefined };
  const startKnown = seriesStart(display) !== null;
  return REPEAT_PRESETS.filter((preset) => preset !== 'other' || values.preset === 'other').map((preset) => ({
    preset,
    label: presetLabel(preset, values, bare, startKnown),
  }));
}
