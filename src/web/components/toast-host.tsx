import { Toast, ToastBody, ToastTitle, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';

/** A toast raised before the Toaster could show it. */
export interface QueuedToast {
  key: string;
  intent: 'error' | 'success';
  title: string;
  detail?: string;
}

/** Errors stay long enough to read their detail; successes keep Fluent's default. */
const ERROR_TIMEOUT_MS = 8000;

// Toasts are for the moment, not for paper.
const useStyles = makeStyles({ toaster: { '@media print': { display: 'none' } } });

/** The app's one Toaster: shows each queued toast once, and says which it has shown. */
export function ToastHost({ queue, onShown }: { queue: readonly QueuedToast[]; onShown(keys: ReadonlySet<string>): void }) {
  const toasterId = useId('toaster');
  const styles = useStyles();
  const { dispatchToast } = useToastController(toasterId);

  // After the Toaster's own effects, so that it listens before the first toast is dispatched. The key is the toast's
  // id: the Toaster shows an id once, should this effect run twice (StrictMode) before the queue empties.
  useEffect(() => {
    if (queue.length === 0) return;
    for (const { key, intent, title, detail } of queue) {
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {detail && <ToastBody>{detail}</ToastBody>}
        </Toast>,
        { toastId: key, intent, ...(intent === 'error' ? { timeout: ERROR_TIMEOUT_MS } : {}) },
      );
    }
    onShown(new Set(queue.map((toast) => toast.key)));
  }, [queue, dispatchToast, onShown]);

  return <Toaster toasterId={toasterId} className={styles.toaster} position="bottom-end" pauseOnHover pauseOnWindowBlur />;
}
