import { Link, Toast, ToastBody, ToastTitle, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type FocusEvent } from 'react';
import type { ToastAction } from './notifications.tsx';

/** A toast raised before the Toaster could show it. */
export interface QueuedToast {
  key: string;
  intent: 'error' | 'success';
  title: string;
  detail?: string;
  action?: ToastAction;
}

/** Errors stay long enough to read their detail; successes keep Fluent's default. */
const ERROR_TIMEOUT_MS = 8000;

/** One above the z-index Fluent gives every portal (react-portal's usePortalMountNodeStyles). */
const TOAST_LAYER_Z_INDEX = 1_000_001;

const useStyles = makeStyles({
  // Toasts are for the moment, not for paper.
  toaster: { '@media print': { display: 'none' } },
  // Every Fluent portal is a layer at the same z-index, so the later one in the page paints on top: a dialog opened
  // while a toast shows would cover it with its backdrop, dimmed and out of reach. The toasts' layer goes one above
  // (the attribute makes this rule outrank Fluent's own class for the portal's z-index, whatever order they load in).
  layer: { '&[data-portal-node]': { zIndex: TOAST_LAYER_Z_INDEX } },
  // The theme's link colour is meant for its own background, which forced colours replace.
  action: { '@media (forced-colors: active)': { color: 'LinkText', ':hover': { color: 'LinkText' }, ':hover:active': { color: 'LinkText' } } },
});

/** Where Ctrl+Z is the text's own undo, not the app's. */
const TEXT_EDITING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

interface ToastControls {
  pause(key: string): void;
  play(key: string): void;
  /** Takes the action: the toast goes, its action runs. */
  act(key: string, action: ToastAction): void;
}

/** A toast's content: its title (with its action's button) and detail. It waits while it has focus. */
function ToastContent({ toast: { key, title, detail, action }, controls }: { toast: QueuedToast; controls: ToastControls }) {
  const styles = useStyles();
  const blurred = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) controls.play(key);
  };
  return (
    <Toast onFocus={() => controls.pause(key)} onBlur={blurred}>
      <ToastTitle
        action={
          action && (
            <Link as="button" className={styles.action} aria-keyshortcuts="Control+Z" onClick={() => controls.act(key, action)}>
              {action.label}
            </Link>
          )
        }
      >
        {title}
      </ToastTitle>
      {detail && <ToastBody>{detail}</ToastBody>}
    </Toast>
  );
}

/** Ctrl+Z (⌘Z) outside a text field takes the newest toast's action still offered. */
function useUndoKey(offered: Map<string, ToastAction>, act: ToastControls['act']): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.key.toLowerCase() !== 'z' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest(TEXT_EDITING)) return;
      const newest = [...offered].at(-1);
      if (!newest) return;
      event.preventDefault();
      act(...newest);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [offered, act]);
}

/** The app's one Toaster: shows each queued toast once, and says which it has shown. */
export function ToastHost({ queue, onShown }: { queue: readonly QueuedToast[]; onShown(keys: ReadonlySet<string>): void }) {
  const toasterId = useId('toaster');
  const styles = useStyles();
  const { dispatchToast, dismissToast, pauseToast, playToast } = useToastController(toasterId);
  // The actions of the toasts on screen, oldest first.
  const [offered] = useState(() => new Map<string, ToastAction>());
  const controls = useMemo<ToastControls>(
    () => ({
      pause: pauseToast,
      play: playToast,
      act: (key, action) => {
        offered.delete(key);
        dismissToast(key);
        action.onClick();
      },
    }),
    [pauseToast, playToast, dismissToast, offered],
  );
  useUndoKey(offered, controls.act);

  // After the Toaster's own effects, so that it listens before the first toast is dispatched. The key is the toast's
  // id: the Toaster shows an id once, should this effect run twice (StrictMode) before the queue empties.
  useEffect(() => {
    if (queue.length === 0) return;
    for (const toast of queue) {
      const { key, intent, action } = toast;
      if (action) offered.set(key, action);
      const timeout = action ? action.timeoutMs : intent === 'error' ? ERROR_TIMEOUT_MS : undefined;
      dispatchToast(<ToastContent toast={toast} controls={controls} />, {
        toastId: key,
        intent,
        ...(timeout === undefined ? {} : { timeout }),
        onStatusChange: (_, { status }) => status === 'unmounted' && offered.delete(key),
      });
    }
    onShown(new Set(queue.map((toast) => toast.key)));
  }, [queue, dispatchToast, onShown, offered, controls]);

  return <Toaster toasterId={toasterId} className={styles.toaster} mountNode={{ className: styles.layer }} position="bottom-end" pauseOnHover pauseOnWindowBlur />;
}
