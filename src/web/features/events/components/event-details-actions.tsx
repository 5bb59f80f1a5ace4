import { Button, DialogActions, makeStyles } from '@fluentui/react-components';
import { Copy20Regular, Edit20Regular, Link20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { EVENT_TRASH_DAYS } from '../../../../shared/limits.ts';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useDeleteFailure } from '../hooks/use-delete-failure.ts';
import { useOfferRestore } from '../hooks/use-offer-restore.ts';
import type { EventDetails } from '../hooks/use-event-details.ts';
import type { RecurrenceAction, RecurrenceScope } from '../hooks/use-recurrence-scope.ts';
import { EVENT_DETAILS_MESSAGES as M, EVENT_MESSAGES } from '../lib/event-messages.ts';
import { useDeleteEvent } from '../requests/delete-event.ts';
import { AddToOutlook } from './add-to-outlook.tsx';
import { DownloadIcsButton } from './download-ics-button.tsx';
import { DeleteOccurrenceButton } from './recurrence-details.tsx';

const useStyles = makeStyles({
  action: { whiteSpace: 'nowrap' },
  // Up to six commands: in one row they ran out of the dialog (French by 117 px at 1366 px), so they wrap, ending
  // where the dialog's text ends.
  actions: { flexWrap: 'wrap', justifyContent: 'flex-end', minWidth: 0, maxWidth: '100%', justifySelf: 'stretch' },
});

interface EventDetailsActionsProps {
  details: EventDetails;
  calendars: readonly Calendar[];
  askScope(action: RecurrenceAction): Promise<RecurrenceScope | null>;
  onEdit(event: CalendarEvent): void;
  onDuplicate?(event: CalendarEvent): void;
  onCopyLink(): void;
  onDeleted(): void;
  onConflict(): void;
  /** Someone else deleted the event meanwhile: it can no longer be edited or deleted. */
  deleted?: boolean;
}

/** Edit and Delete where the user may change the event, Duplicate, Copy link; Try again when it failed to load. */
export function EventDetailsActions({ details, calendars, askScope, onEdit, onDuplicate, onCopyLink, onDeleted, onConflict, deleted = false }: EventDetailsActionsProps) {
  const { query, event, calendar, notFound, occurrence } = details;
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return (
    <DialogActions className={styles.actions}>
      {event && calendar?.canEdit && !deleted && (
        <>
          <Button appearance="primary" icon={<Edit20Regular />} onClick={() => onEdit(event)}>
            {say(M.edit)}
          </Button>
          {occurrence ? (
            <DeleteOccurrenceButton
              occurrence={occurrence}
              version={event.extendedProps.version}
              seriesStart={details.series?.start}
              title={event.title}
              askScope={askScope}
              onDeleted={onDeleted}
              onConflict={onConflict}
            />
          ) : (
            <DeleteEventButton event={event} onDeleted={onDeleted} onConflict={onConflict} />
          )}
        </>
      )}
      {/* Into any calendar the user may add to: the copy need not stay in this one. */}
      {event && onDuplicate && calendars.some((candidate) => candidate.canEdit) && (
        <Button icon={<Copy20Regular />} onClick={() => onDuplicate(event)}>
          {say(M.duplicate)}
        </Button>
      )}
      {event && (
        <Button className={styles.action} icon={<Link20Regular />} onClick={onCopyLink}>
          {say(M.copyLink)}
        </Button>
      )}
      {event && <DownloadIcsButton event={event} />}
      {/* An occurrence goes to Outlook as its whole series. */}
      {event && (
        <AddToOutlook
          eventKey={occurrence ? { calendarId: occurrence.calendarId, eventId: occurrence.seriesId } : { calendarId: event.extendedProps.calendarId, eventId: event.id }}
        />
      )}
      {query.isError && !notFound && <Button onClick={() => void query.refetch()}>{say(COMMON_MESSAGES.tryAgain)}</Button>}
    </DialogActions>
  );
}

/** Delete, after a confirmation. */
function DeleteEventButton({ event, onDeleted, onConflict }: { event: CalendarEvent; onDeleted(): void; onConflict(): void }) {
  const offerRestore = useOfferRestore();
  const deleteEvent = useDeleteEvent();
  const deleteFailed = useDeleteFailure({ onDeleted, onConflict });
  const intl = useIntl();
  const key = { calendarId: event.extendedProps.calendarId, eventId: event.id };
  const confirm = () =>
    deleteEvent.mutateAsync({ ...key, version: event.extendedProps.version }).then(
      () => {
        offerRestore({ ...key, version: event.extendedProps.version, title: event.title }, intl.formatMessage(EVENT_MESSAGES.deleted));
        onDeleted();
      },
      deleteFailed,
    );
  return (
    <ConfirmDeleteButton
      trigger={{ children: intl.formatMessage(M.delete) }}
      title={intl.formatMessage(M.deleteTitle)}
      warning={intl.formatMessage(M.deleteWarning, { title: event.title, days: EVENT_TRASH_DAYS })}
      confirmLabel={intl.formatMessage(M.delete)}
      deleting={deleteEvent.isPending}
      onConfirm={confirm}
    />
  );
}
