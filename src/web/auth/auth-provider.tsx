import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { useHost } from '../host/host-context.tsx';
import { DevAuthProvider } from './dev-auth-provider.tsx';
import { HostedAuthProvider } from './hosted-auth-provider.tsx';

// MSAL loads only on the standalone site, where it signs people in.
const MsalAuthProvider = lazy(() => import('./msal-auth-provider.tsx').then((module) => ({ default: module.MsalAuthProvider })));

const NOT_CONFIGURED = 'No identity provider for this place is configured. Ask your IT admin to finish setting up Company Calendar.';

/** Signs the user in the way the server's auth config and the host ask, then provides the auth context. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { host, clientConfig, notifyFailure } = useHost();
  const { auth } = clientConfig;
  const hostedWithoutEntra = auth.mode === 'production' && host.kind !== 'standalone' && !auth.entra;

  useEffect(() => {
    if (hostedWithoutEntra) notifyFailure({ reason: 'auth', message: NOT_CONFIGURED });
  }, [hostedWithoutEntra, notifyFailure]);

  if (auth.mode === 'development') return <DevAuthProvider config={auth}>{children}</DevAuthProvider>;
  if (host.kind === 'standalone') {
    return (
      <Suspense fallback={<FullPageStatus loading title="Signing in…" />}>
        <MsalAuthProvider config={auth}>{children}</MsalAuthProvider>
      </Suspense>
    );
  }
  if (!auth.entra) return <FullPageStatus title="Sign-in is not set up" detail={NOT_CONFIGURED} />;
  return (
    <HostedAuthProvider host={host} entra={auth.entra}>
      {children}
    </HostedAuthProvider>
  );
}
