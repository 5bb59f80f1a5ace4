import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  type ButtonProps,
} from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { COMMON_MESSAGES } from './common-messages.ts';

interface ConfirmDeleteButtonProps {
  /** The button that opens the confirmation: its label, or its appearance and aria-label when it is an icon. */
  trigger: Pick<ButtonProps, 'appearance' | 'aria-label' | 'children'>;
  title: string;
  warning: ReactNode;
  confirmLabel: string;
  deleting: boolean;
  /** Deletes; the confirmation closes when it settles, whichever way. */
  onConfirm(): Promise<unknown>;
}

/** A delete button that asks first, in an alert dialog. */
export function ConfirmDeleteButton({ trigger, title, warning, confirmLabel, deleting, onConfirm }: ConfirmDeleteButtonProps) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const confirm = () => void onConfirm().finally(() => setConfirming(false));
  return (
    <Dialog modalType="alert" open={confirming} onOpenChange={(_, data) => setConfirming(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<Delete20Regular />} {...trigger} />
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{warning}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={confirm} disabled={deleting}>
              {confirmLabel}
            </Button>
            <DialogTrigger disableButtonEnhancement>
              <Button>{intl.formatMessage(COMMON_MESSAGES.cancel)}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
