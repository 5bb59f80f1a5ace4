import type { ReactNode } from 'react';
import { lazyComponent } from './lazy-component.tsx';

// The app's buttons, bars and spinners for its loading, offline and failure states. A returning user's first screen
// shows none of them, so their Fluent code (Button, MessageBar, Spinner, ProgressBar) loads when one first shows, or
// when the page is idle after the calendar's first events (preloadStatusParts), not before the events are drawn.

export interface ActionButtonProps {
  children: ReactNode;
  onClick(): void;
  primary?: boolean;
  disabled?: boolean;
}

/** A notice's one way forward (Try again), as a button of the notice's own. */
export interface NoticeAction {
  label: string;
  onClick(): void;
}

export interface NoticeProps {
  intent: 'info' | 'warning' | 'error' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  action?: NoticeAction;
  className?: string;
  testId?: string;
  /** Title and text on lines of their own, for longer text. */
  multiline?: boolean;
}

export interface LoadingSpinnerProps {
  label: string;
  /** The label under the spinner, as on a whole page, rather than beside it. */
  labelBelow?: boolean;
}

export interface LoadingBarProps {
  label: string;
  className?: string;
}

const load = () => import('./fluent-status-parts.tsx');

/** Fluent's Button for a state's way forward (Try again, Reload); a plain button if Fluent's code cannot load. */
export const ActionButton = lazyComponent(
  () => load().then((module) => module.FluentActionButton),
  ({ children, onClick, disabled }: ActionButtonProps) => (
    <button type="button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  ),
);

/** Fluent's MessageBar with a title, text and an action; the same text and action if Fluent's code cannot load. */
export const Notice = lazyComponent(
  () => load().then((module) => module.FluentNotice),
  ({ title, children, action, className, testId }: NoticeProps) => (
    <div className={className} data-testid={testId}>
      {title && <strong>{title} </strong>}
      {children}
      {action && (
        <button type="button" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  ),
);

/** Fluent's Spinner with its label; the label alone if Fluent's code cannot load. */
export const LoadingSpinner = lazyComponent(
  () => load().then((module) => module.FluentLoadingSpinner),
  ({ label }: LoadingSpinnerProps) => <div role="status">{label}</div>,
);

/** Fluent's indeterminate ProgressBar; nothing if Fluent's code cannot load (a status message says it). */
export const LoadingBar = lazyComponent(
  () => load().then((module) => module.FluentLoadingBar),
  () => null,
);

/** All of the above at once: they share one chunk. */
export const preloadStatusParts = ActionButton.preload;
