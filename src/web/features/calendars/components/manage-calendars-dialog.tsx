import {
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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Dismiss24Regular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { useManageCalendars, type Editing } from '../hooks/use-manage-calendars.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import { CalendarEditor } from './calendar-editor.tsx';
import { ManageCalendarsList } from './manage-calendars-list.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function dialogTitle(editing: Editing, intl: IntlShape): string {
  if (editing === null) return intl.formatMessage(MESSAGES.title);
  if (editing.mode === 'create') return intl.formatMessage(MESSAGES.newCalendar);
  return intl.formatMessage(MESSAGES.editCalendar, { name: editing.calendar.name });
}

/** Admins: create, rename, recolour, describe, set editors and delete calendars. */
export function ManageCalendarsDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  const intl = useIntl();
  const newCalendarButton = useRef<HTMLButtonElement>(null);
  const { calendars, editing, editorRevision, conflict, saving, startEditing, showConflict, save, cancel } = useManageCalendars();

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
            {dialogTitle(editing, intl)}
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
                saving={saving}
                onSave={save}
                onCancel={cancel}
              />
            ) : (
              <ManageCalendarsList
                calendars={calendars}
                onEdit={(calendar) => startEditing({ mode: 'edit', calendar })}
                onConflict={showConflict}
                onDeleted={() => newCalendarButton.current?.focus()}
              />
            )}
          </DialogContent>
          {editing === null && (
            <DialogActions>
              <Button ref={newCalendarButton} appearance="primary" icon={<Add20Regular />} onClick={() => startEditing({ mode: 'create' })}>
                {intl.formatMessage(MESSAGES.newCalendar)}
              </Button>
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
