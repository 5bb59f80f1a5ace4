import { Body1, Button, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Edit20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
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
  onEdit(calendar: Calendar): void;
  onConflict(): void;
  onDeleted(): void;
}

/** Every calendar, each with its edit and delete buttons, once they are loaded. */
export function ManageCalendarsList({ calendars, onEdit, onConflict, onDeleted }: ManageCalendarsListProps) {
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
  return (
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
              onClick={() => onEdit(calendar)}
            />
            <DeleteCalendarButton calendar={calendar} onConflict={onConflict} onDeleted={onDeleted} />
          </li>
        ))}
      </ul>
    </>
  );
}
