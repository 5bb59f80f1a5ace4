/** The languages the app's own words are translated into; English is the source, in the code. */
export const APP_LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];
export const SOURCE_LANGUAGE: AppLanguage = 'en';
/** The query parameter that picks the locale whatever the host or browser says (`?locale=ar`), for testing. */
export const LOCALE_OVERRIDE_PARAM = 'locale';

// Written right to left: the scripts of these languages, for browsers whose Intl.Locale cannot say.
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

type TextInfoLocale = Intl.Locale & { getTextInfo?(): { direction?: string }; textInfo?: { direction?: string } };

/** The language of the app's own words for a locale: its language when translated, else English. */
export function appLanguage(locale: string): AppLanguage {
  const language = locale.split('-')[0]!.toLowerCase();
  return APP_LANGUAGES.find((candidate) => candidate === language) ?? SOURCE_LANGUAGE;
}

/** Which way a locale's text runs, as Intl says, else by its language. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  try {
    const info = new Intl.Locale(locale) as TextInfoLocale;
    const direction = (info.getTextInfo?.() ?? info.textInfo)?.direction;
    if (direction === 'rtl' || direction === 'ltr') return direction;
  } catch {
    // Not a locale Intl knows: judged by its language below.
  }
  return RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/** A locale Intl accepts, in its canonical form (Teams says e.g. "en-us"), else null. */
export function canonicalLocale(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? null;
  } catch {
    return null;
  }
}

/** The locale `?locale=` asks for, when it is one. */
export function localeOverride(search = window.location.search): string | null {
  return canonicalLocale(new URLSearchParams(search).get(LOCALE_OVERRIDE_PARAM));
}
