import { Button } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { DevAuthProvider } from './dev-auth-provider.tsx';
import { useClientConfig } from './get-client-config.ts';

/** Signs the user in the way the server's auth config asks, then provides the auth context. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const config = useClientConfig();
  if (config.isPending) return <FullPageStatus loading title="Loading…" />;
  if (config.isError) {
    return (
      <FullPageStatus
        title="Company Calendar could not start"
        detail={errorMessage(config.error)}
        action={<Button onClick={() => void config.refetch()}>Try again</Button>}
      />
    );
  }
  switch (config.data.auth.mode) {
    case 'development':
      return <DevAuthProvider config={config.data.auth}>{children}</DevAuthProvider>;
    case 'production':
      // Entra ID and OIDC sign-in arrive as further providers of the same auth context.
      return <FullPageStatus title="Sign-in is not available" detail="This version of the app supports development sign-in only." />;
  }
}
