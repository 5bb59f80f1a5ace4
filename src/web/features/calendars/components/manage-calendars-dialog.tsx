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
import { Add20Regular, ArrowLeft20Regular, BinRecycle20Regular } from '@fluentui/react-icons';
import { useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { useManageCalendars, type Editing } from '../hooks/use-manage-calendars.ts';
import { CALENDAR_TRASH_MESSAGES } from '../lib/calendar-trash-messages.ts';
import { MANAGE_CATEGORIES_MESSAGES } from '../lib/categories-messages.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import { CalendarCategories } from './calendar-categories.tsx';
import { CalendarEditor } from './calendar-editor.tsx';
import { DeletedCalendars } from './deleted-calendars.tsx';
import { ManageCalendarsList } from './manage-calendars-list.tsx';
import { DialogCloseAction } from '../../../components/dialog-close-action.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  back: { alignSelf: 'flex-start' },
});

/** A calendar's views that other features provide (its activity, its deleted events): the shell hands them in. */
export interface CalendarViewProps {
  calendar: Calendar;
  /** Every calendar the user reads, for names. */
  calendars: readonly Calendar[];
}
export interface CalendarViews {
  Activity: ComponentType<CalendarViewProps>;
  Trash: ComponentType<CalendarViewProps>;
}

function dialogTitle(editing: Editing, shown: Calendar | undefined, intl: IntlShape): string {
  if (editing?.mode === 'deletedCalendars') return intl.formatMessage(CALENDAR_TRASH_MESSAGES.deletedCalendars);
  if (shown && editing?.mode === 'categories') return intl.formatMessage(MANAGE_CATEGORIES_MESSAGES.calendarCategories, { name: shown.name });
  if (shown && editing?.mode === 'activity') return intl.formatMessage(CALENDAR_TRASH_MESSAGES.activityOf, { name: shown.name });
  if (shown && editing?.mode === 'trash') return intl.formatMessage(CALENDAR_TRASH_MESSAGES.deletedEventsOf, { name: shown.name });
  if (editing?.mode === 'create') return intl.formatMessage(MESSAGES.newCalendar);
  if (editing?.mode === 'edit') return intl.formatMessage(MESSAGES.editCalendar, { name: editing.calendar.name });
  return intl.formatMessage(MESSAGES.title);
}

type ManageCalendars = ReturnType<typeof useManageCalendars>;
/** The view a Back button left: its button in the list (or the Deleted calendars button) takes focus again. */
export type BackFrom = { calendarId: string; mode: 'categories' | 'activity' | 'trash' } | { mode: 'deletedCalendars' } | null;

interface ManageCalendarsContentProps {
  manage: ManageCalendars;
  admin: boolean;
  /** The calendar whose categories, activity or deleted events are shown, as last read. */
  shown: Calendar | undefined;
  views: CalendarViews;
  backFrom: BackFrom;
  onBack(from: BackFrom): void;
  newCalendarButton: RefObject<HTMLButtonElement | null>;
}

/** A view in place of the list, with the way back to it. */
function BackTo({ onBack, children }: { onBack(): void; children: ReactNode }) {
  const say = useIntl().formatMessage;
  return (
    <>
      <Button className={useStyles().back} icon={<ArrowLeft20Regular />} onClick={onBack}>
        {say(MANAGE_CATEGORIES_MESSAGES.back)}
      </Button>
      {children}
    </>
  );
}

/** The dialog's content: a calendar's categories, activity or deleted events, the deleted calendars, the calendar editor, or the list. */
function ManageCalendarsContent({ manage, admin, shown, views, backFrom, onBack, newCalendarButton }: ManageCalendarsContentProps) {
  const { calendars, editing, editorRevision, saving, startEditing, showConflict, save, cancel } = manage;
  const all = calendars.data ?? [];
  if (shown && editing?.mode === 'categories') return <CalendarCategories calendar={shown} onBack={() => onBack({ calendarId: shown.id, mode: 'categories' })} />;
  if (shown && (editing?.mode === 'activity' || editing?.mode === 'trash')) {
    const View = editing.mode === 'activity' ? views.Activity : views.Trash;
    return (
      <BackTo onBack={() => onBack({ calendarId: shown.id, mode: editing.mode })}>
        <View calendar={shown} calendars={all} />
      </BackTo>
    );
  }
  if (editing?.mode === 'deletedCalendars') {
    return (
      <BackTo onBack={() => onBack({ mode: 'deletedCalendars' })}>
        <DeletedCalendars />
      </BackTo>
    );
  }
  if (editing?.mode === 'create' || editing?.mode === 'edit') {
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
      focusAfterBack={backFrom?.mode === 'deletedCalendars' ? null : backFrom}
      onEdit={(calendar) => startEditing({ mode: 'edit', calendar })}
      onShow={(calendar, mode) => startEditing({ mode, calendarId: calendar.id })}
      onConflict={showConflict}
      onDeleted={() => newCalendarButton.current?.focus()}
    />
  );
}

/** The calendar a view of one shows, as last read; undefined when gone (deleted meanwhile): the list again. */
function shownCalendar(manage: ManageCalendars): Calendar | undefined {
  const { editing, calendars } = manage;
  if (editing?.mode !== 'categories' && editing?.mode !== 'activity' && editing?.mode !== 'trash') return undefined;
  return calendars.data?.find((calendar) => calendar.id === editing.calendarId);
}

/**
 * Admins: create, rename, recolour, describe, set editors and delete calendars, see a calendar's activity, restore
 * deleted calendars. Admins and a calendar's editors: manage its categories and its deleted events.
 */
export function ManageCalendarsDialog({ onClose, views }: { onClose(): void; views: CalendarViews }) {
  const styles = useStyles();
  const intl = useIntl();
  const admin = useAuth().me.roles.includes('admin');
  const newCalendarButton = useRef<HTMLButtonElement>(null);
  const manage = useManageCalendars();
  const { editing, conflict, startEditing, cancel } = manage;
  // Back from a view, focus goes to the button that showed it.
  const [backFrom, setBackFrom] = useState<BackFrom>(null);
  const shown = shownCalendar(manage);
  const listed = editing === null || (editing.mode !== 'create' && editing.mode !== 'edit' && editing.mode !== 'deletedCalendars' && !shown);
  const back = (from: BackFrom) => {
    setBackFrom(from);
    cancel();
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<DialogCloseAction />}>
            {dialogTitle(editing, shown, intl)}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {conflict && (
              <MessageBar intent="warning" role="alert">
                <MessageBarBody>{conflict}</MessageBarBody>
              </MessageBar>
            )}
            <ManageCalendarsContent manage={manage} admin={admin} shown={shown} views={views} backFrom={backFrom} onBack={back} newCalendarButton={newCalendarButton} />
          </DialogContent>
          {listed && admin && (
            <DialogActions>
              <Button icon={<BinRecycle20Regular />} autoFocus={backFrom?.mode === 'deletedCalendars'} onClick={() => startEditing({ mode: 'deletedCalendars' })}>
                {intl.formatMessage(CALENDAR_TRASH_MESSAGES.deletedCalendars)}
              </Button>
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
