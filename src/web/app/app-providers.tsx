import { FluentProvider, makeStaticStyles, makeStyles } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications.tsx';
import { HostProvider } from '../host/host-context.tsx';
import { useAppLocale } from '../host/use-app-locale.ts';
import { useHostTheme } from '../host/use-host-theme.ts';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { textDirection } from '../i18n/locales.ts';
import { createQueryClient } from './query-client.ts';

// The app's own provider fills the page. Not a class on the provider: Fluent copies the provider's
// classes onto every portal (dialogs, toasts), and a full-height portal would cover the page.
const useStaticStyles = makeStaticStyles({
  'html, body, #root, #root > .fui-FluentProvider': { height: '100%', margin: 0 },
});

// Classes that portals should share: native controls (date pickers, scrollbars) follow CSS color-scheme.
const useStyles = makeStyles({
  light: { colorScheme: 'light' },
  dark: { colorScheme: 'dark' },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HostProvider>
        <ThemedProviders>{children}</ThemedProviders>
      </HostProvider>
    </QueryClientProvider>
  );
}

function ThemedProviders({ children }: { children: ReactNode }) {
  useStaticStyles();
  const styles = useStyles();
  const { theme, colorScheme } = useHostTheme();
  const locale = useAppLocale();
  return (
    <I18nProvider locale={locale}>
      <FluentProvider theme={theme} className={styles[colorScheme]} dir={textDirection(locale)}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </FluentProvider>
    </I18nProvider>
  );
}
