import { useIntl } from 'react-intl';
import { RICH_FIELD_MESSAGES as M } from '../lib/rich-content-messages.ts';
import { meetingFieldError } from '../lib/rich-fields.ts';
import { CheckedLinkField } from './checked-link-field.tsx';

interface EventMeetingFieldProps {
  value: string;
  onChange(value: string): void;
  /** An occurrence's: the series' meeting, not changed here. */
  seriesWide: boolean;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/** The event's Teams meeting: its join link, checked once the user leaves the field (and by the server). */
export function EventMeetingField({ seriesWide, ...field }: EventMeetingFieldProps) {
  const say = useIntl().formatMessage;
  return (
    <CheckedLinkField
      {...field}
      name="onlineMeetingUrl"
      label={say(M.meeting)}
      hint={say(seriesWide ? M.seriesWide : M.meetingHint)}
      disabled={seriesWide}
      errorOf={meetingFieldError}
    />
  );
}
