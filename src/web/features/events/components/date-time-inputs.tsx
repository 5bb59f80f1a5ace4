import { DatePicker } from '@fluentui/react-datepicker-compat';
import type { DayOfWeek } from '@fluentui/react-calendar-compat';
import { TimePicker, type TimePickerProps, type TimeSelectionData } from '@fluentui/react-timepicker-compat';
import { Field } from '@fluentui/react-components';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { dateToDayMs } from '../../../../shared/time.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useFluentCalendarStrings } from '../../../lib/fluent-calendar-locale.ts';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';
import { TYPED_DATE_MESSAGES as D } from '../lib/event-form-messages.ts';
import { EVENT_DATE_INPUT_MAX, EVENT_DATE_INPUT_MIN } from '../lib/event-form-values.ts';
import { readTypedDate } from '../lib/typed-date.ts';

// The form keeps dates as YYYY-MM-DD and times as HH:MM (wall-clock, in the form's zone); the pickers work in Dates.
// Both are read and written as local wall-clock fields, so the device's own zone never shifts them.

/** The times a time field lists: every half hour, as the calendar's slots. */
const TIME_LIST_STEP_MINUTES = 30;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A form date as a Date at local midnight, or null for none. */
export function dateOfIso(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export const isoOfDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The first day of the week in a locale (0 for Sunday), as Intl says where it can; Sunday otherwise. */
function firstDayOfWeek(locale: string): DayOfWeek {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?(): { firstDay: number }; weekInfo?: { firstDay: number } };
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    if (firstDay !== undefined) return (firstDay % 7) as DayOfWeek;
  } catch {
    // Not a locale Intl knows.
  }
  return 0;
}

// Shown in place of a date while the field holds text that is none: the picker then shows that text, not a date.
const NO_DATE = new Date(Number.NaN);

/** A typed date, or what is wrong with it in the user's language: no date, or one outside the field's bounds (the years events may have at most). */
function useTypedDateReader(min = EVENT_DATE_INPUT_MIN, max = EVENT_DATE_INPUT_MAX) {
  const [lowest, highest] = [min > EVENT_DATE_INPUT_MIN ? min : EVENT_DATE_INPUT_MIN, max < EVENT_DATE_INPUT_MAX ? max : EVENT_DATE_INPUT_MAX];
  const intl = useIntl();
  const { locale, timeZone } = useRegionalSettings();
  return (text: string): { date: string } | { problem: string } => {
    const today = wallClockAt(new Date(), timeZone).date;
    const reading = readTypedDate(text, locale, today);
    const example = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(dateToDayMs(today));
    if (!reading.ok) {
      if (reading.problem === 'noSuchDay') {
        const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(reading.year, reading.month - 1, 1));
        return { problem: intl.formatMessage(D.noSuchDay, { month, days: reading.days }) };
      }
      if (reading.problem === 'noSuchMonth') return { problem: intl.formatMessage(D.noSuchMonth, { month: reading.month, example }) };
      return { problem: intl.formatMessage(D.unreadable, { example }) };
    }
    if (reading.date < lowest || reading.date > highest) {
      const shown = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      return { problem: intl.formatMessage(D.outOfRange, { min: shown.format(dateToDayMs(lowest)), max: shown.format(dateToDayMs(highest)) }) };
    }
    return { date: reading.date };
  };
}

interface DateInputProps {
  name: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange(value: string): void;
  /** What is wrong with the text typed, or null once it is a date (or a date is picked). */
  onProblem(problem: string | null): void;
}

/**
 * A date field: Fluent's DatePicker, in the user's locale (names, first day, format). A date can be typed as the user
 * writes it (readTypedDate); text that is no date stays in the field, the form's date empties and `onProblem` says why.
 */
function DateInput({ name, value, min, max, onChange, onProblem }: DateInputProps) {
  const { locale } = useRegionalSettings();
  const strings = useFluentCalendarStrings(locale);
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const read = useTypedDateReader(min, max);
  // Text typed that is no date, shown until a date is typed or picked, or the value is changed from outside.
  const [typed, setTyped] = useState<string | null>(null);
  const [valueBefore, setValueBefore] = useState(value);
  if (value !== valueBefore) {
    setValueBefore(value);
    if (value) setTyped(null);
  }
  // Fluent puts its last date back after text it cannot read (reporting it as chosen): that report is ignored.
  const refused = useRef(false);
  const parse = (text: string): Date | null => {
    const reading = read(text);
    if ('date' in reading) return dateOfIso(reading.date);
    refused.current = true;
    setTyped(text);
    onProblem(reading.problem);
    onChange('');
    return null;
  };
  const select = (date: Date | null | undefined) => {
    if (refused.current) {
      refused.current = false;
      return;
    }
    setTyped(null);
    onProblem(null);
    onChange(date ? isoOfDate(date) : '');
  };
  const selected = useMemo(() => dateOfIso(value), [value]);
  // Stable between renders: Fluent writes the field's text anew whenever the date or this function changes.
  const formatDate = useCallback((date?: Date | null) => (!date ? '' : Number.isNaN(date.getTime()) ? (typed ?? '') : format.format(date)), [format, typed]);
  return (
    <DatePicker
      name={name}
      value={typed === null ? selected : NO_DATE}
      minDate={min ? (dateOfIso(min) ?? undefined) : undefined}
      maxDate={max ? (dateOfIso(max) ?? undefined) : undefined}
      allowTextInput
      formatDate={formatDate}
      parseDateFromString={parse}
      onSelectDate={select}
      // The month shown when the picker opens: the date, else today's (never the text's "no date").
      calendar={{ value: selected ?? new Date() }}
      strings={strings}
      firstDayOfWeek={firstDayOfWeek(locale)}
    />
  );
}

