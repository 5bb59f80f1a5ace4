import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Notice } from '../components/status-parts.tsx';
import { useRegionalSettings } from '../host/regional-settings.tsx';
import { useTimeOfDayOptions } from '../lib/time-format.ts';
import { useOfflineStatus } from '../lib/use-offline-status.ts';
import { OFFLINE_MESSAGES } from './offline-messages.ts';

const useStyles = makeStyles({
  bar: { marginInline: tokens.spacingHorizontalM, marginBlockStart: tokens.spacingVerticalS, '@media print': { display: 'none' } },
});

/** When the copy was fetched, in the user's locale and zone: the time alone if today, else with its date. */
function fetchedTime(asOf: number, locale: string, timeZone: string, timeOfDay: Intl.DateTimeFormatOptions): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'short' });
  const today = day.format(asOf) === day.format(Date.now());
  const date = today ? {} : ({ year: 'numeric', month: 'short', day: 'numeric' } as const);
  return new Intl.DateTimeFormat(locale, { timeZone, ...timeOfDay, ...date }).format(asOf);
}

/** While the API cannot be reached: what the calendar shows, from when, and why changes are off. */
export function OfflineBar() {
  const styles = useStyles();
  const { offline, asOf } = useOfflineStatus();
  const { locale, timeZone } = useRegionalSettings();
  const intl = useIntl();
  const timeOfDay = useTimeOfDayOptions();
  const time = useMemo(() => (asOf === null ? null : fetchedTime(asOf, locale, timeZone, timeOfDay)), [asOf, locale, timeZone, timeOfDay]);
  return (
    <div role="status">
      {offline && (
        <Notice
          intent="warning"
          multiline
          className={styles.bar}
          testId="offline-bar"
          title={time === null ? intl.formatMessage(OFFLINE_MESSAGES.unreachable) : intl.formatMessage(OFFLINE_MESSAGES.showingAsOf, { time })}
        >
          {intl.formatMessage(OFFLINE_MESSAGES.readOnly)}
        </Notice>
      )}
    </div>
  );
}
