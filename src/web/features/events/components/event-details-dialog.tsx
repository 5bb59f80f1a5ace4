import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular, Edit20Regular, Link20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { isHttpUrl, type CalendarEvent } from '../../../../shared/event-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useCopyEventLink } from '../hooks/use-copy-event-link.ts';
import { useDeleteFailure } from '../hooks/use-delete-failure.ts';
import { useDeleteEvent } from '../requests/delete-event.ts';
import { useEvent, useFetchLatestEvent, useSeriesOf } from '../requests/get-event.ts';
import { occurrenceKeyOf, type OccurrenceScope } from '../requests/update-occurrence.ts';
import { useRecurrenceScope } from '../hooks/use-recurrence-scope.ts';
import { RecurrenceScopeDialog } from './recurrence-scope-dialog.tsx';
import { DeleteOccurrenceButton, RecurrenceRows } from './recurrence-details.tsx';
import { CHANGED_BY_SOMEONE_ELSE, MAYBE_DELETED, NO_LONGER_EXISTS } from '../lib/event-messages.ts';
import { formatEventWhen, formatTimestamp } from '../lib/format-event-time.ts';

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  calendar: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // Descriptions are plain text: shown as text, with their line breaks.
  description: { whiteSpace: 'pre-wrap' },
  skeleton: { display: 'grid', gap: tokens.spacingVerticalM },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  action: { whiteSpace: 'nowrap' },
});

interface EventDetailsDialogProps {
  eventKey: EventKey;
  calendars: readonly Calendar[];
  onClose(): void;
  /** Edit the event; for an occurrence, with the scope chosen ("All events" gives the series, with no scope). */
  onEdit(event: CalendarEvent, scope?: OccurrenceScope): void;
  /** The server's events changed (deleted, or found changed by someone else): refresh what shows them. */
  onChanged(): void;
}

