import type { ReactNode } from 'react';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { ActionButton } from '../components/status-parts.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { HostContext, useHostState } from './host-context.tsx';
import { RegionalSettingsProvider } from './regional-settings.tsx';

/** Renders its children once the host is known, with the host's regional settings. */
export function HostGate({ children }: { children: ReactNode }) {
  const { state } = useHostState();
  if (state.status === 'pending') return <FullPageStatus loading title="Loading…" />;
  if (state.status === 'error') {
    return (
      <FullPageStatus
        title="Company Calendar could not start"
        detail={errorMessage(state.error)}
        action={<ActionButton onClick={state.retry}>Try again</ActionButton>}
      />
    );
  }
  return (
    <HostContext value={state.api}>
      <RegionalSettingsProvider>{children}</RegionalSettingsProvider>
    </HostContext>
  );
}
