import { Button, Field, Input, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { Category, CategoryInput } from '../../../../shared/category-schema.ts';
import { CATEGORY_NAME_MAX } from '../../../../shared/limits.ts';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { useFormErrors } from '../../../lib/form-errors.ts';
import { CATEGORY_EDITOR_MESSAGES as M, MANAGE_CATEGORIES_MESSAGES } from '../lib/categories-messages.ts';
import {
  CATEGORY_FORM_FIELDS,
  categoryFormValues,
  validateCategoryForm,
  type CategoryFormErrors,
  type CategoryFormValues,
} from '../lib/category-form-values.ts';
import { CalendarColorField } from './calendar-color-field.tsx';
import { CategoryIconPicker } from './category-icon-picker.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

interface CategoryEditorProps {
  calendar: Calendar;
  /** The category to edit, or null for a new one. */
  category: Category | null;
  saving: boolean;
  /** Saves; resolves to the server's field errors if it refused some fields. */
  onSave(input: CategoryInput): Promise<CategoryFormErrors | null>;
  onCancel(): void;
}

/** A category's name, colour and icon, checked with the shared schema before they are sent. */
export function CategoryEditor({ calendar, category, saving, onSave, onCancel }: CategoryEditorProps) {
  const styles = useStyles();
  const intl = useIntl();
  const say = intl.formatMessage;
  const [values, setValues] = useState<CategoryFormValues>(() => categoryFormValues(category, calendar));
  const { formRef, showErrors, clearErrors, fieldProps } = useFormErrors(CATEGORY_FORM_FIELDS);
  const set = <K extends keyof CategoryFormValues>(field: K, value: CategoryFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCategoryForm(values, intl);
    if (!result.ok) return showErrors(result.errors);
    clearErrors();
    void onSave(result.input).then((serverErrors) => serverErrors && showErrors(serverErrors));
  };

  const formLabel = category ? say(MANAGE_CATEGORIES_MESSAGES.editCategory, { name: category.name }) : say(MANAGE_CATEGORIES_MESSAGES.newCategory);
  return (
    <form ref={formRef} className={styles.form} onSubmit={handleSubmit} noValidate aria-label={formLabel}>
      <Field label={say(M.name)} required hint={say(M.characterCount, { count: values.name.length, max: CATEGORY_NAME_MAX })} {...fieldProps('name')}>
        <Input name="name" value={values.name} onChange={(_, data) => set('name', data.value)} />
      </Field>
      <CalendarColorField value={values.color} onChange={(color) => set('color', color)} {...fieldProps('color')} />
      <CategoryIconPicker value={values.icon} onChange={(icon) => set('icon', icon)} {...fieldProps('icon')} />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
          {say(category ? M.save : M.create)}
        </Button>
        <Button onClick={onCancel}>{say(COMMON_MESSAGES.cancel)}</Button>
      </div>
    </form>
  );
}
