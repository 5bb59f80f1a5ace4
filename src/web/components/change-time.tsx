import { useState } from 'react';
import { useRegionalSettings } from '../host/regional-settings.tsx';
import { formatTimestamp } from '../lib/format-timestamp.ts';
import { relativeTime } from '../lib/relative-time.ts';
import { useTimeOfDayOptions } from '../lib/time-format.ts';

/** When something was done, as "3 hours ago" in the app's locale; the full date and time in its title. */
export function ChangeTime({ at }: { at: string }) {
  // As of when it is first shown (an entry that arrives later is measured from then): it need not tick.
  const [now] = useState(Date.now);
  const { locale, timeZone } = useRegionalSettings();
  const timeOfDay = useTimeOfDayOptions();
  return (
    <time dateTime={at} title={formatTimestamp(at, { locale, timeZone, timeOfDay })}>
      {relativeTime(at, now, locale)}
    </time>
  );
}