interface DateFieldProps extends Omit<DateInputProps, 'onProblem'> {
  label: string;
  required?: boolean;
  /** The form's own error for the field, from its last check. */
  validationState: 'error' | 'none';
  validationMessage?: string | undefined;
}

/** A labelled date field: what is wrong with the text typed shows (and is announced) at once, before the form's own error. */
export function DateField({ label, required, validationState, validationMessage, ...input }: DateFieldProps) {
  const [typedProblem, setProblem] = useState<string | null>(null);
  // Text that is no date leaves the form without one: a date set since (from outside, as the end moved with the start) answers it.
  const problem = input.value === '' ? typedProblem : null;
  return (
    <Field label={label} required={required} validationState={problem ? 'error' : validationState} validationMessage={problem ?? validationMessage}>
      <DateInput {...input} onProblem={setProblem} />
    </Field>
  );
}

type TimeStringValidationResult = ReturnType<NonNullable<TimePickerProps['parseTimeStringToDate']>>;

const TYPED_TIME = /^(\d{1,2})(?::|\.|h)?(\d{2})?\s*([ap])?\.?\s*m?\.?$/i;

/** A typed time on a day: "14:30", "9", "9:30 am", "2.30 PM", "14h30"; an error for anything else. */
export function parseTypedTime(text: string | undefined, day: Date): TimeStringValidationResult {
  const match = TYPED_TIME.exec((text ?? '').replace(/\s+/g, ' ').trim());
  if (!text?.trim()) return { date: null, errorType: 'required-input' };
  if (!match) return { date: null, errorType: 'invalid-input' };
  const [, hourText, minuteText = '0', period] = match;
  let hours = Number(hourText);
  const minutes = Number(minuteText);
  if (period) {
    if (hours < 1 || hours > 12) return { date: null, errorType: 'invalid-input' };
    hours = (hours % 12) + (period.toLowerCase() === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return { date: null, errorType: 'invalid-input' };
  return { date: new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes) };
}

interface TimeInputProps {
  name: string;
  /** HH:MM, or '' for none. */
  value: string;
  /** The day the time is on (YYYY-MM-DD): the picker's list is that day's. */
  day: string;
  onChange(value: string): void;
}

/** A time field: Fluent's TimePicker, written in the user's time format, every half hour listed, any time typed. */
export function TimeInput({ name, value, day, onChange }: TimeInputProps) {
  const { locale } = useRegionalSettings();
  const options = useTimeOfDayOptions();
  const format = useMemo(() => new Intl.DateTimeFormat(locale, options), [locale, options]);
  const anchor = useMemo(() => dateOfIso(day) ?? new Date(new Date().setHours(0, 0, 0, 0)), [day]);
  const selected = useMemo(() => {
    const [hours, minutes] = value.split(':').map(Number);
    return value && hours !== undefined && minutes !== undefined ? new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate(), hours, minutes) : null;
  }, [value, anchor]);
  const shown = selected ? format.format(selected) : '';
  // What the field shows: the value, written out, until the user types; the typed text until they leave or press Enter.
  const [text, setText] = useState(shown);
  const [shownBefore, setShownBefore] = useState(shown);
  if (shown !== shownBefore) {
    setShownBefore(shown);
    setText(shown);
  }
  // Fluent's Combobox leaves aria-activedescendant on its input once its list closes, naming an option no longer in
  // the page (an invalid reference to screen readers and axe): it goes when the list closes or the field is left.
  const input = useRef<HTMLInputElement>(null);
  const forgetOption = () => setTimeout(() => input.current?.removeAttribute('aria-activedescendant'), 0);
  const commit = (data: TimeSelectionData) => {
    const time = data.selectedTime;
    // Text that is no time leaves the field without one: the form then says a time is wanted, rather than keep the last.
    onChange(time ? `${pad(time.getHours())}:${pad(time.getMinutes())}` : '');
    // What the field now shows is its own doing, not a change from outside to write over it.
    setShownBefore(time ? format.format(time) : '');
    setText(time ? format.format(time) : (data.selectedTimeText ?? ''));
  };
  return (
    <TimePicker
      name={name}
      freeform
      dateAnchor={anchor}
      selectedTime={selected}
      formatDateToTimeString={(date) => format.format(date)}
      parseTimeStringToDate={(typed) => parseTypedTime(typed, anchor)}
      increment={TIME_LIST_STEP_MINUTES}
      value={text}
      input={{ ref: input, onBlur: forgetOption }}
      onOpenChange={(_, data) => !data.open && forgetOption()}
      onInput={(event) => setText((event.target as HTMLInputElement).value)}
      onTimeChange={(_, data) => commit(data)}
    />
  );
}
