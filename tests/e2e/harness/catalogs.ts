import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A language's catalogue: tests look for the translations the app ships, whoever wrote them. */
export function catalog(language: string): Record<string, string> {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../src/web/i18n/catalogs/${language}.json`), 'utf8')) as Record<string, string>;
}
