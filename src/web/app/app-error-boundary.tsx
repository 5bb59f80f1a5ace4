import { Component, type ReactNode } from 'react';
import { FullPageStatus } from '../components/full-page-status.tsx';
import { ActionButton } from '../components/status-parts.tsx';

/** The last resort for a rendering error: say so, and offer a reload, rather than a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <FullPageStatus
        title="Something went wrong"
        detail="Company Calendar ran into an unexpected problem."
        action={<ActionButton onClick={() => window.location.reload()}>Reload</ActionButton>}
      />
    );
  }
}
