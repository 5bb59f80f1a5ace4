import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { CALENDAR_TRASH_DAYS } from '../../../../shared/limits.ts';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import { useDeleteCalendar } from '../requests/delete-calendar.ts';

interface DeleteCalendarDialogProps {
  calendar: Calendar;
  open: boolean;
  onClose(): void;
  onConflict(): void;
  onDeleted(): void;
}

/** Asks, then deletes a calendar; a conflict (someone changed it meanwhile) is the Manage calendars dialog's to show. */
export function DeleteCalendarDialog({ calendar, open, onClose, onConflict, onDeleted }: DeleteCalendarDialogProps) {
  const intl = useIntl();
  const notify = useNotify();
  const deleteCalendar = useDeleteCalendar();
  const confirm = () =>
    deleteCalendar.mutateAsync({ id: calendar.id, version: calendar.version }).then(
      () => {
        notify.success(intl.formatMessage(MESSAGES.deleted, { name: calendar.name }));
        // Its row, and the button that had focus, are gone: focus stays in the dialog, so Esc still closes it.
        onDeleted();
      },
      (error: unknown) => {
        if (isApiStatus(error, 412)) onConflict();
        else notify.error(intl.formatMessage(MESSAGES.deleteFailed), errorMessage(error, intl));
      },
    );
  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage(MESSAGES.deleteTitle, { name: calendar.name })}
      warning={intl.formatMessage(MESSAGES.deleteWarning, { days: CALENDAR_TRASH_DAYS })}
      confirmLabel={intl.formatMessage(MESSAGES.deleteConfirm)}
      deleting={deleteCalendar.isPending}
      onConfirm={confirm}
    />
  );
}
