import type { IntlShape } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CategoryIcon } from '../../../../shared/category-icons.ts';
import { categoryCreateSchema, type Category, type CategoryInput } from '../../../../shared/category-schema.ts';
import { CATEGORY_NAME_MAX } from '../../../../shared/limits.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { CATEGORY_EDITOR_MESSAGES as MESSAGES } from './categories-messages.ts';
import { CALENDAR_EDITOR_MESSAGES } from './manage-calendars-messages.ts';

export interface CategoryFormValues {
  name: string;
  color: string;
  icon: CategoryIcon;
}

export type CategoryFormField = keyof CategoryFormValues;
export type CategoryFormErrors = FieldErrors<CategoryFormField>;

export const CATEGORY_FORM_FIELDS: readonly CategoryFormField[] = ['name', 'color', 'icon'];

/** A new category's icon until one is chosen: one that suits any event. */
export const DEFAULT_CATEGORY_ICON: CategoryIcon = 'Calendar';

/** The editor's first values: the category's, or a new one's in its calendar's colour. */
export function categoryFormValues(category: Category | null, calendar: Calendar): CategoryFormValues {
  if (!category) return { name: '', color: calendar.color, icon: DEFAULT_CATEGORY_ICON };
  return { name: category.name, color: category.color, icon: category.icon };
}

function categoryFormField(path: string): CategoryFormField | null {
  const [first] = path.split('.');
  return first === 'name' || first === 'color' || first === 'icon' ? first : null;
}

/** A shared rule a field broke, in the user's words: the schema's own messages are English. */
function ruleMessage(field: CategoryFormField, tooLong: boolean, intl: IntlShape): string {
  switch (field) {
    case 'name':
      return tooLong ? intl.formatMessage(MESSAGES.nameTooLong, { max: CATEGORY_NAME_MAX }) : intl.formatMessage(MESSAGES.nameMissing);
    case 'color':
      return intl.formatMessage(CALENDAR_EDITOR_MESSAGES.colorInvalid);
    case 'icon':
      return intl.formatMessage(MESSAGES.iconMissing);
  }
}

/** Checks the editor's values with the shared category rules, the ones the API applies. */
export function validateCategoryForm(
  values: CategoryFormValues,
  intl: IntlShape,
): { ok: true; input: CategoryInput } | { ok: false; errors: CategoryFormErrors } {
  const parsed = categoryCreateSchema.safeParse({ name: values.name, color: values.color.trim(), icon: values.icon });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: CategoryFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = categoryFormField(issue.path.join('.'));
    if (field) errors[field] ??= ruleMessage(field, issue.code === 'too_big', intl);
  }
  return { ok: false, errors };
}

/** Maps a server refusal to field errors, or null when it is not about fields. */
export function categoryFieldErrors(error: unknown): CategoryFormErrors | null {
  return serverFieldErrors(error, categoryFormField)?.errors ?? null;
}
