import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar, CalendarInput } from '../../../../shared/calendar-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { calendarFieldErrors, type CalendarFormErrors } from '../lib/calendar-form-values.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import { useCreateCalendar } from '../requests/create-calendar.ts';
import { useCalendars } from '../requests/get-calendars.ts';
import { useUpdateCalendar } from '../requests/update-calendar.ts';

/** What the dialog shows instead of the list: a calendar's editor, its categories, activity or deleted events, or the deleted calendars. */
export type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; calendar: Calendar }
  | { mode: 'categories' | 'activity' | 'trash'; calendarId: string }
  | { mode: 'deletedCalendars' }
  | null;

/** Manage calendars' state: the calendars, the one being created or edited, and a conflict to warn of. */
export function useManageCalendars() {
  const intl = useIntl();
  const notify = useNotify();
  const calendars = useCalendars();
  const createCalendar = useCreateCalendar();
  const updateCalendar = useUpdateCalendar();
  const [editing, setEditing] = useState<Editing>(null);
  // Bumped to remount the editor with the latest version after a conflict.
  const [editorRevision, setEditorRevision] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);

  const save = async (input: CalendarInput): Promise<CalendarFormErrors | null> => {
    if (editing?.mode !== 'create' && editing?.mode !== 'edit') return null;
    try {
      if (editing.mode === 'create') await createCalendar.mutateAsync(input);
      else await updateCalendar.mutateAsync({ id: editing.calendar.id, version: editing.calendar.version, patch: input });
      notify.success(intl.formatMessage(editing.mode === 'create' ? MESSAGES.created : MESSAGES.saved));
      setConflict(null);
      setEditing(null);
      return null;
    } catch (error) {
      const fieldErrors = calendarFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      if (isApiStatus(error, 412) && editing.mode === 'edit') {
        const latest = (await calendars.refetch()).data?.find((calendar) => calendar.id === editing.calendar.id);
        setConflict(intl.formatMessage(MESSAGES.conflict));
        setEditing(latest ? { mode: 'edit', calendar: latest } : null);
        setEditorRevision((revision) => revision + 1);
        return null;
      }
      notify.error(intl.formatMessage(MESSAGES.saveFailed), errorMessage(error, intl));
      return null;
    }
  };

  const cancel = () => {
    setConflict(null);
    setEditing(null);
  };

  return {
    calendars,
    editing,
    editorRevision,
    conflict,
    saving: createCalendar.isPending || updateCalendar.isPending,
    startEditing: setEditing,
    showConflict: () => setConflict(intl.formatMessage(MESSAGES.conflict)),
    save,
    cancel,
  };
}
