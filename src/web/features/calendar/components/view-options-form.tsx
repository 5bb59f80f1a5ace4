import { Field, Select, Subtitle2, Switch, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { TIME_FORMATS, type TimeFormat } from '../../../../shared/time-formats.ts';
import { timeOfDayOptions, useTimeFormat } from '../../../lib/time-format.ts';
import { useViewOptions } from '../hooks/use-view-options.ts';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';
import type { ViewOptions } from '../lib/view-options.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  // The two fields share one row for their labels and one for their lists (a subgrid), so that a label that wraps
  // ("Journée de travail de" beside "à") leaves both lists level and both labels standing on them.
  hours: { display: 'grid', gridTemplateColumns: '1fr 1fr', gridTemplateRows: 'auto auto', columnGap: tokens.spacingHorizontalS },
  hourField: { gridRow: 'span 2', gridTemplateRows: 'subgrid', alignItems: 'end' },
  select: { minWidth: 0 },
});

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const TIME_FORMAT_LABELS = {
  locale: CALENDAR_MESSAGES.timeFormatLocale,
  h12: CALENDAR_MESSAGES.timeFormat12,
  h23: CALENDAR_MESSAGES.timeFormat24,
} satisfies Record<TimeFormat, unknown>;
// Shown as each format's example: an afternoon hour tells 12- from 24-hour.
const EXAMPLE_TIME = new Date(2000, 0, 1, 13);

/** The view options of the side panel: week numbers, the working day the time grids shade, and the time format. */
export function ViewOptionsForm() {
  const styles = useStyles();
  const intl = useIntl();
  const headingId = useId('view-options-heading');
  const [options, setOptions] = useViewOptions();
  const { startHour, endHour } = options.workingHours;
  const setHours = (workingHours: ViewOptions['workingHours']) => setOptions({ workingHours });
  const [timeFormat, setTimeFormat] = useTimeFormat();
  const hourLabel = (hour: number) => intl.formatTime(new Date(2000, 0, 1, hour), timeOfDayOptions(timeFormat));
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {intl.formatMessage(CALENDAR_MESSAGES.viewOptions)}
      </Subtitle2>
      <Switch
        label={intl.formatMessage(CALENDAR_MESSAGES.weekNumbers)}
        checked={options.weekNumbers}
        onChange={(_, data) => setOptions({ weekNumbers: data.checked })}
      />
      <div className={styles.hours}>
        <Field className={styles.hourField} label={intl.formatMessage(CALENDAR_MESSAGES.workingFrom)}>
          <Select
            className={styles.select}
            value={String(startHour)}
            // A start at or after the end moves the end with it: the day keeps at least an hour.
            onChange={(_, data) => setHours({ startHour: Number(data.value), endHour: Math.max(endHour, Number(data.value) + 1) })}
          >
            {HOURS.slice(0, -1).map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.hourField} label={intl.formatMessage(CALENDAR_MESSAGES.workingTo)}>
          <Select
            className={styles.select}
            value={String(endHour)}
            onChange={(_, data) => setHours({ startHour: Math.min(startHour, Number(data.value) - 1), endHour: Number(data.value) })}
          >
            {HOURS.slice(1).map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={intl.formatMessage(CALENDAR_MESSAGES.timeFormat)}>
        <Select className={styles.select} value={timeFormat} onChange={(_, data) => setTimeFormat(data.value as TimeFormat)}>
          {TIME_FORMATS.map((format) => (
            <option key={format} value={format}>
              {intl.formatMessage(TIME_FORMAT_LABELS[format], { example: intl.formatTime(EXAMPLE_TIME, timeOfDayOptions(format)) })}
            </option>
          ))}
        </Select>
      </Field>
    </section>
  );
}
