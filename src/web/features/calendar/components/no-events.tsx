import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { CalendarEmpty24Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import { ActionButton } from '../../../components/status-parts.tsx';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    color: tokens.colorNeutralForeground2,
  },
});

interface NoEventsProps {
  /** FullCalendar's own words for it. */
  text: string;
  /** In the Upcoming view: the days it lists, whether from today, and the way to list the days after. */
  upcoming?: { days: number; fromToday: boolean; onLookAhead(): void };
}

/** The list views' empty state; the Upcoming view's says what to do about it. */
export function NoEvents({ text, upcoming }: NoEventsProps) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <div className={styles.root}>
      <CalendarEmpty24Regular aria-hidden />
      <Body1>
        {upcoming ? intl.formatMessage(upcoming.fromToday ? CALENDAR_MESSAGES.upcomingEmpty : CALENDAR_MESSAGES.upcomingEmptyLater, { days: upcoming.days }) : text}
      </Body1>
      {upcoming && <ActionButton onClick={upcoming.onLookAhead}>{intl.formatMessage(CALENDAR_MESSAGES.lookAhead)}</ActionButton>}
    </div>
  );
}
