// The Repeat control's choices, as Outlook offers them, and the form values behind them ↔ an RRULE value.
import { EVENT_YEAR_MAX, RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX } from '../../../../shared/limits.ts';
import {
  formatRecurrenceRule,
  parseRecurrenceRule,
  WEEKDAYS,
  type RecurrenceFrequency,
  type RecurrenceRule,
  type RecurrenceUntil,
  type Weekday,
} from '../../../../shared/recurrence-rule.ts';
import { addDays, isDateOnly } from '../../../../shared/time.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';
import type { FormMessage } from './event-form-messages.ts';
import { REPEAT_ERRORS } from './recurrence-messages.ts';
import { daysInMonth, lastDateOfUntil, seriesStart, withImpliedParts, type SeriesContext, type SeriesStart } from './series-start.ts';

export const REPEAT_PRESETS = ['none', 'daily', 'weekdays', 'weekly', 'monthly-day', 'monthly-weekday', 'yearly', 'other', 'custom'] as const;
/**
 * What the Repeat list offers. The weekly, monthly and yearly ones repeat on the start's weekday, day or date.
 * `other` keeps a rule the controls cannot show (from an import, or with parts such as BYSETPOS) as it is.
 */
export type RepeatPreset = (typeof REPEAT_PRESETS)[number];
export type RepeatEnds = 'never' | 'on' | 'after';
/** A monthly custom rule repeats on the start's day of the month or on its weekday ("the second Tuesday"). */
export type MonthlyBy = 'day' | 'weekday';

/** What the Repeat control edits: text as its inputs give it; the rule is built from it with the start. */
export interface RepeatValues {
  preset: RepeatPreset;
  /** Weekly days, for the weekly preset and a weekly custom rule; null while they are just the start's weekday. */
  days: Weekday[] | null;
  interval: string;
  frequency: RecurrenceFrequency;
  monthlyBy: MonthlyBy;
  ends: RepeatEnds;
  /** YYYY-MM-DD: the last date an occurrence may fall on, in the series' zone. */
  untilDate: string;
  count: string;
  /** The rule `other` keeps. */
  otherRule: string;
}

/** The Repeat control's inputs, in form order; also their `name`s, so the first invalid one can get focus. */
export const REPEAT_FIELDS = ['repeat', 'repeatInterval', 'repeatDays', 'repeatUntil', 'repeatCount'] as const;
export type RepeatField = (typeof REPEAT_FIELDS)[number];
export type RepeatErrors = Partial<Record<RepeatField, FormMessage>>;

/** How many times a custom rule repeats when "after" is first chosen, as Outlook offers. */
export const REPEAT_COUNT_DEFAULT = 10;
/** How many months after the start a custom rule ends when "on a date" is first chosen. */
export const REPEAT_UNTIL_DEFAULT_MONTHS = 3;

/** Monday to Friday: "every weekday". */
export const WORKWEEK: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const WHOLE = /^\d+$/;
/** The latest date a repeat may end on: the last of the supported years. */
export const REPEAT_UNTIL_DATE_MAX = `${EVENT_YEAR_MAX}-12-31`;

export const NO_REPEAT: RepeatValues = {
  preset: 'none',
  days: null,
  interval: '1',
  frequency: 'WEEKLY',
  monthlyBy: 'day',
  ends: 'never',
  untilDate: '',
  count: String(REPEAT_COUNT_DEFAULT),
  otherRule: '',
};

export function isRepeatPreset(value: string): value is RepeatPreset {
  return (REPEAT_PRESETS as readonly string[]).includes(value);
}

const sortDays = (days: Iterable<Weekday>): Weekday[] => [...new Set(days)].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
const sameDays = (a: readonly Weekday[], b: readonly Weekday[]) => a.length === b.length && a.every((day, i) => day === b[i]);

/** The days a weekly rule repeats on: the chosen ones, else the start's weekday. */
export function weeklyDays(values: RepeatValues, start: SeriesStart): Weekday[] {
  return values.days ?? [start.weekday];
}

/** The UNTIL for a last date: the date itself for an all-day series, else the end of that day in the series' zone. */
function untilForDate(date: string, { allDay, timeZone }: SeriesContext): RecurrenceUntil {
  if (allDay) return { kind: 'date', value: date };
  const endOfDay = instantOfWallClock({ date: addDays(date, 1), time: '00:00' }, timeZone).getTime() - 1000;
  return { kind: 'instant', value: `${new Date(endOfDay).toISOString().slice(0, 19)}Z` };
}

