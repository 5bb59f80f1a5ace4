import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { useHost } from '../host/host-context.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { DevAuthProvider } from './dev-auth-provider.tsx';
import { HostedAuthProvider } from './hosted-auth-provider.tsx';

// MSAL loads only on the standalone site, where it signs people in.
const MsalAuthProvider = lazy(() => import('./msal-auth-provider.tsx').then((module) => ({ default: module.MsalAuthProvider })));

/** Signs the user in the way the server's auth config and the host ask, then provides the auth context. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { host, clientConfig, notifyFailure } = useHost();
  const { auth } = clientConfig;
  const intl = useIntl();
  const notConfigured = intl.formatMessage(AUTH_MESSAGES.notConfiguredHere);
  const hostedWithoutEntra = auth.mode === 'production' && host.kind !== 'standalone' && !auth.entra;

  useEffect(() => {
    if (hostedWithoutEntra) notifyFailure({ reason: 'auth', message: notConfigured });
  }, [hostedWithoutEntra, notifyFailure, notConfigured]);

  if (auth.mode === 'development') return <DevAuthProvider config={auth}>{children}</DevAuthProvider>;
  if (host.kind === 'standalone') {
    return (
      <Suspense fallback={<FullPageStatus loading title={intl.formatMessage(AUTH_MESSAGES.signingIn)} />}>
        <MsalAuthProvider config={auth}>{children}</MsalAuthProvider>
      </Suspense>
    );
  }
  if (!auth.entra) return <FullPageStatus title={intl.formatMessage(AUTH_MESSAGES.notSetUp)} detail={notConfigured} />;
  return (
    <HostedAuthProvider host={host} entra={auth.entra}>
      {children}
    </HostedAuthProvider>
  );
}
