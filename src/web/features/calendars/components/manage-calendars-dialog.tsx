import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useRef, useState, type RefObject } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useManageCalendars, type Editing } from '../hooks/use-manage-calendars.ts';
import { MANAGE_CATEGORIES_MESSAGES } from '../lib/categories-messages.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import { CalendarCategories } from './calendar-categories.tsx';
import { CalendarEditor } from './calendar-editor.tsx';
import { ManageCalendarsList } from './manage-calendars-list.tsx';
import { DialogCloseAction } from '../../../components/dialog-close-action.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

function dialogTitle(editing: Editing, categoriesOf: Calendar | undefined, intl: IntlShape): string {
  if (categoriesOf) return intl.formatMessage(MANAGE_CATEGORIES_MESSAGES.calendarCategories, { name: categoriesOf.name });
  if (editing === null || editing.mode === 'categories') return intl.formatMessage(MESSAGES.title);
  if (editing.mode === 'create') return intl.formatMessage(MESSAGES.newCalendar);
  return intl.formatMessage(MESSAGES.editCalendar, { name: editing.calendar.name });
}

type ManageCalendars = ReturnType<typeof useManageCalendars>;

interface ManageCalendarsContentProps {
  manage: ManageCalendars;
  admin: boolean;
  /** The calendar whose categories are shown, as last read. */
  categoriesOf: Calendar | undefined;
  newCalendarButton: RefObject<HTMLButtonElement | null>;
}

/** The dialog's content: a calendar's categories, the calendar editor, or the list of calendars. */
function ManageCalendarsContent({ manage, admin, categoriesOf, newCalendarButton }: ManageCalendarsContentProps) {
  const { calendars, editing, editorRevision, saving, startEditing, showConflict, save, cancel } = manage;
  // Back from a calendar's categories, focus goes to the button that showed them.
  const [backFrom, setBackFrom] = useState<string | null>(null);
  if (categoriesOf) {
    const back = () => {
      setBackFrom(categoriesOf.id);
      cancel();
    };
    return <CalendarCategories calendar={categoriesOf} onBack={back} />;
  }
  if (editing !== null && editing.mode !== 'categories') {
    return (
      <CalendarEditor
        key={`${editing.mode === 'edit' ? editing.calendar.id : 'new'}:${editorRevision}`}
        calendar={editing.mode === 'edit' ? editing.calendar : null}
        saving={saving}
        onSave={save}
        onCancel={cancel}
      />
    );
  }
  return (
    <ManageCalendarsList
      calendars={calendars}
      admin={admin}
      focusCategoriesOf={backFrom}
      onEdit={(calendar) => startEditing({ mode: 'edit', calendar })}
      onCategories={(calendar) => startEditing({ mode: 'categories', calendarId: calendar.id })}
      onConflict={showConflict}
      onDeleted={() => newCalendarButton.current?.focus()}
    />
  );
}

/**
 * Admins: create, rename, recolour, describe, set editors and delete calendars. Admins and a calendar's editors:
 * manage its categories.
 */
export function ManageCalendarsDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  const intl = useIntl();
  const admin = useAuth().me.roles.includes('admin');
  const newCalendarButton = useRef<HTMLButtonElement>(null);
  const manage = useManageCalendars();
  const { calendars, editing, conflict, startEditing } = manage;
  // The calendar as last read: its categories change as they are managed. Gone (deleted meanwhile): the list again.
  const categoriesOf = editing?.mode === 'categories' ? calendars.data?.find((calendar) => calendar.id === editing.calendarId) : undefined;
  const listed = editing === null || (editing.mode === 'categories' && !categoriesOf);

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<DialogCloseAction />}>
            {dialogTitle(editing, categoriesOf, intl)}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {conflict && (
              <MessageBar intent="warning" role="alert">
                <MessageBarBody>{conflict}</MessageBarBody>
              </MessageBar>
            )}
            <ManageCalendarsContent manage={manage} admin={admin} categoriesOf={categoriesOf} newCalendarButton={newCalendarButton} />
          </DialogContent>
          {listed && admin && (
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
