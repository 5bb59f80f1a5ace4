import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalog } from './load-catalog.ts';
import { appLanguage, SOURCE_LANGUAGE, textDirection } from './locales.ts';

/**
 * The app's words in the locale's language, and the page's language and direction with them. A catalogue still on
 * its way leaves the words in English meanwhile rather than the page blank; one that cannot load leaves them so.
 */
export function I18nProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const language = appLanguage(locale);
  const translated = language !== SOURCE_LANGUAGE;
  const catalog = useQuery({ queryKey: ['message-catalog', language], queryFn: () => loadCatalog(language), enabled: translated, staleTime: Infinity, retry: 1 });
  const ready = !translated || catalog.isSuccess;
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }, [locale]);
  return (
    <IntlProvider locale={ready ? locale : SOURCE_LANGUAGE} messages={catalog.data} defaultLocale={SOURCE_LANGUAGE}>
      {children}
    </IntlProvider>
  );
}
