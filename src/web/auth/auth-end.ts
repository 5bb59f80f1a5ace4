// The redirect page for MSAL's popups, silent frames and redirects: it hands the identity provider's answer to
// the page that asked, then closes or navigates back. A page of its own so that it loads fast and runs no app: its
// words come from the app's catalogues through intl-messageformat (FormatJS's formatter), without React.
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';
import { IntlMessageFormat } from 'intl-messageformat';
import { loadCatalog, type Catalog } from '../i18n/load-catalog.ts';
import { appLanguage, canonicalLocale, localeOverride, textDirection } from '../i18n/locales.ts';
import { AUTH_END_MESSAGES } from './auth-end-messages.ts';

type Message = (typeof AUTH_END_MESSAGES)[keyof typeof AUTH_END_MESSAGES];

const locale = localeOverride() ?? canonicalLocale(navigator.language) ?? 'en';
// English until the catalogue comes, and should it not come.
const catalog: Promise<Catalog> = loadCatalog(appLanguage(locale)).catch(() => ({}));
const say = async (message: Message, values?: Record<string, string>) =>
  String(new IntlMessageFormat((await catalog)[message.id] ?? message.defaultMessage, locale).format(values));
const status = () => document.getElementById('status');

let failed = false;
broadcastResponseToMainFrame().catch(async (error: unknown) => {
  failed = true;
  const text = await say(AUTH_END_MESSAGES.failed, { reason: error instanceof Error ? error.message : String(error) });
  const element = status();
  if (element) element.textContent = text;
});

void (async () => {
  const [title, signingIn] = await Promise.all([say(AUTH_END_MESSAGES.title), say(AUTH_END_MESSAGES.signingIn)]);
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
  document.title = title;
  const element = status();
  if (element && !failed) element.textContent = signingIn;
})();
