import { Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  return (
    <Subtitle1 as="p" className={styles.root} data-testid="print-header">
      {/* Worked out only once printing has named the period: the list's formatter is not free, and the screen hides it. */}
      {period && calendarNames.length > 0
        ? intl.formatMessage(CALENDAR_MESSAGES.printHeading, { calendars: intl.formatList(calendarNames, { type: 'unit', style: 'short' }), period })
        : period}
    </Subtitle1>
  );
}