/** The repeating part of a rule for a preset or the custom fields: interval 1 unless custom, and no end yet. */
function patternRule(preset: Exclude<RepeatPreset, 'none' | 'other'>, values: RepeatValues, start: SeriesStart): RecurrenceRule {
  const every = (freq: RecurrenceFrequency, parts: Partial<RecurrenceRule> = {}): RecurrenceRule => ({ freq, interval: 1, wkst: 'MO', ...parts });
  const onDays = (days: readonly Weekday[]) => ({ byDay: days.map((weekday) => ({ weekday, ordinal: null })) });
  const monthly = (by: MonthlyBy) =>
    by === 'day'
      ? every('MONTHLY', { byMonthDay: [start.day] })
      : every('MONTHLY', { byDay: [{ weekday: start.weekday, ordinal: start.weekdayOrdinal }] });
  const yearly = () => every('YEARLY', { byMonth: [start.month], byMonthDay: [start.day] });
  switch (preset) {
    case 'daily':
      return every('DAILY');
    case 'weekdays':
      return every('WEEKLY', onDays(WORKWEEK));
    case 'weekly':
      return every('WEEKLY', onDays(weeklyDays(values, start)));
    case 'monthly-day':
      return monthly('day');
    case 'monthly-weekday':
      return monthly('weekday');
    case 'yearly':
      return yearly();
    case 'custom': {
      const interval = Number(values.interval);
      if (values.frequency === 'DAILY') return every('DAILY', { interval });
      if (values.frequency === 'WEEKLY') return every('WEEKLY', { interval, ...onDays(weeklyDays(values, start)) });
      return { ...(values.frequency === 'MONTHLY' ? monthly(values.monthlyBy) : yearly()), interval };
    }
  }
}

/** What is wrong with the custom fields, by field. */
function customErrors(values: RepeatValues, start: SeriesStart): RepeatErrors {
  const errors: RepeatErrors = {};
  const interval = WHOLE.test(values.interval.trim()) ? Number(values.interval) : Number.NaN;
  if (!(interval >= 1 && interval <= RECURRENCE_INTERVAL_MAX)) errors.repeatInterval = REPEAT_ERRORS.intervalInvalid;
  if (values.frequency === 'WEEKLY' && values.days?.length === 0) errors.repeatDays = REPEAT_ERRORS.daysMissing;
  if (values.ends === 'after') {
    const count = WHOLE.test(values.count.trim()) ? Number(values.count) : Number.NaN;
    if (!(count >= 1 && count <= RECURRENCE_COUNT_MAX)) errors.repeatCount = REPEAT_ERRORS.countInvalid;
  }
  if (values.ends === 'on') {
    if (values.untilDate === '') errors.repeatUntil = REPEAT_ERRORS.untilMissing;
    else if (!isDateOnly(values.untilDate) || values.untilDate > REPEAT_UNTIL_DATE_MAX) errors.repeatUntil = REPEAT_ERRORS.yearsOutOfRange;
    else if (values.untilDate < start.date) errors.repeatUntil = REPEAT_ERRORS.untilBeforeStart;
  }
  return errors;
}

export type RepeatRuleResult = { ok: true; rrule: string } | { ok: false; errors: RepeatErrors };

/** The RRULE value the values stand for ('' when the event does not repeat), or what is wrong with them. */
export function repeatRule(values: RepeatValues, context: SeriesContext): RepeatRuleResult {
  if (values.preset === 'none') return { ok: true, rrule: '' };
  if (values.preset === 'other') {
    // Kept as stored; one that was never valid is refused here rather than by the server.
    const parsed = parseRecurrenceRule(values.otherRule);
    return parsed.ok ? { ok: true, rrule: values.otherRule } : { ok: false, errors: { repeat: REPEAT_ERRORS.ruleInvalid } };
  }
  const start = seriesStart(context);
  if (start === null) return { ok: false, errors: { repeat: REPEAT_ERRORS.startMissing } };
  if (values.preset === 'custom') {
    const errors = customErrors(values, start);
    if (Object.keys(errors).length > 0) return { ok: false, errors };
  } else if (values.preset === 'weekly' && values.days?.length === 0) {
    return { ok: false, errors: { repeatDays: REPEAT_ERRORS.daysMissing } };
  }
  const pattern = patternRule(values.preset, values, start);
  const custom = values.preset === 'custom';
  const rule: RecurrenceRule = {
    ...pattern,
    ...(custom && values.ends === 'after' ? { count: Number(values.count) } : {}),
    ...(custom && values.ends === 'on' ? { until: untilForDate(values.untilDate, context) } : {}),
  };
  return { ok: true, rrule: formatRecurrenceRule(rule) };
}

