import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { CALENDAR_EDITORS_MAX, CALENDAR_NAME_MAX } from '../../src/shared/limits.ts';
import { validateCalendarForm, type CalendarFormValues } from '../../src/web/features/calendars/lib/calendar-form-values.ts';

const catalog = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../src/web/i18n/catalogs/fr.json'), 'utf8')) as Record<string, string>;
const french = createIntl({ locale: 'fr', defaultLocale: 'en', messages: catalog, onError: (error) => expect.fail(String(error)) });
const english = createIntl({ locale: 'en', defaultLocale: 'en' });

const VALID: CalendarFormValues = { name: 'Holidays', color: '#0F6CBD', description: '', editors: [] };
const errorsOf = (values: Partial<CalendarFormValues>, intl = french) => {
  const result = validateCalendarForm({ ...VALID, ...values }, intl);
  return result.ok ? {} : result.errors;
};

describe('the calendar form’s checks, in the user’s language', () => {
  test('each broken rule is said in the catalogue’s words, not the shared schema’s English', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: 'Saisissez un nom' });
    expect(errorsOf({ name: 'x'.repeat(CALENDAR_NAME_MAX + 1) }).name).toBe('Un nom comporte au maximum 100 caractères');
    expect(errorsOf({ color: 'blue' })).toEqual({ color: 'Utilisez une couleur au format #RRGGBB' });
    expect(errorsOf({ editors: ['ada', 'x'.repeat(201)] }).editors).toBe('Un identifiant d’éditeur comporte au maximum 200 caractères');
    expect(errorsOf({ editors: Array.from({ length: CALENDAR_EDITORS_MAX + 1 }, (_, i) => `user-${i}`) }).editors).toBe(
      'Un calendrier a au maximum 200 éditeurs',
    );
  });

  test('in English, the words match the rules the server applies', () => {
    expect(errorsOf({ name: '' }, english)).toEqual({ name: 'Enter a name' });
    expect(errorsOf({ description: 'x'.repeat(1001) }, english).description).toBe('A description has at most 1,000 characters');
    expect(validateCalendarForm(VALID, english).ok).toBe(true);
  });
});
