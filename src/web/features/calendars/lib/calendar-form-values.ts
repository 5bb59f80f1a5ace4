import { calendarCreateSchema, type Calendar, type CalendarInput } from '../../../../shared/calendar-schema.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';

export interface CalendarFormValues {
  name: string;
  color: string;
  description: string;
  /** User and group ids, separated by commas or new lines. */
  editors: string;
}

export type CalendarFormErrors = FieldErrors<keyof CalendarFormValues>;

export const CALENDAR_FORM_FIELDS: readonly (keyof CalendarFormValues)[] = ['name', 'color', 'description', 'editors'];

export function calendarFormValues(calendar: Calendar | null, defaultColor: string): CalendarFormValues {
  if (!calendar) return { name: '', color: defaultColor, description: '', editors: '' };
  return { name: calendar.name, color: calendar.color, description: calendar.description, editors: calendar.editors.join('\n') };
}

function calendarFormField(path: string): keyof CalendarFormValues | null {
  const [first] = path.split('.');
  return first === 'name' || first === 'color' || first === 'description' || first === 'editors' ? first : null;
}

/** Checks the form with the shared calendar rules, the ones the API applies. */
export function validateCalendarForm(values: CalendarFormValues): { ok: true; input: CalendarInput } | { ok: false; errors: CalendarFormErrors } {
  const parsed = calendarCreateSchema.safeParse({
    name: values.name,
    color: values.color.trim(),
    description: values.description,
    editors: values.editors
      .split(/[,\n]/)
      .map((id) => id.trim())
      .filter(Boolean),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: CalendarFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = calendarFormField(issue.path.join('.'));
    if (field) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Maps a server refusal to field errors, or null when it is not about fields. */
export function calendarFieldErrors(error: unknown): CalendarFormErrors | null {
  return serverFieldErrors(error, calendarFormField)?.errors ?? null;
}
