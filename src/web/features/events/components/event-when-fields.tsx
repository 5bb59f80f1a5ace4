import { Field, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';
import type { EventFormEdgeField } from '../hooks/use-event-form-values.ts';
import {
  EVENT_DATE_INPUT_MAX,
  EVENT_DATE_INPUT_MIN,
  type EventFormField,
  type EventFormValues,
} from '../lib/event-form-values.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import { REPEAT_FIELDS } from '../lib/repeat-options.ts';
import { DateField, TimeInput } from './date-time-inputs.tsx';
import { EventTimeZoneField } from './event-time-zone-field.tsx';
import { RepeatField } from './repeat-field.tsx';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    // Side by side, a date and a time start on one line whatever either says beneath it (an error, a hint).
    alignItems: 'start',
    // Fluent's date and time pickers bring minimum widths of their own (the combobox's 250 px), wider than a column
    // on a phone: they overlapped each other and ran off the screen. Each takes its column's width instead.
    '& > *': { minWidth: 0 },
    '& .fui-Input, & .fui-Combobox': { minWidth: 0, width: '100%', boxSizing: 'border-box' },
    '& .fui-Input__input, & .fui-Combobox__input': { minWidth: 0 },
  },
});

/** The first start the Repeat control counts from, as the API writes it; '' while the inputs do not make one. */
function formStart(values: EventFormValues): string {
  if (values.allDay) return values.startDate;
  try {
    return instantOfWallClock({ date: values.startDate, time: values.startTime }, values.timeZone).toISOString();
  } catch {
    return '';
  }
}

export interface EventWhenFieldsProps {
  values: EventFormValues;
  set<K extends keyof EventFormValues>(field: K, value: EventFormValues[K]): void;
  /** Sets one of the dates or times: for the start, the end moves with it (withStartMoved). */
  setEdge(field: EventFormEdgeField, value: string): void;
  fieldProps(field: EventFormField): { validationState: 'error' | 'none'; validationMessage: string | undefined };
  /** The zone the calendar is shown in: the event's times are also said in it when the event's zone is another. */
  shownTimeZone: string;
  locale: string;
  /** An occurrence keeps its series' calendar, category and rich content (the form's other fields read this). */
  occurrence: boolean;
  /** Whether the Repeat control shows: for an event or series, and "this and following" (a split with a new rule), not for one occurrence. */
  repeats: boolean;
}

/** When the event happens: all day or not, its start and end, and how it repeats. */
export function EventWhenFields({ values, set, setEdge, fieldProps, shownTimeZone, locale, occurrence, repeats }: EventWhenFieldsProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const repeatErrors: FieldErrors<EventFormField> = Object.fromEntries(
    REPEAT_FIELDS.flatMap((field) => {
      const message = fieldProps(field).validationMessage;
      return message ? [[field, message]] : [];
    }),
  );
  const row = { values, setEdge, fieldProps, className: styles.row };
  return (
    <>
      <Switch label={say(M.allDay)} checked={values.allDay} onChange={(_, data) => set('allDay', data.checked)} />
      <DateTimeRow edge="start" {...row} />
      <DateTimeRow edge="end" {...row} />
      {/* All-day dates are the same dates in every zone. */}
      {!values.allDay && (
        <EventTimeZoneField
          values={values}
          onChange={(timeZone) => set('timeZone', timeZone)}
          shownTimeZone={shownTimeZone}
          locale={locale}
          occurrence={occurrence}
          {...fieldProps('timeZone')}
        />
      )}
      {repeats && (
        <RepeatField
          value={values.repeat}
          onChange={(repeat) => set('repeat', repeat)}
          start={formStart(values)}
          allDay={values.allDay}
          // The form's dates and times, and so the rule's, are in the event's zone.
          timeZone={values.timeZone}
          viewerTimeZone={values.timeZone}
          locale={locale}
          errors={repeatErrors}
        />
      )}
    </>
  );
}

interface DateTimeRowProps extends Pick<EventWhenFieldsProps, 'values' | 'setEdge' | 'fieldProps'> {
  edge: 'start' | 'end';
  className: string;
}

/** A start or an end: its date, and its time unless the event lasts all day. */
function DateTimeRow({ edge, values, setEdge, fieldProps, className }: DateTimeRowProps) {
  const intl = useIntl();
  const date = `${edge}Date` as const;
  const time = `${edge}Time` as const;
  return (
    <div className={className}>
      <DateField
        label={intl.formatMessage(M[date])}
        required
        {...fieldProps(date)}
        name={date}
        min={EVENT_DATE_INPUT_MIN}
        max={EVENT_DATE_INPUT_MAX}
        value={values[date]}
        onChange={(value) => setEdge(date, value)}
      />
      {!values.allDay && (
        <Field label={intl.formatMessage(M[time])} required {...fieldProps(time)}>
          <TimeInput name={time} day={values[date]} value={values[time]} onChange={(value) => setEdge(time, value)} />
        </Field>
      )}
    </div>
  );
}
