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
import { Copy20Regular, Dismiss24Regular, Edit20Regular, Link20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { isHttpUrl, type CalendarEvent } from '../../../../shared/event-schema.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { errorMessage, isApiStatus } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import { useCopyEventLink } from '../hooks/use-copy-event-link.ts';
import { useDeleteFailure } from '../hooks/use-delete-failure.ts';
import { useDeleteEvent } from '../requests/delete-event.ts';
import { useEvent, useFetchLatestEvent, useSeriesOf } from '../requests/get-event.ts';
import { occurrenceKeyOf, type OccurrenceScope } from '../requests/update-occurrence.ts';
import { useRecurrenceScope } from '../hooks/use-recurrence-scope.ts';
import { RecurrenceScopeDialog } from './recurrence-scope-dialog.tsx';
import { LinkedText } from './linked-text.tsx';
import { DeleteOccurrenceButton, RecurrenceRows } from './recurrence-details.tsx';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { EVENT_DETAILS_MESSAGES as M, EVENT_MESSAGES } from '../lib/event-messages.ts';
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
  /** Create a new event from this one's fields. */
  onDuplicate?(event: CalendarEvent): void;
  /** The server's events changed (deleted, or found changed by someone else): refresh what shows them. */
  onChanged(): void;
}

export function EventDetailsDialog({ eventKey, calendars, onClose, onEdit, onDuplicate, onChanged }: EventDetailsDialogProps) {
  const styles = useStyles();
  const query = useEvent(eventKey);
  const display = { ...useRegionalSettings(), timeOfDay: useTimeOfDayOptions() };
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
  const intl = useIntl();
  const say = intl.formatMessage;

  const edit = async (shown: CalendarEvent) => {
    if (!occurrence) return onEdit(shown);
    const scope = await askScope('edit');
    if (scope === null) return;
    if (scope !== 'all') return onEdit(shown, scope);
    try {
      onEdit(await fetchLatestEvent(occurrence.seriesId));
    } catch (error) {
      notify.error(say(EVENT_MESSAGES.seriesLoadFailed), errorMessage(error, intl));
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
                <Button appearance="subtle" aria-label={say(COMMON_MESSAGES.close)} icon={<Dismiss24Regular />} />
              </DialogTrigger>
            }
          >
            {event?.title ?? say(query.isPending ? M.loadingEvent : M.event)}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {conflict && (
              <MessageBar intent="warning" role="alert">
                <MessageBarBody>
                  <MessageBarTitle>{say(EVENT_MESSAGES.changedHeading)}</MessageBarTitle>
                  {say(M.notDeleted)}
                </MessageBarBody>
              </MessageBar>
            )}
            {event ? (
              <dl className={styles.details}>
                <dt className={styles.term}>{say(M.calendar)}</dt>
                <dd className={styles.value}>
                  <span className={styles.calendar}>
                    {calendar && <ColorSwatch color={calendar.color} />}
                    {calendar?.name ?? say(M.unknownCalendar)}
                  </span>
                </dd>
                <dt className={styles.term}>{say(M.when)}</dt>
                <dd className={styles.value} lang={display.locale}>
                  {event.allDay ? say(M.allDay, { dates: formatEventWhen(event, display) }) : formatEventWhen(event, display)}
                </dd>
                {event.extendedProps.location && (
                  <>
                    <dt className={styles.term}>{say(M.location)}</dt>
                    <dd className={styles.value}>{event.extendedProps.location}</dd>
                  </>
                )}
                {event.extendedProps.description && (
                  <>
                    <dt className={styles.term}>{say(M.description)}</dt>
                    <dd className={mergeClasses(styles.value, styles.description)}>
                      <LinkedText text={event.extendedProps.description} />
                    </dd>
                  </>
                )}
                {/* The API only stores http(s) links; checked again here because an href is a place scripts hide. */}
                {event.url && isHttpUrl(event.url) && (
                  <>
                    <dt className={styles.term}>{say(M.link)}</dt>
                    <dd className={styles.value}>
                      <Link href={event.url} target="_blank" rel="noopener noreferrer">
                        {event.url}
                      </Link>
                    </dd>
                  </>
                )}
                {series && <RecurrenceRows series={series} recurrenceId={occurrence?.recurrenceId ?? null} />}
                <dt className={styles.term}>{say(M.created)}</dt>
                <dd className={styles.value} lang={display.locale}>
                  {say(M.byAt, { name: event.extendedProps.createdBy.name, when: formatTimestamp(event.extendedProps.createdAt, display) })}
                </dd>
                <dt className={styles.term}>{say(M.updated)}</dt>
                <dd className={styles.value} lang={display.locale}>
                  {say(M.byAt, { name: event.extendedProps.updatedBy.name, when: formatTimestamp(event.extendedProps.updatedAt, display) })}
                </dd>
              </dl>
            ) : query.isPending ? (
              <Skeleton aria-label={say(M.loadingDetails)} className={styles.skeleton}>
                <SkeletonItem size={16} />
                <SkeletonItem size={16} />
                <SkeletonItem size={16} />
              </Skeleton>
            ) : (
              <Body1>{notFound ? say(EVENT_MESSAGES.gone) : errorMessage(query.error, intl)}</Body1>
            )}
            {uncopiedLink && (
              <Field label={say(M.linkToEvent)} hint={say(M.linkNotCopied)}>
                <Input readOnly value={uncopiedLink} ref={selectOnMount} />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            {event && calendar?.canEdit && (
              <>
                <Button appearance="primary" icon={<Edit20Regular />} onClick={() => void edit(event)}>
                  {say(M.edit)}
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
            {/* Into any calendar the user may add to: the copy need not stay in this one. */}
            {event && onDuplicate && calendars.some((candidate) => candidate.canEdit) && (
              <Button icon={<Copy20Regular />} onClick={() => onDuplicate(event)}>
                {say(M.duplicate)}
              </Button>
            )}
            {event && (
              <Button className={styles.action} icon={<Link20Regular />} onClick={copy}>
                {say(M.copyLink)}
              </Button>
            )}
            {query.isError && !notFound && <Button onClick={() => void query.refetch()}>{say(COMMON_MESSAGES.tryAgain)}</Button>}
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
  const intl = useIntl();
  const confirm = () =>
    deleteEvent.mutateAsync({ calendarId: event.extendedProps.calendarId, eventId: event.id, version: event.extendedProps.version }).then(
      () => {
        notify.success(intl.formatMessage(EVENT_MESSAGES.deleted));
        onDeleted();
      },
      deleteFailed,
    );
  return (
    <ConfirmDeleteButton
      trigger={{ children: intl.formatMessage(M.delete) }}
      title={intl.formatMessage(M.deleteTitle)}
      warning={intl.formatMessage(M.deleteWarning, { title: event.title })}
      confirmLabel={intl.formatMessage(M.delete)}
      deleting={deleteEvent.isPending}
      onConfirm={confirm}
    />
  );
}
