import { Field, Input, Radio, RadioGroup, Select, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX } from '../../../../shared/limits.ts';
import { RECURRENCE_FREQUENCIES, type RecurrenceFrequency } from '../../../../shared/recurrence-rule.ts';
import { useIntl } from 'react-intl';
import { describeRecurrence, describeRepeatOptions, ordinalWord, weekdayName, weekdaysInLocaleOrder, WITHOUT_START } from '../lib/describe-recurrence.ts';
import { REPEAT_MESSAGES } from '../lib/recurrence-messages.ts';
import {
  chooseEnds,
  choosePreset,
  isRepeatPreset,
  repeatRule,
  REPEAT_UNTIL_DATE_MAX,
  toggleDay,
  weeklyDays,
  type MonthlyBy,
  type RepeatEnds,
  type RepeatField as RepeatFieldName,
  type RepeatValues,
} from '../lib/repeat-options.ts';
import { seriesStart, type SeriesStart } from '../lib/series-start.ts';
import { DateField } from './date-time-inputs.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  days: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  every: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  number: { width: '8em' },
  summary: { color: tokens.colorNeutralForeground2 },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

interface RepeatFieldProps {
  value: RepeatValues;
  onChange(value: RepeatValues): void;
  /** The series' first start: a date (YYYY-MM-DD) when all-day, else an ISO instant. */
  start: string;
  allDay: boolean;
  /** The series' IANA zone, which its weekdays and dates are counted in. */
  timeZone: string;
  /** The zone the viewer sees times in; the summary names the series' zone when it differs. */
  viewerTimeZone: string;
  locale: string;
  /** The form's messages for the control's fields. */
  errors?: Partial<Record<RepeatFieldName, string>>;
}

type FieldErrorProps = (field: RepeatFieldName) => { validationState: 'error' | 'none'; validationMessage?: string };

