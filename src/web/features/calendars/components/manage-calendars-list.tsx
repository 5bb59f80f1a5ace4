import { Body1, Button, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BinRecycle20Regular, Edit20Regular, History20Regular, TagMultiple20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { MANAGE_CATEGORIES_MESSAGES } from '../lib/categories-messages.ts';
import { CALENDAR_TRASH_MESSAGES } from '../lib/calendar-trash-messages.ts';
import { CALENDARS_MESSAGES } from '../lib/calendars-messages.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import type { useCalendars } from '../requests/get-calendars.ts';
import { DeleteCalendarButton } from './delete-calendar-button.tsx';

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

const VIEW_BUTTONS = {
  categories: { icon: <TagMultiple20Regular />, label: MANAGE_CATEGORIES_MESSAGES.calendarCategories },
  trash: { icon: <BinRecycle20Regular />, label: CALENDAR_TRASH_MESSAGES.deletedEventsOf },
  activity: { icon: <History20Regular />, label: CALENDAR_TRASH_MESSAGES.activityOf },
} as const;

type ViewButtonProps = Pick<ManageCalendarsListProps, 'focusAfterBack' | 'onShow'> & { view: CalendarView; calendar: Calendar };

/** The button that shows one of a calendar's views; back from that view, it has focus again. */
function ViewButton({ view, calendar, focusAfterBack, onShow }: ViewButtonProps) {
  const say = useIntl().formatMessage;
  const { icon, label } = VIEW_BUTTONS[view];
  const name = say(label, { name: calendar.name });
  return (
    <Button
      appearance="subtle"
      icon={icon}
      autoFocus={focusAfterBack?.calendarId === calendar.id && focusAfterBack.mode === view}
      aria-label={name}
      // Three icons side by side: the pointer's hint says which is which.
      title={name}
      onClick={() => onShow(calendar, view)}
    />
  );
}

/** Every calendar, each with its categories, deleted events, activity, edit and delete buttons, once they are loaded. */
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
            {calendar.canEdit && (
              <>
                <ViewButton view="categories" calendar={calendar} focusAfterBack={focusAfterBack} onShow={onShow} />
                <ViewButton view="trash" calendar={calendar} focusAfterBack={focusAfterBack} onShow={onShow} />
              </>
            )}
            {admin && (
              <>
                <ViewButton view="activity" calendar={calendar} focusAfterBack={focusAfterBack} onShow={onShow} />
                <Button
                  appearance="subtle"
                  icon={<Edit20Regular />}
                  aria-label={intl.formatMessage(MESSAGES.editCalendar, { name: calendar.name })}
                  onClick={() => onEdit(calendar)}
                />
                <DeleteCalendarButton calendar={calendar} onConflict={onConflict} onDeleted={onDeleted} />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
