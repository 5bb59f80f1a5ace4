import { Field } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { TimeZoneCombobox } from '../../../components/time-zone-combobox.tsx';
import type { RegionalSettings } from '../../../host/regional-settings.tsx';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';

/**
 * Shows the calendar in another time zone than the device's, e.g. to plan with another office: the device's own
 * (following it wherever it goes), or any other zone.
 */
export function TimeZoneSelect({ choice }: { choice: NonNullable<RegionalSettings['timeZoneChoice']> }) {
  const intl = useIntl();
  return (
    <Field label={intl.formatMessage(CALENDAR_MESSAGES.timeZone)} hint={intl.formatMessage(CALENDAR_MESSAGES.timeZoneHint)}>
      <TimeZoneCombobox chosen={choice.chosen} followsDevice onChoose={choice.choose} />
    </Field>
  );
}
