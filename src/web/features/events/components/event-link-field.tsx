import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { withWebScheme } from '../../../../shared/web-link.ts';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';

interface EventLinkFieldProps {
  value: string;
  onChange(value: string): void;
  validationState: 'error' | 'none';
  validationMessage: string | undefined;
}

/** The event's web link, completed with https:// when the user leaves the field without one. */
export function EventLinkField({ value, onChange, ...validation }: EventLinkFieldProps) {
  // "www.example.com" became https://www.example.com when the user left the field: the hint says so.
  const [schemeAdded, setSchemeAdded] = useState(false);
  const say = useIntl().formatMessage;
  return (
    <Field label={say(M.link)} hint={say(schemeAdded ? M.linkSchemeAdded : M.linkHint)} {...validation}>
      <Input
        name="url"
        // Not type="url": "www.example.com" is welcome, and gets its https:// on leaving the field.
        inputMode="url"
        value={value}
        onChange={(_, data) => {
          setSchemeAdded(false);
          onChange(data.value);
        }}
        onBlur={() => {
          const completed = withWebScheme(value);
          if (completed === value.trim()) return;
          onChange(completed);
          setSchemeAdded(true);
        }}
      />
    </Field>
  );
}
