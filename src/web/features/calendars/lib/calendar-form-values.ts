import type { IntlShape } from 'react-intl';
import { calendarCreateSchema, type Calendar, type CalendarInput } from '../../../../shared/calendar-schema.ts';
import { CALENDAR_DESCRIPTION_MAX, CALENDAR_EDITORS_MAX, CALENDAR_NAME_MAX, PRINCIPAL_ID_MAX } from '../../../../shared/limits.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { CALENDAR_EDITOR_MESSAGES as MESSAGES } from './manage-calendars-messages.ts';

export interface CalendarFormValues {
  name: string;
  color: string;
  description: string;
  /** User and group ids, as the people picker chose them. */
  editors: string[];
}

export type CalendarFormErrors = FieldErrors<keyof CalendarFormValues>;

export const CALENDAR_FORM_FIELDS: readonly (keyof CalendarFormValues)[] = ['name', 'color', 'description', 'editors'];

export function calendarFormValues(calendar: Calendar | null, defaultColor: string): CalendarFormValues {
  if (!calendar) return { name: '', color: defaultColor, description: '', editors: [] };
  return { name: calendar.name, color: calendar.color, description: calendar.description, editors: calendar.editors };
}

function calendarFormField(path: string): keyof CalendarFormValues | null {
  const [first] = path.split('.');
  return first === 'name' || first === 'color' || first === 'description' || first === 'editors' ? first : null;
}

/** A shared rule a field broke, in the user's words: the schema's own messages are English. */
function ruleMessage(field: keyof CalendarFormValues, path: readonly PropertyKey[], tooLong: boolean, intl: IntlShape): string {
  switch (field) {
    case 'name':
      return tooLong ? intl.formatMessage(MESSAGES.nameTooLong, { max: CALENDAR_NAME_MAX }) : intl.formatMessage(MESSAGES.nameMissing);
    case 'color':
      return intl.formatMessage(MESSAGES.colorInvalid);
    case 'description':
      return intl.formatMessage(MESSAGES.descriptionTooLong, { max: CALENDAR_DESCRIPTION_MAX });
    case 'editors':
      // editors itself is the list; editors.3, one id (never empty: the picker adds no blank one).
      if (path.length === 1) return intl.formatMessage(MESSAGES.tooManyEditors, { max: CALENDAR_EDITORS_MAX });
      return intl.formatMessage(MESSAGES.editorTooLong, { max: PRINCIPAL_ID_MAX });
  }
}

/** Checks the form with the shared calendar rules, the ones the API applies. */
export function validateCalendarForm(
  values: CalendarFormValues,
  intl: IntlShape,
): { ok: true; input: CalendarInput } | { ok: false; errors: CalendarFormErrors } {
  const parsed = calendarCreateSchema.safeParse({
    name: values.name,
    color: values.color.trim(),
    description: values.description,
    editors: values.editors,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: CalendarFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = calendarFormField(issue.path.join('.'));
    if (field) errors[field] ??= ruleMessage(field, issue.path, issue.code === 'too_big', intl);
  }
  return { ok: false, errors };
}

/** Maps a server refusal to field errors, or null when it is not about fields. */
export function calendarFieldErrors(error: unknown): CalendarFormErrors | null {
  return serverFieldErrors(error, calendarFormField)?.errors ?? null;
}
