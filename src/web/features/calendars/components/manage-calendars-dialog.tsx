import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Dismiss24Regular, Edit20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import type { Calendar, CalendarInput } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import { useCreateCalendar } from '../requests/create-calendar.ts';
import { useDeleteCalendar } from '../requests/delete-calendar.ts';
import { useCalendars } from '../requests/get-calendars.ts';
import { useUpdateCalendar } from '../requests/update-calendar.ts';
import { calendarFieldErrors, type CalendarFormErrors } from '../lib/calendar-form-values.ts';
import { CalendarEditor } from './calendar-editor.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

const CONFLICT_MESSAGE = 'This calendar was changed by someone else. The latest version is shown; make your changes again.';

type Editing = { mode: 'create' } | { mode: 'edit'; calendar: Calendar } | null;

/** Admins: create, rename, recolour, describe, set editors and delete calendars. */
export function ManageCalendarsDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  const newCalendarButton = useRef<HTMLButtonElement>(null);
  const notify = useNotify();
  const calendars = useCalendars();
  const createCalendar = useCreateCalendar();
  const updateCalendar = useUpdateCalendar();
  const [editing, setEditing] = useState<Editing>(null);
  // Bumped to remount the editor with the latest version after a conflict.
  const [editorRevision, setEditorRevision] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);

  const save = async (input: CalendarInput): Promise<CalendarFormErrors | null> => {
    if (editing === null) return null;
    try {
      if (editing.mode === 'create') await createCalendar.mutateAsync(input);
      else await updateCalendar.mutateAsync({ id: editing.calendar.id, version: editing.calendar.version, patch: input });
      notify.success(editing.mode === 'create' ? 'Calendar created' : 'Calendar saved');
      setConflict(null);
      setEditing(null);
      return null;
    } catch (error) {
      const fieldErrors = calendarFieldErrors(error);
      if (fieldErrors) return fieldErrors;
      if (isApiStatus(error, 412) && editing.mode === 'edit') {
        const latest = (await calendars.refetch()).data?.find((calendar) => calendar.id === editing.calendar.id);
        setConflict(CONFLICT_MESSAGE);
        setEditing(latest ? { mode: 'edit', calendar: latest } : null);
        setEditorRevision((revision) => revision + 1);
        return null;
      }
      notify.error('The calendar could not be saved', errorMessage(error));
      return null;
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle
            action={
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} />
              </DialogTrigger>
            }
          >
            {editing === null ? 'Manage calendars' : editing.mode === 'create' ? 'New calendar' : `Edit ${editing.calendar.name}`}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {conflict && (
              <MessageBar intent="warning" role="alert">
                <MessageBarBody>{conflict}</MessageBarBody>
              </MessageBar>
            )}
            {editing !== null ? (
              <CalendarEditor
                key={`${editing.mode === 'edit' ? editing.calendar.id : 'new'}:${editorRevision}`}
                calendar={editing.mode === 'edit' ? editing.calendar : null}
                saving={createCalendar.isPending || updateCalendar.isPending}
                onSave={save}
                onCancel={() => {
                  setConflict(null);
                  setEditing(null);
                }}
              />
            ) : calendars.isPending ? (
              <Skeleton aria-label="Loading calendars">
                <SkeletonItem />
                <SkeletonItem />
              </Skeleton>
            ) : calendars.isError ? (
              <Body1>{errorMessage(calendars.error)}</Body1>
            ) : (
              <>
                {calendars.data.length === 0 && <Body1>There are no calendars yet.</Body1>}
                <ul className={styles.list}>
                  {calendars.data.map((calendar) => (
                    <li key={calendar.id} className={styles.item}>
                      <ColorSwatch color={calendar.color} />
                      <Text className={styles.name}>{calendar.name}</Text>
                      <Button
                        appearance="subtle"
                        icon={<Edit20Regular />}
                        aria-label={`Edit ${calendar.name}`}
                        onClick={() => setEditing({ mode: 'edit', calendar })}
                      />
                      <DeleteCalendarButton calendar={calendar} onConflict={() => setConflict(CONFLICT_MESSAGE)} onDeleted={() => newCalendarButton.current?.focus()} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </DialogContent>
          {editing === null && (
            <DialogActions>
              <Button ref={newCalendarButton} appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ mode: 'create' })}>
                New calendar
              </Button>
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function DeleteCalendarButton({ calendar, onConflict, onDeleted }: { calendar: Calendar; onConflict(): void; onDeleted(): void }) {
  const notify = useNotify();
  const deleteCalendar = useDeleteCalendar();
  const confirm = () =>
    deleteCalendar.mutateAsync({ id: calendar.id, version: calendar.version }).then(
      () => {
        notify.success(`${calendar.name} deleted`);
        // Its row, and the button that had focus, are gone: focus stays in the dialog, so Esc still closes it.
        onDeleted();
      },
      (error: unknown) => {
        if (isApiStatus(error, 412)) onConflict();
        else notify.error('The calendar could not be deleted', errorMessage(error));
      },
    );
  return (
    <ConfirmDeleteButton
      trigger={{ appearance: 'subtle', 'aria-label': `Delete ${calendar.name}` }}
      title={`Delete ${calendar.name}?`}
      warning="The calendar and all its events will be deleted for everyone. This cannot be undone."
      confirmLabel="Delete calendar"
      deleting={deleteCalendar.isPending}
      onConfirm={confirm}
    />
  );
}
