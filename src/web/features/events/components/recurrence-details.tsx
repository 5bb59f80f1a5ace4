import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useDeleteFailure } from '../hooks/use-delete-failure.ts';
import type { RecurrenceAction, RecurrenceScope } from '../hooks/use-recurrence-scope.ts';
import { describeRecurrence } from '../lib/describe-recurrence.ts';
import { useDeleteEvent } from '../requests/delete-event.ts';
import { useDeleteOccurrence } from '../requests/delete-occurrence.ts';
import type { OccurrenceKey } from '../requests/update-occurrence.ts';

/** Shown for an occurrence whose series changed it alone. */
export const CHANGED_FROM_SERIES = 'Changed from the series';

const useStyles = makeStyles({
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
});

/** The details' "Repeats" row: the series' rule in words, and whether this occurrence was changed on its own. */
export function RecurrenceRows({ series, recurrenceId }: { series: CalendarEvent; recurrenceId: string | null }) {
  const styles = useStyles();
  const { locale, timeZone } = useRegionalSettings();
  const summary = series.rrule
    ? describeRecurrence(series.rrule, {
        start: series.start,
        allDay: series.allDay,
        timeZone: series.extendedProps.timeZone ?? timeZone,
        locale,
        viewerTimeZone: timeZone,
      })
    : null;
  if (summary === null) return null;
  const changed = recurrenceId !== null && series.extendedProps.overrides?.[recurrenceId] !== undefined;
  return (
    <>
      <dt className={styles.term}>Repeats</dt>
      <dd className={styles.value} lang={locale}>
        {summary}
        {changed && (
          <>
            <br />
            {CHANGED_FROM_SERIES}
          </>
        )}
      </dd>
    </>
  );
}

interface DeleteOccurrenceButtonProps {
  occurrence: OccurrenceKey;
  /** The series' version, which the occurrence carries. */
  version: number;
  askScope(action: RecurrenceAction): Promise<RecurrenceScope | null>;
  onDeleted(): void;
  onConflict(): void;
}

/** Delete for an occurrence: the scope question is its confirmation; "All events" deletes the series. */
export function DeleteOccurrenceButton({ occurrence, version, askScope, onDeleted, onConflict }: DeleteOccurrenceButtonProps) {
  const notify = useNotify();
  const deleteOccurrence = useDeleteOccurrence();
  const deleteEvent = useDeleteEvent();
  const deleteFailed = useDeleteFailure({ onDeleted, onConflict });
  const remove = async () => {
    const scope = await askScope('delete');
    if (scope === null) return;
    try {
      if (scope === 'all') await deleteEvent.mutateAsync({ calendarId: occurrence.calendarId, eventId: occurrence.seriesId, version });
      else await deleteOccurrence.mutateAsync({ ...occurrence, scope, version });
      notify.success(scope === 'this' ? 'Event deleted' : 'Events deleted');
      onDeleted();
    } catch (error) {
      deleteFailed(error);
    }
  };
  return (
    <Button icon={<Delete20Regular />} disabled={deleteOccurrence.isPending || deleteEvent.isPending} onClick={() => void remove()}>
      Delete
    </Button>
  );
}
