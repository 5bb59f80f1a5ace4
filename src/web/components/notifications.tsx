import { Toast, ToastBody, ToastTitle, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { createContext, use, useCallback, useMemo, type ReactNode } from 'react';

interface Notify {
  error(title: string, detail?: string): void;
  success(title: string): void;
}

const ToasterIdContext = createContext<string | null>(null);

// Toasts are for the moment, not for paper.
const useStyles = makeStyles({ toaster: { '@media print': { display: 'none' } } });

/** Hosts the app's one Toaster; useNotify() raises toasts on it from anywhere below. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const styles = useStyles();
  return (
    <ToasterIdContext value={toasterId}>
      {children}
      <Toaster toasterId={toasterId} className={styles.toaster} position="bottom-end" pauseOnHover pauseOnWindowBlur />
    </ToasterIdContext>
  );
}

export function useNotify(): Notify {
  const toasterId = use(ToasterIdContext);
  if (toasterId === null) throw new Error('useNotify needs a NotificationsProvider');
  const { dispatchToast } = useToastController(toasterId);
  const error = useCallback(
    (title: string, detail?: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {detail && <ToastBody>{detail}</ToastBody>}
        </Toast>,
        { intent: 'error', timeout: 8000 },
      ),
    [dispatchToast],
  );
  const success = useCallback(
    (title: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      ),
    [dispatchToast],
  );
  return useMemo(() => ({ error, success }), [error, success]);
}
