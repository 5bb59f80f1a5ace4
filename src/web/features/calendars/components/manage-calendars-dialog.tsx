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
import { useIntl } from 'react-intl';
import type { Calendar, CalendarInput } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import { useCreateCalendar } from '../requests/create-calendar.ts';
import { useDeleteCalendar } from '../requests/delete-calendar.ts';
import { useCalendars } from '../requests/get-calendars.ts';
import { useUpdateCalendar } from '../requests/update-calendar.ts';
import { calendarFieldErrors, type CalendarFormErrors } from '../lib/calendar-form-values.ts';
import { CALENDARS_MESSAGES } from '../lib/calendars-messages.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import { CalendarEditor } from './calendar-editor.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

type Editing = { mode: 'create' } | { mode: 'edit'; calendar: Calendar } | null;

/** Admins: create, rename, recolour, describe, set editors and delete calendars. */
export function ManageCalendarsDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  const intl = useIntl();
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

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle
            action={
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label={intl.formatMessage(COMMON_MESSAGES.close)} icon={<Dismiss24Regular />} />
              </DialogTrigger>
            }
          >
            {editing === null
              ? intl.formatMessage(MESSAGES.title)
              : editing.mode === 'create'
                ? intl.formatMessage(MESSAGES.newCalendar)
                : intl.formatMessage(MESSAGES.editCalendar, { name: editing.calendar.name })}
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
              <Skeleton aria-label={intl.formatMessage(CALENDARS_MESSAGES.loading)}>
                <SkeletonItem />
                <SkeletonItem />
              </Skeleton>
            ) : calendars.isError ? (
              <Body1>{errorMessage(calendars.error, intl)}</Body1>
            ) : (
              <>
                {calendars.data.length === 0 && <Body1>{intl.formatMessage(CALENDARS_MESSAGES.none)}</Body1>}
                <ul className={styles.list}>
                  {calendars.data.map((calendar) => (
                    <li key={calendar.id} className={styles.item}>
                      <ColorSwatch color={calendar.color} />
                      <Text className={styles.name}>{calendar.name}</Text>
                      <Button
                        appearance="subtle"
                        icon={<Edit20Regular />}
                        aria-label={intl.formatMessage(MESSAGES.editCalendar, { name: calendar.name })}
                        onClick={() => setEditing({ mode: 'edit', calendar })}
                      />
                      <DeleteCalendarButton calendar={calendar} onConflict={() => setConflict(intl.formatMessage(MESSAGES.conflict))} onDeleted={() => newCalendarButton.current?.focus()} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </DialogContent>
          {editing === null && (
            <DialogActions>
              <Button ref={newCalendarButton} appearance="primary" icon={<Add20Regular />} onClick={() => setEditing({ mode: 'create' })}>
                {intl.formatMessage(MESSAGES.newCalendar)}
              </Button>
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function DeleteCalendarButton({ calendar, onConflict, onDeleted }: { calendar: Calendar; onConflict(): void; onDeleted(): void }) {
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
    <ConfirmDeleteButton
      trigger={{ appearance: 'subtle', 'aria-label': intl.formatMessage(MESSAGES.deleteCalendar, { name: calendar.name }) }}
      title={intl.formatMessage(MESSAGES.deleteTitle, { name: calendar.name })}
      warning={intl.formatMessage(MESSAGES.deleteWarning)}
      confirmLabel={intl.formatMessage(MESSAGES.deleteConfirm)}
      deleting={deleteCalendar.isPending}
      onConfirm={confirm}
    />
  );
}
