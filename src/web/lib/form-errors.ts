import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isApiStatus } from './api-client.ts';
import { focusControl } from './focus-control.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A server refusal's field errors, on the form's fields (`fieldFor` maps an API path to one); `messages` are those
 * about no field on the form. Null when the refusal is not about fields.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fieldFor: (path: string) => F | null,
): { errors: FieldErrors<F>; messages: string[] } | null {
  if (!isApiStatus(error, 400) || error.fieldErrors.length === 0) return null;
  const errors: FieldErrors<F> = {};
  const messages: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const formField = fieldFor(field);
    if (formField) errors[formField] ??= message;
    else messages.push(message);
  }
  return { errors, messages };
}

/** A form's errors: per field and for the whole form. Showing them focuses the first invalid field, in `order`. */
export function useFormErrors<F extends string>(order: readonly F[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const showErrors = useCallback(
    (fieldErrors: FieldErrors<F>, messages: string[] = []) => {
      flushSync(() => {
        setErrors(fieldErrors);
        setFormErrors(messages);
      });
      // After the errors render, so the focused field already carries aria-invalid and its message.
      const first = order.find((field) => fieldErrors[field]);
      if (first) focusControl(formRef.current, first);
    },
    [order],
  );

  const clearErrors = useCallback(() => {
    setErrors({});
    setFormErrors([]);
  }, []);

  const fieldProps = (field: F) => ({
    validationState: errors[field] ? ('error' as const) : ('none' as const),
    validationMessage: errors[field],
  });

  return { formRef, formErrors, showErrors, clearErrors, fieldProps };
}
