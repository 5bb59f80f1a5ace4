import { DatePicker } from '@fluentui/react-datepicker-compat';
import type { DayOfWeek } from '@fluentui/react-calendar-compat';
import { TimePicker, type TimePickerProps, type TimeSelectionData } from '@fluentui/react-timepicker-compat';
import { useMemo, useRef, useState } from 'react';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useFluentCalendarStrings } from '../../../lib/fluent-calendar-locale.ts';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';

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

/** What a person types for a date: YYYY-MM-DD, or what the browser reads ("Dec 1, 2026"); null for neither. */
export function parseTypedDate(text: string): Date | null {
  const trimmed = text.trim();
  const iso = dateOfIso(trimmed);
  if (iso) return iso;
  const parsed = Date.parse(trimmed);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

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

interface DateInputProps {
  name: string;
  value: string;
  min?: string;
  max?: string;
  onChange(value: string): void;
}

/** A date field: Fluent's DatePicker, in the user's locale (names, first day, format); a date can be typed too. */
export function DateInput({ name, value, min, max, onChange }: DateInputProps) {
  const { locale } = useRegionalSettings();
  const strings = useFluentCalendarStrings(locale);
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  return (
    <DatePicker
      name={name}
      value={dateOfIso(value)}
      minDate={min ? (dateOfIso(min) ?? undefined) : undefined}
      maxDate={max ? (dateOfIso(max) ?? undefined) : undefined}
      allowTextInput
      formatDate={(date) => (date ? format.format(date) : '')}
      parseDateFromString={parseTypedDate}
      onSelectDate={(date) => onChange(date ? isoOfDate(date) : '')}
      strings={strings}
      firstDayOfWeek={firstDayOfWeek(locale)}
    />
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