export function EventDetailsDialog({ eventKey, calendars, onClose, onEdit, onChanged }: EventDetailsDialogProps) {
  const styles = useStyles();
  const query = useEvent(eventKey);
  const display = useRegionalSettings();
  const { copy, uncopiedLink } = useCopyEventLink(eventKey.eventId);
  const [conflict, setConflict] = useState(false);
  const event = query.data;
  // The event's own calendar once loaded: someone may have moved it since the calendar showed it.
  const calendarId = event?.extendedProps.calendarId ?? eventKey.calendarId;
  const calendar = calendars.find((candidate) => candidate.id === calendarId);
  const notFound = isApiStatus(query.error, 404);
  const occurrence = event ? occurrenceKeyOf(event) : null;
  const seriesQuery = useSeriesOf(occurrence);
  // The rule comes from the series: an occurrence does not carry it.
  const series = occurrence ? seriesQuery.data : event?.rrule ? event : undefined;
  const { askScope, dialog: scopeDialog } = useRecurrenceScope();
  const fetchLatestEvent = useFetchLatestEvent();
  const notify = useNotify();

  const edit = async (shown: CalendarEvent) => {
    if (!occurrence) return onEdit(shown);
    const scope = await askScope('edit');
    if (scope === null) return;
    if (scope !== 'all') return onEdit(shown, scope);
    try {
      onEdit(await fetchLatestEvent(occurrence.seriesId));
    } catch (error) {
      notify.error('The series could not be loaded', errorMessage(error));
    }
  };
  const onDeleted = () => {
    onChanged();
    onClose();
  };
  const handleConflict = () => {
    setConflict(true);
    onChanged();
    void query.refetch();
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle
            action={
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label="Close" icon={<Dismiss24Regular />} />
              </DialogTrigger>
            }
          >
            {event?.title ?? (query.isPending ? 'Loading event…' : 'Event')}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {conflict && (
              <MessageBar intent="warning" role="alert">
                <MessageBarBody>
                  <MessageBarTitle>{CHANGED_BY_SOMEONE_ELSE}.</MessageBarTitle>
                  These are the latest details. It was not deleted.
                </MessageBarBody>
              </MessageBar>
            )}
            {event ? (
              <dl className={styles.details}>
                <dt className={styles.term}>Calendar</dt>
                <dd className={styles.value}>
                  <span className={styles.calendar}>
                    {calendar && <ColorSwatch color={calendar.color} />}
                    {calendar?.name ?? 'Unknown calendar'}
                  </span>
                </dd>
                <dt className={styles.term}>When</dt>
                <dd className={styles.value} lang={display.locale}>
                  {formatEventWhen(event, display)}
                </dd>
                {event.extendedProps.location && (
                  <>
                    <dt className={styles.term}>Location</dt>
                    <dd className={styles.value}>{event.extendedProps.location}</dd>
                  </>
                )}
                {event.extendedProps.description && (
                  <>
                    <dt className={styles.term}>Description</dt>
                    <dd className={mergeClasses(styles.value, styles.description)}>{event.extendedProps.description}</dd>
                  </>
                )}
                {/* The API only stores http(s) links; checked again here because an href is a place scripts hide. */}
                {event.url && isHttpUrl(event.url) && (
                  <>
                    <dt className={styles.term}>Link</dt>
                    <dd className={styles.value}>
                      <Link href={event.url} target="_blank" rel="noopener noreferrer">
                        {event.url}
                      </Link>
                    </dd>
                  </>
                )}
                {series && <RecurrenceRows series={series} recurrenceId={occurrence?.recurrenceId ?? null} />}
                <dt className={styles.term}>Created</dt>
                <dd className={styles.value}>
                  {event.extendedProps.createdBy.name}, <span lang={display.locale}>{formatTimestamp(event.extendedProps.createdAt, display)}</span>
                </dd>
                <dt className={styles.term}>Updated</dt>
                <dd className={styles.value}>
                  {event.extendedProps.updatedBy.name}, <span lang={display.locale}>{formatTimestamp(event.extendedProps.updatedAt, display)}</span>
                </dd>
              </dl>
            ) : query.isPending ? (
              <Skeleton aria-label="Loading event details" className={styles.skeleton}>
                <SkeletonItem size={16} />
                <SkeletonItem size={16} />
                <SkeletonItem size={16} />
              </Skeleton>
            ) : (
              <Body1>{notFound ? `${NO_LONGER_EXISTS}. ${MAYBE_DELETED}` : errorMessage(query.error)}</Body1>
            )}
            {uncopiedLink && (
              <Field label="Link to this event" hint="The link could not be copied for you: select it and copy it from here.">
                <Input readOnly value={uncopiedLink} ref={selectOnMount} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            {event && calendar?.canEdit && (
              <>
                <Button appearance="primary" icon={<Edit20Regular />} onClick={() => void edit(event)}>
                  Edit
                </Button>
                {occurrence ? (
                  <DeleteOccurrenceButton
                    occurrence={occurrence}
                    version={event.extendedProps.version}
                    askScope={askScope}
                    onDeleted={onDeleted}
                    onConflict={handleConflict}
                  />
                ) : (
                  <DeleteEventButton event={event} onDeleted={onDeleted} onConflict={handleConflict} />
                )}
              </>
            )}
            {event && (
              <Button className={styles.action} icon={<Link20Regular />} onClick={copy}>
                Copy link
              </Button>
            )}
            {query.isError && !notFound && <Button onClick={() => void query.refetch()}>Try again</Button>}
          </DialogActions>
        </DialogBody>
        {/* Nested in the surface, as Fluent nests dialogs: it opens over this one. */}
        <RecurrenceScopeDialog {...scopeDialog} />
      </DialogSurface>
    </Dialog>
  );
}

/** Focuses the link and selects it, ready to copy. */
function selectOnMount(input: HTMLInputElement | null): void {
  input?.focus();
  input?.select();
}

/** Delete, after a confirmation. */
function DeleteEventButton({ event, onDeleted, onConflict }: { event: CalendarEvent; onDeleted(): void; onConflict(): void }) {
  const notify = useNotify();
  const deleteEvent = useDeleteEvent();
  const deleteFailed = useDeleteFailure({ onDeleted, onConflict });
  const confirm = () =>
    deleteEvent.mutateAsync({ calendarId: event.extendedProps.calendarId, eventId: event.id, version: event.extendedProps.version }).then(
      () => {
        notify.success('Event deleted');
        onDeleted();
      },
      deleteFailed,
    );
  return (
    <ConfirmDeleteButton
      trigger={{ children: 'Delete' }}
      title="Delete this event?"
      warning={`“${event.title}” will be deleted for everyone. This cannot be undone.`}
      confirmLabel="Delete"
      deleting={deleteEvent.isPending}
      onConfirm={confirm}
    />
  );
}
