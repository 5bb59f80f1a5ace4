import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useDeleteFailure } from '../hooks/use-delete-failure.ts';
import { useOfferRestore } from '../hooks/use-offer-restore.ts';
import type { RecurrenceAction, RecurrenceScope } from '../hooks/use-recurrence-scope.ts';
import { describeRecurrence } from '../lib/describe-recurrence.ts';
import { EVENT_DETAILS_MESSAGES, EVENT_MESSAGES } from '../lib/event-messages.ts';
import { useDeleteEvent } from '../requests/delete-event.ts';
import { useDeleteOccurrence } from '../requests/delete-occurrence.ts';
import type { OccurrenceKey } from '../requests/update-occurrence.ts';

const useStyles = makeStyles({
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
});

/** The details' "Repeats" row: the series' rule in words, and whether this occurrence was changed on its own. */
export function RecurrenceRows({ series, recurrenceId }: { series: CalendarEvent; recurrenceId: string | null }) {
  const styles = useStyles();
  const { locale, timeZone } = useRegionalSettings();
  const intl = useIntl();
  const summary = series.rrule
    ? describeRecurrence(series.rrule, {
        start: series.start,
        allDay: series.allDay,
        timeZone: series.extendedProps.timeZone ?? timeZone,
        locale,
        viewerTimeZone: timeZone,
        intl,
      })
    : null;
  if (summary === null) return null;
  const changed = recurrenceId !== null && series.extendedProps.overrides?.[recurrenceId] !== undefined;
  return (
    <>
      <dt className={styles.term}>{intl.formatMessage(EVENT_DETAILS_MESSAGES.repeats)}</dt>
      <dd className={styles.value} lang={locale}>
        {summary}
        {changed && (
          <>
            <br />
            {intl.formatMessage(EVENT_DETAILS_MESSAGES.changedFromSeries)}
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
  /** For the toast that offers to restore a deleted series. */
  title: string;
  askScope(action: RecurrenceAction): Promise<RecurrenceScope | null>;
  onDeleted(): void;
  onConflict(): void;
}

/** Delete for an occurrence: the scope question is its confirmation; "All events" deletes the series. */
export function DeleteOccurrenceButton({ occurrence, version, title, askScope, onDeleted, onConflict }: DeleteOccurrenceButtonProps) {
  const notify = useNotify();
  const offerRestore = useOfferRestore();
  const deleteOccurrence = useDeleteOccurrence();
  const deleteEvent = useDeleteEvent();
  const deleteFailed = useDeleteFailure({ onDeleted, onConflict });
  const intl = useIntl();
  const remove = async () => {
    const scope = await askScope('delete');
    if (scope === null) return;
    try {
      if (scope === 'all') {
        // The whole series goes to the trash, whence Undo brings it back.
        const series = { calendarId: occurrence.calendarId, eventId: occurrence.seriesId };
        await deleteEvent.mutateAsync({ ...series, version });
        offerRestore({ ...series, version, title }, intl.formatMessage(EVENT_MESSAGES.eventsDeleted));
      } else {
        await deleteOccurrence.mutateAsync({ ...occurrence, scope, version });
        notify.success(intl.formatMessage(scope === 'this' ? EVENT_MESSAGES.deleted : EVENT_MESSAGES.eventsDeleted));
      }
      onDeleted();
    } catch (error) {
      deleteFailed(error);
    }
  };
  return (
    <Button icon={<Delete20Regular />} disabled={deleteOccurrence.isPending || deleteEvent.isPending} onClick={() => void remove()}>
      {intl.formatMessage(EVENT_DETAILS_MESSAGES.delete)}
    </Button>
  );
}
