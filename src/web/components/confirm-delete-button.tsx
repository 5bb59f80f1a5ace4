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

interface ConfirmDeleteContent {
  title: string;
  warning: ReactNode;
  confirmLabel: string;
  deleting: boolean;
  /** Deletes; the confirmation closes when it settles, whichever way. */
  onConfirm(): Promise<unknown>;
}

/** The alert dialog's body: what will be deleted, Delete and Cancel. */
function ConfirmDeleteSurface({ title, warning, confirmLabel, deleting, onConfirm, close }: ConfirmDeleteContent & { close(): void }) {
  const intl = useIntl();
  const confirm = () => void onConfirm().finally(close);
  return (
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
  );
}

interface ConfirmDeleteButtonProps extends ConfirmDeleteContent {
  /** The button that opens the confirmation: its label, or its appearance and aria-label when it is an icon. */
  trigger: Pick<ButtonProps, 'appearance' | 'aria-label' | 'children'>;
}

/** A delete button that asks first, in an alert dialog. */
export function ConfirmDeleteButton({ trigger, ...content }: ConfirmDeleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog modalType="alert" open={confirming} onOpenChange={(_, data) => setConfirming(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<Delete20Regular />} {...trigger} />
      </DialogTrigger>
      <ConfirmDeleteSurface {...content} close={() => setConfirming(false)} />
    </Dialog>
  );
}

interface ConfirmDeleteDialogProps extends ConfirmDeleteContent {
  open: boolean;
  /** Closed, whichever way: what opened it (a menu's item, gone with its menu) gives focus back to its menu's button. */
  onClose(): void;
}

/** The same confirmation, opened by something other than a button of its own: a menu's item. */
export function ConfirmDeleteDialog({ open, onClose, ...content }: ConfirmDeleteDialogProps) {
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <ConfirmDeleteSurface {...content} close={onClose} />
    </Dialog>
  );
}