/** The values a rule's parts suggest; whether they give the rule back is for repeatValuesFromRule to check. */
function candidateValues(rule: RecurrenceRule, start: SeriesStart, context: SeriesContext): RepeatValues {
  const byDay = rule.byDay ?? [];
  const days = sortDays(byDay.map((day) => day.weekday));
  const ends: RepeatEnds = rule.count !== undefined ? 'after' : rule.until ? 'on' : 'never';
  const values: RepeatValues = {
    ...NO_REPEAT,
    days: rule.freq === 'WEEKLY' && !sameDays(days, [start.weekday]) ? days : null,
    interval: String(rule.interval),
    frequency: rule.freq,
    monthlyBy: byDay.some((day) => day.ordinal !== null) ? 'weekday' : 'day',
    ends,
    untilDate: rule.until ? lastDateOfUntil(rule.until, start, context.timeZone) : '',
    count: String(rule.count ?? REPEAT_COUNT_DEFAULT),
  };
  if (rule.interval !== 1 || ends !== 'never') return { ...values, preset: 'custom' };
  const preset = (
    {
      DAILY: 'daily',
      WEEKLY: sameDays(days, WORKWEEK) ? 'weekdays' : 'weekly',
      MONTHLY: values.monthlyBy === 'day' ? 'monthly-day' : 'monthly-weekday',
      YEARLY: 'yearly',
    } as const
  )[rule.freq];
  return { ...values, preset, days: preset === 'weekdays' ? null : values.days };
}

/**
 * The Repeat control's values for a stored rule: the preset that writes it, else custom fields that do, else
 * `other`, which keeps the rule as it is. The match is by meaning: parts the start implies (a weekly rule's day)
 * may be written or left out, and a timed series may end at any instant that leaves the same last date.
 */
export function repeatValuesFromRule(rrule: string, context: SeriesContext): RepeatValues {
  if (rrule.trim() === '') return NO_REPEAT;
  const parsed = parseRecurrenceRule(rrule);
  const start = seriesStart(context);
  if (!parsed.ok || start === null) return { ...NO_REPEAT, preset: 'other', otherRule: rrule };
  const rule = withImpliedParts(parsed.rule, start);
  const candidate = candidateValues(rule, start, context);
  const expected = formatRecurrenceRule(rule.until ? { ...rule, until: untilForDate(candidate.untilDate, context) } : rule);
  const built = repeatRule(candidate, context);
  if (built.ok && built.rrule === expected) return candidate;
  // The custom fields still start from what the rule could show, should the user switch to them.
  return { ...candidate, preset: 'other', otherRule: rrule };
}

/** The values after choosing a preset. Custom starts from the preset it replaces, as Outlook's does. */
export function choosePreset(values: RepeatValues, preset: RepeatPreset): RepeatValues {
  if (preset === values.preset) return values;
  if (preset !== 'custom') return { ...values, preset, days: preset === 'weekly' && values.frequency === 'WEEKLY' ? values.days : null };
  const seeds: Partial<Record<RepeatPreset, Partial<RepeatValues>>> = {
    none: { frequency: 'WEEKLY', days: null },
    daily: { frequency: 'DAILY' },
    weekdays: { frequency: 'WEEKLY', days: [...WORKWEEK] },
    weekly: { frequency: 'WEEKLY' },
    'monthly-day': { frequency: 'MONTHLY', monthlyBy: 'day' },
    'monthly-weekday': { frequency: 'MONTHLY', monthlyBy: 'weekday' },
    yearly: { frequency: 'YEARLY' },
  };
  return { ...values, ...seeds[values.preset], preset };
}

/** The days after pressing a weekday's toggle; the last day left stays, since a weekly rule needs one. */
export function toggleDay(values: RepeatValues, weekday: Weekday, start: SeriesStart): RepeatValues {
  const current = weeklyDays(values, start);
  const pressed = current.includes(weekday);
  if (pressed && current.length === 1) return values;
  const days = sortDays(pressed ? current.filter((day) => day !== weekday) : [...current, weekday]);
  // Back to just the start's weekday: follow the start again when it moves.
  return { ...values, days: sameDays(days, [start.weekday]) ? null : days };
}

/** The same day some months later, or the month's last day when it has no such day. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + month - 1 + months;
  const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${toYear}-${pad(toMonth)}-${pad(Math.min(day, daysInMonth(toYear, toMonth)))}`;
}

/** The values after choosing how a custom rule ends; "on a date" first offers a date a few months after the start. */
export function chooseEnds(values: RepeatValues, ends: RepeatEnds, start: SeriesStart | null): RepeatValues {
  const untilDate = ends === 'on' && values.untilDate === '' && start ? addMonths(start.date, REPEAT_UNTIL_DEFAULT_MONTHS) : values.untilDate;
  return { ...values, ends, untilDate };
}
