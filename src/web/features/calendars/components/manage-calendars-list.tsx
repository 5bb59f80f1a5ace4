import { Body1, Button, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BinRecycle20Regular, Delete20Regular, Edit20Regular, History20Regular, MoreHorizontal20Regular, TagMultiple20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { CALENDAR_ACTIONS_MESSAGES } from '../lib/calendar-actions-messages.ts';
import { CALENDARS_MESSAGES } from '../lib/calendars-messages.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import type { useCalendars } from '../requests/get-calendars.ts';
import { DeleteCalendarDialog } from './delete-calendar-dialog.tsx';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

type CalendarView = 'categories' | 'activity' | 'trash';

interface ManageCalendarsListProps {
  calendars: ReturnType<typeof useCalendars>;
  /** Admins edit and delete calendars; the others manage the categories of those they may edit, listed alone. */
  admin: boolean;
  /** The calendar view just left: the button that showed it takes focus. */
  focusAfterBack: { calendarId: string; mode: CalendarView } | null;
  onEdit(calendar: Calendar): void;
  /** Shows a calendar's categories, activity or deleted events in place of the list. */
  onShow(calendar: Calendar, view: CalendarView): void;
  onConflict(): void;
  onDeleted(): void;
}

const VIEW_ITEMS = {
  categories: { icon: <TagMultiple20Regular />, label: MESSAGES.categoriesItem },
  trash: { icon: <BinRecycle20Regular />, label: CALENDAR_ACTIONS_MESSAGES.deletedEvents },
  activity: { icon: <History20Regular />, label: MESSAGES.activityItem },
} as const;

type RowMenuProps = Pick<ManageCalendarsListProps, 'admin' | 'focusAfterBack' | 'onShow' | 'onConflict' | 'onDeleted'> & { calendar: Calendar };

/**
 * A calendar's "More actions": its categories, deleted events and activity, each shown in place of the list, and
 * Delete calendar… for admins. Back from one of its views, or the delete not confirmed, its button has focus again.
 */
function CalendarRowMenu({ calendar, admin, focusAfterBack, onShow, onConflict, onDeleted }: RowMenuProps) {
  const say = useIntl().formatMessage;
  const [deleting, setDeleting] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Deleted, its row goes with the button: focus is the dialog's to place (onDeleted).
  const deleted = useRef(false);
  const views: CalendarView[] = [...(calendar.canEdit ? (['categories', 'trash'] as const) : []), ...(admin ? (['activity'] as const) : [])];
  const name = say(CALENDAR_ACTIONS_MESSAGES.moreActions, { name: calendar.name });
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button ref={button} appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label={name} title={name} autoFocus={focusAfterBack?.calendarId === calendar.id} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {views.map((view) => (
              <MenuItem key={view} icon={VIEW_ITEMS[view].icon} onClick={() => onShow(calendar, view)}>
                {say(VIEW_ITEMS[view].label)}
              </MenuItem>
            ))}
            {admin && <MenuDivider />}
            {admin && (
              <MenuItem icon={<Delete20Regular />} onClick={() => setDeleting(true)}>
                {say(MESSAGES.deleteItem)}
              </MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
      {admin && (
        <DeleteCalendarDialog
          calendar={calendar}
          open={deleting}
          onClose={() => {
            setDeleting(false);
            if (!deleted.current) button.current?.focus();
          }}
          onConflict={onConflict}
          onDeleted={() => {
            deleted.current = true;
            onDeleted();
          }}
        />
      )}
    </>
  );
}

/** Every calendar, once they are loaded: Edit for admins, and the rest in each one's "More actions". */
export function ManageCalendarsList({ calendars, admin, focusAfterBack, onEdit, onShow, onConflict, onDeleted }: ManageCalendarsListProps) {
  const styles = useStyles();
  const intl = useIntl();
  if (calendars.isPending) {
    return (
      <Skeleton aria-label={intl.formatMessage(CALENDARS_MESSAGES.loading)}>
        <SkeletonItem />
        <SkeletonItem />
      </Skeleton>
    );
  }
  if (calendars.isError) return <Body1>{errorMessage(calendars.error, intl)}</Body1>;
  const listed = admin ? calendars.data : calendars.data.filter((calendar) => calendar.canEdit);
  return (
    <>
      {listed.length === 0 && <Body1>{intl.formatMessage(CALENDARS_MESSAGES.none)}</Body1>}
      <ul className={styles.list}>
        {listed.map((calendar) => (
          <li key={calendar.id} className={styles.item}>
            <ColorSwatch color={calendar.color} />
            <Text className={styles.name}>{calendar.name}</Text>
            {admin && (
              <Button
                appearance="subtle"
                icon={<Edit20Regular />}
                aria-label={intl.formatMessage(MESSAGES.editCalendar, { name: calendar.name })}
                title={intl.formatMessage(MESSAGES.editCalendar, { name: calendar.name })}
                onClick={() => onEdit(calendar)}
              />
            )}
            <CalendarRowMenu calendar={calendar} admin={admin} focusAfterBack={focusAfterBack} onShow={onShow} onConflict={onConflict} onDeleted={onDeleted} />
          </li>
        ))}
      </ul>
    </>
  );
}
