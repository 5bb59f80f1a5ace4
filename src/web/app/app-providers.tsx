import { FluentProvider, makeStaticStyles, makeStyles } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NotificationsProvider } from '../components/notifications.tsx';
import { useHostTheme } from '../host/use-host-theme.ts';
import { createQueryClient } from './query-client.ts';

const useStaticStyles = makeStaticStyles({
  'html, body, #root': { height: '100%', margin: 0 },
});

const useStyles = makeStyles({
  // The provider paints the page: it carries the theme's background and text colours.
  provider: { height: '100%' },
});

export function AppProviders({ children }: { children: ReactNode }) {
  useStaticStyles();
  const styles = useStyles();
  const [queryClient] = useState(createQueryClient);
  const { theme, colorScheme } = useHostTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <FluentProvider theme={theme} className={styles.provider} style={{ colorScheme }}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </FluentProvider>
    </QueryClientProvider>
  );
}
