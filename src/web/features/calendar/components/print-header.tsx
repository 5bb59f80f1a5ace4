import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';

const useStyles = makeStyles({
  // Printed only: on screen the toolbar's title and the calendar list say the same. Not a heading, so that the
  // toolbar's title stays the one heading naming the period.
  root: {
    display: 'none',
    '@media print': { display: 'block', margin: 0, paddingBlockEnd: tokens.spacingVerticalS, color: tokens.colorNeutralForeground1 },
  },
});

/** The printed page's heading: which calendars, and which period. */
export function PrintHeader({ calendarNames, period }: { calendarNames: readonly string[]; period: string }) {
  const styles = useStyles();
  return (
    <Subtitle1 as="p" className={styles.root} data-testid="print-header">
      {CALENDAR_MESSAGES.printHeading(calendarNames, period)}
    </Subtitle1>
  );
}
