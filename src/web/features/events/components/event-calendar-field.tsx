import { Field, Select } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';

interface EventCalendarFieldProps {
  value: string;
  onChange(calendarId: string): void;
  /** The calendars the user may add events to. */
  editable: readonly Calendar[];
  occurrence: boolean;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/** The calendar the event is in, of those the user may add to. */
export function EventCalendarField({ value, onChange, editable, occurrence, ...validation }: EventCalendarFieldProps) {
  const say = useIntl().formatMessage;
  return (
    <Field
      label={say(M.calendar)}
      required
      // A series moves between calendars whole: one occurrence cannot leave it.
      hint={occurrence ? say(M.calendarOccurrenceHint) : undefined}
      {...validation}
    >
      <Select name="calendarId" value={value} disabled={occurrence} onChange={(_, data) => onChange(data.value)}>
        {editable.map((calendar) => (
          <option key={calendar.id} value={calendar.id}>
            {calendar.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
