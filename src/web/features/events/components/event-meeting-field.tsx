import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatFormMessage } from '../lib/event-form-messages.ts';
import { RICH_FIELD_MESSAGES as M } from '../lib/rich-content-messages.ts';
import { meetingFieldError } from '../lib/rich-fields.ts';

interface EventMeetingFieldProps {
  value: string;
  onChange(value: string): void;
  /** An occurrence's: the series' meeting, not changed here. */
  seriesWide: boolean;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/** The event's Teams meeting: its join link, checked once the user leaves the field (and by the server). */
export function EventMeetingField({ value, onChange, seriesWide, validationState, validationMessage }: EventMeetingFieldProps) {
  const intl = useIntl();
  const say = intl.formatMessage;
  const [left, setLeft] = useState(false);
  const ownError = left ? meetingFieldError(value) : null;
  const message = validationMessage ?? (ownError ? formatFormMessage(intl, ownError) : undefined);
  return (
    <Field
      label={say(M.meeting)}
      hint={say(seriesWide ? M.seriesWide : M.meetingHint)}
      validationState={message ? 'error' : validationState}
      validationMessage={message}
    >
      <Input
        name="onlineMeetingUrl"
        inputMode="url"
        value={value}
        disabled={seriesWide}
        onChange={(_, data) => {
          setLeft(false);
          onChange(data.value);
        }}
        onBlur={() => setLeft(true)}
      />
    </Field>
  );
}
