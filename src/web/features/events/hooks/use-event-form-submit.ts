import type { FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useHost } from '../../../host/host-context.tsx';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { EVENT_FORM_FIELDS, validateEventForm, type EventFormErrors, type EventFormField, type EventFormValues } from '../lib/event-form-values.ts';
import { EVENT_FORM_MESSAGES as M, formatFormMessage } from '../lib/event-form-messages.ts';
import { storedRuleOf } from '../lib/rule-to-save.ts';
import { useSaveEvent, type SaveTarget } from './use-save-event.ts';

interface EventFormSubmitOptions extends SaveTarget {
  values: EventFormValues;
  showErrors(errors: FieldErrors<EventFormField>, messages: string[]): void;
  clearErrors(): void;
  onFailure(error: unknown): Promise<void>;
  onSaved?(event: CalendarEvent): void;
  onChanged(): void;
  onClose(): void;
}

/** The form's errors in the user's language, field by field. */
function sayErrors(intl: IntlShape, errors: EventFormErrors): FieldErrors<EventFormField> {
  const said: FieldErrors<EventFormField> = {};
  for (const field of EVENT_FORM_FIELDS) {
    const error = errors[field];
    if (error) said[field] = formatFormMessage(intl, error);
  }
  return said;
}

/** Submitting the event form: its values are checked, then saved; a save that worked closes the form. */
export function useEventFormSubmit(options: EventFormSubmitOptions) {
  const { values, base, occurrence, scope, showErrors, clearErrors, onFailure, onSaved, onChanged, onClose } = options;
  const notify = useNotify();
  const { save, pending } = useSaveEvent();
  // A config kept offline by an earlier build has none.
  const sharePointOrigins = useHost().clientConfig.sharePointOrigins ?? [];
  const intl = useIntl();

  const handleSubmit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    // The form's dates and times are in the event's zone, which its rule repeats in; it is sent when new or changed.
    const { timeZone } = values;
    const includeTimeZone = base === null || timeZone !== base.extendedProps.timeZone;
    // "This and following" may change the repeat (a split with the new rule); "this event" keeps the series'.
    const includeRule = occurrence === null || scope === 'following';
    const storedRule = storedRuleOf(base);
    const result = validateEventForm(values, { timeZone, includeTimeZone, includeRule, seriesTimeZone: timeZone, sharePointOrigins, storedRule });
    if (!result.ok) {
      showErrors(sayErrors(intl, result.errors), result.formErrors.map((message) => formatFormMessage(intl, message)));
      return;
    }
    clearErrors();
    const onSuccess = (saved: CalendarEvent) => {
      notify.success(intl.formatMessage(base ? M.saved : M.created));
      onChanged();
      onSaved?.(saved);
      onClose();
    };
    const onError = (error: unknown) => void onFailure(error);
    save(result.event, values.calendarId, { base, occurrence, scope }, { onSuccess, onError });
  };
  return { handleSubmit, pending };
}
