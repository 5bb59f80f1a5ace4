import { useCallback } from 'react';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { withFollowingRule } from '../requests/following-series.ts';
import { useFetchLatestEvent } from '../requests/get-event.ts';
import { occurrenceKeyOf } from '../requests/update-occurrence.ts';

/**
 * The latest version of what the event form edits, after a conflict: the event, or, for "This and following events"
 * (an occurrence carrying a rule), the occurrence with the rule a split there now keeps.
 */
export function useFetchLatestFormTarget(): (base: CalendarEvent) => Promise<CalendarEvent> {
  const fetchLatestEvent = useFetchLatestEvent();
  const api = useApiClient();
  return useCallback(
    async (base) => {
      // By id, which finds the event wherever it is now.
      const latest = await fetchLatestEvent(base.id);
      const occurrence = occurrenceKeyOf(latest);
      return occurrence && base.rrule ? withFollowingRule(api, latest, occurrence) : latest;
    },
    [fetchLatestEvent, api],
  );
}
