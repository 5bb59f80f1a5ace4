import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isClientRoute } from '../../shared/client-routes.ts';
import { AuthProvider } from '../auth/auth-provider.tsx';
import { CONSENT_START_PATH } from '../auth/teams-token-source.ts';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { HostGate } from '../host/host-gate.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { AppProviders } from './app-providers.tsx';
import { AppShell } from './app-shell.tsx';
import { TabRemovePage } from './routes/tab-remove-page.tsx';

// Only Teams's consent popup needs it, and it brings MSAL.
const TeamsConsentPage = lazy(() => import('../auth/teams-consent-page.tsx').then((module) => ({ default: module.TeamsConsentPage })));
// Pages of text the manifests link to: not the calendar's concern.
const PrivacyPage = lazy(() => import('./routes/privacy-page.tsx').then((module) => ({ default: module.PrivacyPage })));
const TermsPage = lazy(() => import('./routes/terms-page.tsx').then((module) => ({ default: module.TermsPage })));
// Only an address that is none of the app's pages.
const NotFoundPage = lazy(() => import('./routes/not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })));
// Asked for from the header's menu, rarely.
const HelpPage = lazy(() => import('./routes/help-page.tsx').then((module) => ({ default: module.HelpPage })));
// Only a tab's settings page needs it, and it brings the calendar editor and the shared schemas (zod).
const TabConfigPage = lazy(() => import('./routes/tab-config-page.tsx').then((module) => ({ default: module.TabConfigPage })));

/** While a page's code loads. */
function LoadingPage() {
  return <FullPageStatus loading title={useIntl().formatMessage(COMMON_MESSAGES.loading)} />;
}

/** The page for a path: the app's few routes, which the manifest and the identity providers point at. */
function page(pathname: string): ReactNode {
  if (!isClientRoute(pathname)) {
    return (
      <Suspense fallback={<LoadingPage />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  switch (pathname.replace(/\/+$/, '')) {
    case '/privacy':
      return (
        <Suspense fallback={<LoadingPage />}>
          <PrivacyPage />
        </Suspense>
      );
    case '/terms':
      return (
        <Suspense fallback={<LoadingPage />}>
          <TermsPage />
        </Suspense>
      );
    case CONSENT_START_PATH:
      return (
        <Suspense fallback={<LoadingPage />}>
          <TeamsConsentPage />
        </Suspense>
      );
    case '/help':
      return (
        <HostGate>
          <Suspense fallback={<LoadingPage />}>
            <HelpPage />
          </Suspense>
        </HostGate>
      );
    case '/remove':
      return (
        <HostGate>
          <TabRemovePage />
        </HostGate>
      );
    case '/config':
      return (
        // It signs in itself, once it knows it runs in a host.
        <HostGate>
          <Suspense fallback={<LoadingPage />}>
            <TabConfigPage />
          </Suspense>
        </HostGate>
      );
    default:
      return (
        <HostGate>
          <AuthProvider>
            <AppShell />
          </AuthProvider>
        </HostGate>
      );
  }
}

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary>{page(window.location.pathname)}</AppErrorBoundary>
    </AppProviders>
  );
}
