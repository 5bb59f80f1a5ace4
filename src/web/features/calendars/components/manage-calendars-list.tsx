import { Body1, Button, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Edit20Regular, TagMultiple20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { MANAGE_CATEGORIES_MESSAGES } from '../lib/categories-messages.ts';
import { CALENDARS_MESSAGES } from '../lib/calendars-messages.ts';
import { MANAGE_CALENDARS_MESSAGES as MESSAGES } from '../lib/manage-calendars-messages.ts';
import type { useCalendars } from '../requests/get-calendars.ts';
import { DeleteCalendarButton } from './delete-calendar-button.tsx';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
});

interface ManageCalendarsListProps {
  calendars: ReturnType<typeof useCalendars>;
  /** Admins edit and delete calendars; the others manage the categories of those they may edit, listed alone. */
  admin: boolean;
  /** The calendar whose categories were just shown: its Categories button takes focus. */
  focusCategoriesOf: string | null;
  onEdit(calendar: Calendar): void;
  onCategories(calendar: Calendar): void;
  onConflict(): void;
  onDeleted(): void;
}

/** Every calendar, each with its categories, edit and delete buttons, once they are loaded. */
export function ManageCalendarsList({ calendars, admin, focusCategoriesOf, onEdit, onCategories, onConflict, onDeleted }: ManageCalendarsListProps) {
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
              <Button
                appearance="subtle"
                icon={<TagMultiple20Regular />}
                // Back from its categories, focus returns to the button that showed them.
                autoFocus={calendar.id === focusCategoriesOf}
                aria-label={intl.formatMessage(MANAGE_CATEGORIES_MESSAGES.calendarCategories, { name: calendar.name })}
                onClick={() => onCategories(calendar)}
              />
            )}
            {admin && (
              <>
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
