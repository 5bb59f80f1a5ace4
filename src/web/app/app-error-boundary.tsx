import { Component, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { ActionButton } from '../components/status-parts.tsx';
import { SHELL_MESSAGES } from './shell-messages.ts';

function UnexpectedErrorPage() {
  const intl = useIntl();
  return (
    <FullPageStatus
      title={intl.formatMessage(SHELL_MESSAGES.somethingWentWrong)}
      detail={intl.formatMessage(SHELL_MESSAGES.unexpectedProblem)}
      action={<ActionButton onClick={() => window.location.reload()}>{intl.formatMessage(SHELL_MESSAGES.reload)}</ActionButton>}
    />
  );
}

/** The last resort for a rendering error: say so, and offer a reload, rather than a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <UnexpectedErrorPage />;
  }
}
