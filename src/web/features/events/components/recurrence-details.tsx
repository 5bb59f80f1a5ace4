import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useDeleteFailure } from '../hooks/use-delete-failure.ts';
import { useOfferRestore } from '../hooks/use-offer-restore.ts';
import { useOfferUndoOccurrenceDelete } from '../hooks/use-offer-undo-occurrence-delete.ts';
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

/** Whether an occurrence's recurrence id is the series' first start (dates for all-day series, else instants). */
function isFirstOccurrence(recurrenceId: string, seriesStart: string | undefined): boolean {
  if (seriesStart === undefined) return false;
  return recurrenceId === seriesStart || Date.parse(recurrenceId) === Date.parse(seriesStart);
}

interface DeleteOccurrenceButtonProps {
  occurrence: OccurrenceKey;
  /** The series' version, which the occurrence carries. */
  version: number;
  /** The series' first start, when known: "this and following" from it deletes the whole series (to the trash). */
  seriesStart: string | undefined;
  /** For the toast that offers to restore a deleted series. */
  title: string;
  askScope(action: RecurrenceAction): Promise<RecurrenceScope | null>;
  onDeleted(): void;
  onConflict(): void;
}

/** Delete for an occurrence: the scope question is its confirmation; "All events" deletes the series. */
export function DeleteOccurrenceButton({ occurrence, version, seriesStart, title, askScope, onDeleted, onConflict }: DeleteOccurrenceButtonProps) {
  const offerRestore = useOfferRestore();
  const offerUndo = useOfferUndoOccurrenceDelete();
  const deleteOccurrence = useDeleteOccurrence();
  const deleteEvent = useDeleteEvent();
  const deleteFailed = useDeleteFailure({ onDeleted, onConflict });
  const intl = useIntl();
  const remove = async () => {
    const scope = await askScope('delete');
    if (scope === null) return;
    const series = { calendarId: occurrence.calendarId, eventId: occurrence.seriesId };
    const message = intl.formatMessage(scope === 'this' ? EVENT_MESSAGES.deleted : EVENT_MESSAGES.eventsDeleted);
    try {
      if (scope === 'all') {
        // The whole series goes to the trash, whence Undo brings it back.
        await deleteEvent.mutateAsync({ ...series, version });
        offerRestore({ ...series, version, title }, message);
      } else {
        await deleteOccurrence.mutateAsync({ ...occurrence, scope, version });
        // From the first occurrence on is the whole series, in the trash; else Undo gives the series back what it lost.
        if (scope === 'following' && isFirstOccurrence(occurrence.recurrenceId, seriesStart)) offerRestore({ ...series, version, title }, message);
        else offerUndo({ ...occurrence, scope, version, title }, message);
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
