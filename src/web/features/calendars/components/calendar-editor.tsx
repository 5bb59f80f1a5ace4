import { Button, Field, Input, Spinner, Textarea, makeStyles, tokens, webLightTheme } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar, CalendarInput } from '../../../../shared/calendar-schema.ts';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { useFormErrors } from '../../../lib/form-errors.ts';
import {
  CALENDAR_FORM_FIELDS,
  calendarFormValues,
  validateCalendarForm,
  type CalendarFormErrors,
  type CalendarFormValues,
} from '../lib/calendar-form-values.ts';
import { CALENDAR_EDITOR_MESSAGES as MESSAGES, MANAGE_CALENDARS_MESSAGES } from '../lib/manage-calendars-messages.ts';
import { CalendarColorField } from './calendar-color-field.tsx';
import { PeoplePicker } from './people-picker.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

interface CalendarEditorProps {
  /** The calendar to edit, or null for a new one. */
  calendar: Calendar | null;
  saving: boolean;
  /** Saves; resolves to the server's field errors if it refused some fields. */
  onSave(input: CalendarInput): Promise<CalendarFormErrors | null>;
  onCancel(): void;
}

/** The fields of a calendar, checked with the shared schema before they are sent. */
export function CalendarEditor({ calendar, saving, onSave, onCancel }: CalendarEditorProps) {
  const styles = useStyles();
  const intl = useIntl();
  // New calendars start with the brand colour: a value, not a style.
  const [values, setValues] = useState<CalendarFormValues>(() => calendarFormValues(calendar, webLightTheme.colorBrandBackground));
  const { formRef, showErrors, clearErrors, fieldProps } = useFormErrors(CALENDAR_FORM_FIELDS);

  const set = <F extends keyof CalendarFormValues>(field: F, value: CalendarFormValues[F]) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCalendarForm(values, intl);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    clearErrors();
    void onSave(result.input).then((serverErrors) => serverErrors && showErrors(serverErrors));
  };

  const formLabel = calendar
    ? intl.formatMessage(MANAGE_CALENDARS_MESSAGES.editCalendar, { name: calendar.name })
    : intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar);

  return (
    <form ref={formRef} className={styles.form} onSubmit={handleSubmit} noValidate aria-label={formLabel}>
      <Field label={intl.formatMessage(MESSAGES.name)} required {...fieldProps('name')}>
        <Input name="name" value={values.name} onChange={(_, data) => set('name', data.value)} />
      </Field>
      <CalendarColorField value={values.color} onChange={(color) => set('color', color)} {...fieldProps('color')} />
      <Field label={intl.formatMessage(MESSAGES.description)} {...fieldProps('description')}>
        <Textarea name="description" value={values.description} onChange={(_, data) => set('description', data.value)} />
      </Field>
      <PeoplePicker
        label={intl.formatMessage(MESSAGES.editors)}
        hint={intl.formatMessage(MESSAGES.editorsHint)}
        value={values.editors}
        onChange={(ids) => set('editors', ids)}
        {...fieldProps('editors')}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
          {intl.formatMessage(calendar ? MESSAGES.save : MESSAGES.create)}
        </Button>
        <Button onClick={onCancel}>{intl.formatMessage(COMMON_MESSAGES.cancel)}</Button>
      </div>
    </form>
  );
}
