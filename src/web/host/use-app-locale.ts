import { canonicalLocale, localeOverride } from '../i18n/locales.ts';
import { useHostState } from './host-context.tsx';

/**
 * The locale the app speaks and formats in: `?locale=` when given, else the host's (Teams and SharePoint say which)
 * once it is known, else the browser's.
 */
export function useAppLocale(): string {
  const { state } = useHostState();
  const host = state.status === 'ready' ? state.api.host : null;
  const hostLocale = host && host.kind !== 'standalone' ? host.context.app.locale : null;
  return localeOverride() ?? canonicalLocale(hostLocale) ?? canonicalLocale(navigator.language) ?? 'en';
}
