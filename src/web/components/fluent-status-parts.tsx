import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, ProgressBar, Spinner } from '@fluentui/react-components';
import type { ActionButtonProps, LoadingBarProps, LoadingSpinnerProps, NoticeProps } from './status-parts.tsx';

// The Fluent side of status-parts.tsx, in a chunk of its own.

export function FluentActionButton({ children, onClick, primary, disabled }: ActionButtonProps) {
  return (
    <Button appearance={primary ? 'primary' : 'secondary'} onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

export function FluentNotice({ intent, title, children, action, className, testId, multiline }: NoticeProps) {
  return (
    <MessageBar intent={intent} layout={multiline ? 'multiline' : 'auto'} className={className} data-testid={testId}>
      <MessageBarBody>
        {title && <MessageBarTitle>{title}</MessageBarTitle>}
        {children}
      </MessageBarBody>
      {action && (
        <MessageBarActions>
          <Button onClick={action.onClick}>{action.label}</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

export function FluentLoadingSpinner({ label, labelBelow }: LoadingSpinnerProps) {
  return <Spinner label={label} labelPosition={labelBelow ? 'below' : 'after'} />;
}

export function FluentLoadingBar({ label, className }: LoadingBarProps) {
  return <ProgressBar className={className} thickness="large" aria-label={label} />;
}