/** The event form's Repeat control: Outlook's choices, custom fields inline, and the rule in words below. */
export function RepeatField({ value, onChange, start, allDay, timeZone, viewerTimeZone, locale, errors = {} }: RepeatFieldProps) {
  const styles = useStyles();
  const intl = useIntl();
  const series = { start, allDay, timeZone };
  const first = seriesStart(series);
  const options = describeRepeatOptions(value, { ...series, locale, intl });
  const built = repeatRule(value, series);
  const summary = built.ok && built.rrule !== '' ? describeRecurrence(built.rrule, { ...series, locale, viewerTimeZone, intl }) : null;
  const fieldProps: FieldErrorProps = (field) => ({
    validationState: errors[field] ? 'error' : 'none',
    validationMessage: errors[field],
  });
  const custom = value.preset === 'custom';
  return (
    <div className={styles.root}>
      <Field label={intl.formatMessage(REPEAT_MESSAGES.label)} {...fieldProps('repeat')}>
        <Select name="repeat" value={value.preset} onChange={(_, data) => isRepeatPreset(data.value) && onChange(choosePreset(value, data.value))}>
          {options.map(({ preset, label }) => (
            <option key={preset} value={preset}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {custom && <IntervalFields value={value} onChange={onChange} fieldProps={fieldProps} />}
      {first && (value.preset === 'weekly' || (custom && value.frequency === 'WEEKLY')) && (
        <WeekdayToggles value={value} onChange={onChange} start={first} locale={locale} fieldProps={fieldProps} />
      )}
      {custom && value.frequency === 'MONTHLY' && <MonthlyChoice value={value} onChange={onChange} start={first} locale={locale} />}
      {custom && <EndsFields value={value} onChange={onChange} start={first} fieldProps={fieldProps} />}
      {/* Read out as it changes, so choosing days or an end says what the event now does. */}
      <div role="status" className={styles.summary}>
        {summary}
      </div>
    </div>
  );
}

interface PartProps {
  value: RepeatValues;
  onChange(value: RepeatValues): void;
}

/** A count from 1 to `max`, kept as typed so that the form can say what is wrong with it. */
function WholeNumberInput({ name, max, value, onChange }: { name: string; max: number; value: string; onChange(value: string): void }) {
  const styles = useStyles();
  return <Input name={name} type="number" min={1} max={max} className={styles.number} value={value} onChange={(_, data) => onChange(data.value)} />;
}

function IntervalFields({ value, onChange, fieldProps }: PartProps & { fieldProps: FieldErrorProps }) {
  const styles = useStyles();
  const intl = useIntl();
  const interval = Number(value.interval);
  const unit = (frequency: RecurrenceFrequency) =>
    intl.formatMessage(REPEAT_MESSAGES[frequency], { count: Number.isInteger(interval) && interval > 0 ? interval : 1 });
  return (
    <div className={styles.every}>
      <Field label={intl.formatMessage(REPEAT_MESSAGES.every)} {...fieldProps('repeatInterval')}>
        <WholeNumberInput name="repeatInterval" max={RECURRENCE_INTERVAL_MAX} value={value.interval} onChange={(typed) => onChange({ ...value, interval: typed })} />
      </Field>
      <Field label={intl.formatMessage(REPEAT_MESSAGES.frequency)}>
        <Select
          value={value.frequency}
          onChange={(_, data) => {
            const frequency = RECURRENCE_FREQUENCIES.find((candidate) => candidate === data.value);
            if (frequency) onChange({ ...value, frequency });
          }}
        >
          {RECURRENCE_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {unit(frequency)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

function WeekdayToggles({ value, onChange, start, locale, fieldProps }: PartProps & { start: SeriesStart; locale: string; fieldProps: FieldErrorProps }) {
  const styles = useStyles();
  const intl = useIntl();
  const days = weeklyDays(value, start);
  return (
    <Field label={intl.formatMessage(REPEAT_MESSAGES.repeatOn)} {...fieldProps('repeatDays')}>
      {/* A group of toggles, named by the field's label; the field's error describes the group. */}
      {(control) => (
        <div role="group" className={styles.days} {...control}>
          {weekdaysInLocaleOrder(locale).map((weekday, index) => (
            <ToggleButton
              key={weekday}
              // The first toggle carries the name, so that an error can focus the group.
              name={index === 0 ? 'repeatDays' : undefined}
              size="small"
              shape="circular"
              checked={days.includes(weekday)}
              // Filled when pressed, as Outlook shows chosen days; a subtle shade alone is easy to miss.
              appearance={days.includes(weekday) ? 'primary' : 'secondary'}
              onClick={() => onChange(toggleDay(value, weekday, start))}
            >
              {/* Named in full for screen readers, from the content rather than aria-label, so that the short name seen is in it. */}
              <span aria-hidden="true">{weekdayName(weekday, locale, 'short')}</span>
              <span className={styles.visuallyHidden}>{weekdayName(weekday, locale)}</span>
            </ToggleButton>
          ))}
        </div>
      )}
    </Field>
  );
}

function MonthlyChoice({ value, onChange, start, locale }: PartProps & { start: SeriesStart | null; locale: string }) {
  const intl = useIntl();
  const labels: Record<MonthlyBy, string> = start
    ? {
        day: intl.formatMessage(REPEAT_MESSAGES.monthlyOnDay, { day: new Intl.NumberFormat(locale).format(start.day) }),
        weekday: intl.formatMessage(REPEAT_MESSAGES.monthlyOnWeekday, {
          ordinal: ordinalWord(start.weekdayOrdinal, intl),
          weekday: weekdayName(start.weekday, locale),
        }),
      }
    : { day: intl.formatMessage(WITHOUT_START['monthly-day']), weekday: intl.formatMessage(WITHOUT_START['monthly-weekday']) };
  return (
    <Field label={intl.formatMessage(REPEAT_MESSAGES.monthlyOn)}>
      <RadioGroup layout="horizontal" value={value.monthlyBy} onChange={(_, data) => onChange({ ...value, monthlyBy: data.value === 'weekday' ? 'weekday' : 'day' })}>
        <Radio value="day" label={labels.day} />
        <Radio value="weekday" label={labels.weekday} />
      </RadioGroup>
    </Field>
  );
}

const ENDS: readonly RepeatEnds[] = ['never', 'on', 'after'];
const ENDS_LABELS = { never: REPEAT_MESSAGES.endsNever, on: REPEAT_MESSAGES.endsOn, after: REPEAT_MESSAGES.endsAfter } satisfies Record<RepeatEnds, unknown>;

function EndsFields({ value, onChange, start, fieldProps }: PartProps & { start: SeriesStart | null; fieldProps: FieldErrorProps }) {
  const intl = useIntl();
  return (
    <>
      <Field label={intl.formatMessage(REPEAT_MESSAGES.ends)}>
        <RadioGroup
          layout="horizontal"
          value={value.ends}
          onChange={(_, data) => {
            const ends = ENDS.find((candidate) => candidate === data.value);
            if (ends) onChange(chooseEnds(value, ends, start));
          }}
        >
          {ENDS.map((ends) => (
            <Radio key={ends} value={ends} label={intl.formatMessage(ENDS_LABELS[ends])} />
          ))}
        </RadioGroup>
      </Field>
      {value.ends === 'on' && (
        <DateField
          label={intl.formatMessage(REPEAT_MESSAGES.untilDate)}
          {...fieldProps('repeatUntil')}
          name="repeatUntil"
          min={start?.date}
          max={REPEAT_UNTIL_DATE_MAX}
          value={value.untilDate}
          onChange={(untilDate) => onChange({ ...value, untilDate })}
        />
      )}
      {value.ends === 'after' && (
        <Field label={intl.formatMessage(REPEAT_MESSAGES.count)} {...fieldProps('repeatCount')}>
          <WholeNumberInput name="repeatCount" max={RECURRENCE_COUNT_MAX} value={value.count} onChange={(count) => onChange({ ...value, count })} />
        </Field>
      )}
    </>
  );
}
