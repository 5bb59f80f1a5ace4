import { Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatFormMessage, type FormMessage } from '../lib/event-form-messages.ts';

interface CheckedLinkFieldProps {
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  /** What is wrong with the link, checked once the user leaves the field; null when nothing is. */
  errorOf(value: string): FormMessage | null;
  validationState: 'error' | 'none';
  /** The form's own message for the field (the server's, after a save): it wins over the field's check. */
  validationMessage: string | undefined;
}

/** A link field that checks its value once the user leaves it, not at every keystroke. */
export function CheckedLinkField({ name, label, hint, value, onChange, disabled, errorOf, validationState, validationMessage }: CheckedLinkFieldProps) {
  const intl = useIntl();
  const [left, setLeft] = useState(false);
  const ownError = left ? errorOf(value) : null;
  const message = validationMessage ?? (ownError ? formatFormMessage(intl, ownError) : undefined);
  return (
    <Field label={label} hint={hint} validationState={message ? 'error' : validationState} validationMessage={message}>
      <Input
        name={name}
        inputMode="url"
        value={value}
        disabled={disabled}
        onChange={(_, data) => {
          setLeft(false);
          onChange(data.value);
        }}
        onBlur={() => setLeft(true)}
      />
    </Field>
  );
}
