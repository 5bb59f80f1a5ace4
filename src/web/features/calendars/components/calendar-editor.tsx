import { Button, Field, Input, Spinner, Textarea, makeStyles, tokens, webLightTheme } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { calendarColorSchema, type Calendar, type CalendarInput } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { MIN_TEXT_CONTRAST, readableTextOn } from '../../../lib/color-contrast.ts';
import { useFormErrors } from '../../../lib/form-errors.ts';
import {
  CALENDAR_FORM_FIELDS,
  calendarFormValues,
  validateCalendarForm,
  type CalendarFormErrors,
  type CalendarFormValues,
} from '../lib/calendar-form-values.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  picker: {
    inlineSize: '28px',
    blockSize: '22px',
    padding: 0,
    border: 'none',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
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
  // New calendars start with the brand colour: a value, not a style.
  const [values, setValues] = useState<CalendarFormValues>(() => calendarFormValues(calendar, webLightTheme.colorBrandBackground));
  const { formRef, showErrors, clearErrors, fieldProps } = useFormErrors(CALENDAR_FORM_FIELDS);

  const set = (field: keyof CalendarFormValues, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCalendarForm(values);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    clearErrors();
    void onSave(result.input).then((serverErrors) => serverErrors && showErrors(serverErrors));
  };

  const colorValid = calendarColorSchema.safeParse(values.color.trim()).success;
  const hardToRead = colorValid && readableTextOn(values.color.trim()).contrast < MIN_TEXT_CONTRAST;

  return (
    <form ref={formRef} className={styles.form} onSubmit={handleSubmit} noValidate aria-label={calendar ? `Edit ${calendar.name}` : 'New calendar'}>
      <Field label="Name" required {...fieldProps('name')}>
        <Input name="name" value={values.name} onChange={(_, data) => set('name', data.value)} />
      </Field>
      <Field
        label="Colour"
        required
        hint={hardToRead ? 'Event titles may be hard to read on this colour.' : 'In the form #RRGGBB'}
        {...fieldProps('color')}
      >
        <Input
          name="color"
          value={values.color}
          contentBefore={colorValid ? <ColorSwatch color={values.color.trim()} /> : undefined}
          contentAfter={
            <input
              type="color"
              className={styles.picker}
              aria-label="Pick a colour"
              value={(colorValid ? values.color.trim() : webLightTheme.colorBrandBackground).toLowerCase()}
              onChange={(event) => set('color', event.target.value)}
            />
          }
          onChange={(_, data) => set('color', data.value)}
        />
      </Field>
      <Field label="Description" {...fieldProps('description')}>
        <Textarea name="description" value={values.description} onChange={(_, data) => set('description', data.value)} />
      </Field>
      <Field label="Editors" hint="User or group ids, one per line or separated by commas" {...fieldProps('editors')}>
        <Textarea name="editors" value={values.editors} onChange={(_, data) => set('editors', data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
          {calendar ? 'Save calendar' : 'Create calendar'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
