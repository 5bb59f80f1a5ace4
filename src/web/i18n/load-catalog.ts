import { SOURCE_LANGUAGE, type AppLanguage } from './locales.ts';

/** A language's translations of the app's words: message id → ICU message. */
export type Catalog = Record<string, string>;

// One chunk per language, loaded when asked for: only the user's own is downloaded. English is in the code.
const CATALOG_FILES = import.meta.glob<Catalog>('./catalogs/*.json', { import: 'default' });

/** The translations for a language; none for English, whose words are the messages' own. */
export async function loadCatalog(language: AppLanguage): Promise<Catalog> {
  if (language === SOURCE_LANGUAGE) return {};
  const load = CATALOG_FILES[`./catalogs/${language}.json`];
  if (!load) throw new Error(`No message catalogue for ${language}`);
  return load();
}
