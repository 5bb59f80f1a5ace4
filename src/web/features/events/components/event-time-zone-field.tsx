import { Field } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { TimeZoneCombobox } from '../../../components/time-zone-combobox.tsx';
import { useTimeOfDayOptions, type TimeOfDayOptions } from '../../../lib/time-format.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';
import type { EventFormValues } from '../lib/event-form-values.ts';

/** The event's start and end in another zone, e.g. "7 Dec 2026, 02:00 – 03:00"; null while the form holds no span, or where they read the same. */
function timesIn(values: EventFormValues, zone: string, locale: string, timeOfDay: Readonly<TimeOfDayOptions>): string | null {
  try {
    const start = instantOfWallClock({ date: values.startDate, time: values.startTime }, values.timeZone);
    const end = instantOfWallClock({ date: values.endDate, time: values.endTime }, values.timeZone);
    if (end < start) return null;
    const said = (timeZone: string) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', ...timeOfDay, timeZone }).formatRange(start, end);
    // Where both clocks read the same (London's and UTC's in winter) there is nothing to add.
    const there = said(zone);
    return there === said(values.timeZone) ? null : there;
  } catch {
    return null;
  }
}

interface EventTimeZoneFieldProps {
  values: EventFormValues;
  onChange(timeZone: string): void;
  /** The zone the calendar is shown in: when the event's is another, the field says when the event is there. */
  shownTimeZone: string;
  locale: string;
  /** An occurrence keeps its series' zone. */
  occurrence: boolean;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/**
 * The zone the event's dates and times are in, as Outlook lets one plan "10:00 in Tokyo" from London: choosing
 * another keeps the times on the clock, now that zone's. The viewer's own times follow in the hint.
 */
export function EventTimeZoneField({ values, onChange, shownTimeZone, locale, occurrence, ...validation }: EventTimeZoneFieldProps) {
  const say = useIntl().formatMessage;
  const timeOfDay = useTimeOfDayOptions();
  const elsewhere = timesIn(values, shownTimeZone, locale, timeOfDay);
  const hint = occurrence
    ? say(M.timeZoneOccurrenceHint)
    : elsewhere && say(M.timeZoneShownTimes, { zone: shownTimeZone.replaceAll('_', ' '), when: elsewhere });
  return (
    <Field label={say(M.timeZone)} hint={hint || undefined} {...validation}>
      <TimeZoneCombobox name="timeZone" chosen={values.timeZone} followsDevice={false} onChoose={(zone) => zone && onChange(zone)} disabled={occurrence} />
    </Field>
  );
}
