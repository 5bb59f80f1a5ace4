import { Button, DialogActions, Spinner } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { EVENT_FORM_MESSAGES as M } from '../lib/event-form-messages.ts';

interface EventFormActionsProps {
  saving: boolean;
  /** An existing event is saved; a new one is created. */
  editing: boolean;
  onCancel(): void;
}

/** The form's buttons: submit (Save or Create), busy while saving, and Cancel. */
export function EventFormActions({ saving, editing, onCancel }: EventFormActionsProps) {
  const say = useIntl().formatMessage;
  return (
    <DialogActions>
      <Button type="submit" appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
        {say(editing ? M.save : M.create)}
      </Button>
      <Button onClick={onCancel}>{say(M.cancel)}</Button>
    </DialogActions>
  );
}
