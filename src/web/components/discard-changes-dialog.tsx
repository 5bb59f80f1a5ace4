import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { DISCARD_CHANGES_MESSAGES as M } from './discard-changes-messages.ts';

interface DiscardChangesDialogProps {
  open: boolean;
  onDiscard(): void;
  onKeepEditing(): void;
}

/**
 * "Discard changes?" before a changed form closes: an alert dialog, so a click beside it does not answer it; Esc
 * and "Keep editing" (first, primary and focused: the answer that loses nothing) go back to the form. Render it
 * inside the form's DialogSurface, as Fluent nests dialogs.
 */
export function DiscardChangesDialog({ open, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  const say = useIntl().formatMessage;
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onKeepEditing()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{say(M.title)}</DialogTitle>
          <DialogContent>{say(M.body)}</DialogContent>
          <DialogActions>
            {/* First, so that Fluent opens the question on it: the answer that loses nothing. */}
            <Button appearance="primary" onClick={onKeepEditing}>
              {say(M.keepEditing)}
            </Button>
            <Button onClick={onDiscard}>{say(M.discard)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
