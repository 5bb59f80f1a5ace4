import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { withFollowingRule } from '../requests/following-series.ts';
import { useFetchLatestEvent } from '../requests/get-event.ts';
import type { OccurrenceKey, OccurrenceScope } from '../requests/update-occurrence.ts';
import type { RecurrenceAction, RecurrenceScope } from './use-recurrence-scope.ts';

/**
 * Edit, from the details: an event at once; an occurrence after asking which occurrences, where "All events" edits
 * the series as the server has it now, and "This and following" the occurrence with the rule a split there would keep.
 */
export function useEditEvent(
  occurrence: OccurrenceKey | null,
  askScope: (action: RecurrenceAction) => Promise<RecurrenceScope | null>,
  onEdit: (event: CalendarEvent, scope?: OccurrenceScope) => void,
): (shown: CalendarEvent) => Promise<void> {
  const fetchLatestEvent = useFetchLatestEvent();
  const api = useApiClient();
  const notify = useNotify();
  const intl = useIntl();
  return async (shown) => {
    if (!occurrence) return onEdit(shown);
    const scope = await askScope('edit');
    if (scope === null) return;
    if (scope === 'this') return onEdit(shown, scope);
    try {
      // "This and following" may change the repeat: the form starts from the rule the series would have from here.
      if (scope === 'following') onEdit(await withFollowingRule(api, shown, occurrence), scope);
      else onEdit(await fetchLatestEvent(occurrence.seriesId));
    } catch (error) {
      notify.error(intl.formatMessage(EVENT_MESSAGES.seriesLoadFailed), errorMessage(error, intl));
    }
  };
}
