import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { TrashedEvent } from '../../../../shared/history-schema.ts';
import { CALENDAR_TRASHED_TYPE } from '../../../../shared/problem.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { TRASH_COMMON_MESSAGES as C } from '../../../components/trash-messages.ts';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { TRASH_MESSAGES as M } from '../lib/history-messages.ts';
import { usePurgeEvent, useRestoreEvent } from '../requests/trash.ts';

/** Restore and purge of a calendar's deleted events, each told in a toast; what failed says why. */
export function useTrashActions(calendar: Calendar) {
  const intl = useIntl();
  const say = intl.formatMessage;
  const notify = useNotify();
  const restoreEvent = useRestoreEvent(calendar.id);
  const purgeEvent = usePurgeEvent(calendar.id);

  const failed = (title: string, error: unknown) => {
    if (isApiStatus(error, 409) && error.problem.type === CALENDAR_TRASHED_TYPE) {
      // The calendar itself went to the calendar trash after its trash was listed.
      notify.error(title, say(M.calendarTrashed, { name: calendar.name }));
    } else if (isApiStatus(error, 404, 412)) notify.error(title, say(C.changedMeanwhile));
    else notify.error(title, errorMessage(error, intl));
  };

  return {
    busy: restoreEvent.isPending || purgeEvent.isPending,
    restore: async (entry: TrashedEvent) => {
      try {
        await restoreEvent.mutateAsync(entry);
        notify.success(say(M.restored, { title: entry.event.title }));
      } catch (error) {
        failed(say(M.restoreFailed), error);
      }
    },
    purge: async (entry: TrashedEvent) => {
      try {
        await purgeEvent.mutateAsync(entry);
        notify.success(say(M.purged, { title: entry.event.title }));
      } catch (error) {
        failed(say(M.purgeFailed), error);
      }
    },
  };
}
