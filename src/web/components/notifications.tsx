import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { lazyComponent } from './lazy-component.tsx';
import type { QueuedToast } from './toast-host.tsx';

/**
 * A success toast's one action, such as Undo: offered for `timeoutMs` (and while the toast has focus or the pointer),
 * by its button and by Ctrl+Z (⌘Z) outside a text field.
 */
export interface ToastAction {
  label: string;
  onClick(): void;
  timeoutMs: number;
}

interface Notify {
  error(title: string, detail?: string): void;
  success(title: string, action?: ToastAction): void;
}

const NotifyContext = createContext<Notify | null>(null);

let nextToastKey = 0;

// Fluent's toasts load with the first toast, not with the first screen, which usually shows none.
const ToastHost = lazyComponent(() => import('./toast-host.tsx').then((module) => module.ToastHost));

/** Hosts the app's one Toaster; useNotify() raises toasts on it from anywhere below. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  // Toasts raised and not yet handed to the Toaster: it may still be loading.
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [hosting, setHosting] = useState(false);
  const raise = useCallback((toast: Omit<QueuedToast, 'key'>) => {
    setHosting(true);
    const key = `toast-${nextToastKey++}`;
    setQueue((current) => [...current, { ...toast, key }]);
  }, []);
  const notify = useMemo<Notify>(
    () => ({
      error: (title, detail) => raise({ intent: 'error', title, detail }),
      success: (title, action) => raise({ intent: 'success', title, ...(action ? { action } : {}) }),
    }),
    [raise],
  );
  const handOver = useCallback((keys: ReadonlySet<string>) => setQueue((current) => current.filter((toast) => !keys.has(toast.key))), []);
  return (
    <NotifyContext value={notify}>
      {children}
      {hosting && <ToastHost queue={queue} onShown={handOver} />}
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const notify = use(NotifyContext);
  if (notify === null) throw new Error('useNotify needs a NotificationsProvider');
  return notify;
}
