import { Field, Select, makeStyles } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { RegionalSettings } from '../../../host/regional-settings.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';

const useStyles = makeStyles({
  // As wide as the panel, not as its longest zone name.
  select: { minWidth: 0, width: '100%' },
});

/** Shows the calendar in another time zone than the device's, e.g. to plan with another office. */
export function TimeZoneSelect({ choice }: { choice: NonNullable<RegionalSettings['timeZoneChoice']> }) {
  const styles = useStyles();
  const intl = useIntl();
  const supported = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  // A stored zone the list leaves out (it has canonical names only, so not e.g. UTC) still shows as chosen.
  const zones = choice.chosen && !supported.includes(choice.chosen) ? [choice.chosen, ...supported] : supported;
  return (
    <Field label={intl.formatMessage(CALENDAR_MESSAGES.timeZone)} hint={intl.formatMessage(CALENDAR_MESSAGES.timeZoneHint)}>
      <Select
        className={styles.select}
        select={{ className: styles.select }}
        value={choice.chosen ?? ''}
        onChange={(_, data) => choice.choose(data.value || null)}
      >
        <option value="">{intl.formatMessage(CALENDAR_MESSAGES.devicesTimeZone, { zone: browserTimeZone() })}</option>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
    </Field>
  );
}
