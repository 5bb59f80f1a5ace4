import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import type { HistoryDisplay } from '../lib/history-sentences.ts';

/** A description's HTML as the text it shows: parsed inert (DOMParser runs no script and loads nothing). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** How the signed-in viewer reads history: their locale, zone and clock, and the calendars they can name. */
export function useHistoryDisplay(calendars: readonly Calendar[], series?: HistoryDisplay['series']): HistoryDisplay {
  const { locale, timeZone } = useRegionalSettings();
  const timeOfDay = useTimeOfDayOptions();
  const intl = useIntl();
  // When the list opened: dates of another year than this say their year.
  const [now] = useState(Date.now);
  return useMemo(
    () => ({ locale, timeZone, timeOfDay, intl, calendars, plainText, now, series }),
    [locale, timeZone, timeOfDay, intl, calendars, now, series],
  );
}
