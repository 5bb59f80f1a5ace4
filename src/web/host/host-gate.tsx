import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { ActionButton } from '../components/status-parts.tsx';
import { errorMessage } from '../lib/error-message.ts';
import { HostContext, useHostState } from './host-context.tsx';
import { HOST_MESSAGES } from './host-messages.ts';
import { RegionalSettingsProvider } from './regional-settings.tsx';

/** Renders its children once the host is known, with the host's regional settings. */
export function HostGate({ children }: { children: ReactNode }) {
  const { state } = useHostState();
  const intl = useIntl();
  if (state.status === 'pending') return <FullPageStatus loading title={intl.formatMessage(COMMON_MESSAGES.loading)} />;
  if (state.status === 'error') {
    return (
      <FullPageStatus
        title={intl.formatMessage(HOST_MESSAGES.couldNotStart)}
        detail={errorMessage(state.error, intl)}
        action={<ActionButton onClick={state.retry}>{intl.formatMessage(COMMON_MESSAGES.tryAgain)}</ActionButton>}
      />
    );
  }
  return (
    <HostContext value={state.api}>
      <RegionalSettingsProvider>{children}</RegionalSettingsProvider>
    </HostContext>
  );
}
