import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { DialogCloseAction } from '../../../components/dialog-close-action.tsx';
import { TRASH_MESSAGES as M } from '../lib/history-messages.ts';
import { CalendarTrash } from './calendar-trash.tsx';

interface CalendarTrashDialogProps {
  calendar: Calendar;
  calendars: readonly Calendar[];
  onClose(): void;
}

/** A calendar's deleted events in a dialog of their own: its menu in the side panel opens it for its editors. */
export function CalendarTrashDialog({ calendar, calendars, onClose }: CalendarTrashDialogProps) {
  const say = useIntl().formatMessage;
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<DialogCloseAction />}>{say(M.trashOf, { name: calendar.name })}</DialogTitle>
          <DialogContent>
            <CalendarTrash calendar={calendar} calendars={calendars} />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
