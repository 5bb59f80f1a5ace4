import { Dialog, DialogBody, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useCopyEventLink } from '../hooks/use-copy-event-link.ts';
import { useEditEvent } from '../hooks/use-edit-event.ts';
import { useEventDetails } from '../hooks/use-event-details.ts';
import { useLiveEventNotice } from '../hooks/use-live-event-notice.ts';
import { useRecurrenceScope } from '../hooks/use-recurrence-scope.ts';
import type { OccurrenceScope } from '../requests/update-occurrence.ts';
import { EVENT_DETAILS_MESSAGES as M } from '../lib/event-messages.ts';
import { EventDetailsActions } from './event-details-actions.tsx';
import { EventDetailsContent } from './event-details-content.tsx';
import { RecurrenceScopeDialog } from './recurrence-scope-dialog.tsx';
import { DialogCloseAction } from '../../../components/dialog-close-action.tsx';
import { useAuth } from '../../../auth/auth-context.ts';
import { EventLiveNotice } from './event-live-notice.tsx';

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
  const details = useEventDetails(eventKey, calendars);
  const { copy, uncopiedLink } = useCopyEventLink(eventKey.eventId);
  const [conflict, setConflict] = useState(false);
  const { askScope, dialog: scopeDialog } = useRecurrenceScope();
  const edit = useEditEvent(details.occurrence, askScope, onEdit);
  const say = useIntl().formatMessage;
  // Someone else's change meanwhile is said, not applied: the latest shows when asked for.
  const liveNotice = useLiveEventNotice(details.event, useAuth().me.id);
  const showLatest = () => {
    void details.query.refetch();
    if (details.occurrence) void details.seriesQuery.refetch();
  };

  const onDeleted = () => {
    onChanged();
    onClose();
  };
  const handleConflict = () => {
    setConflict(true);
    onChanged();
    void details.query.refetch();
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle action={<DialogCloseAction />}>
            {details.event?.title ?? say(details.query.isPending ? M.loadingEvent : M.event)}
          </DialogTitle>
          <EventDetailsContent
            details={details}
            calendars={calendars}
            conflict={conflict}
            uncopiedLink={uncopiedLink}
            liveNotice={<EventLiveNotice notice={liveNotice} onShowLatest={showLatest} />}
          />
          <EventDetailsActions
            details={details}
            calendars={calendars}
            askScope={askScope}
            onEdit={(event) => void edit(event)}
            onDuplicate={onDuplicate}
            onCopyLink={copy}
            onDeleted={onDeleted}
            onConflict={handleConflict}
            deleted={liveNotice?.kind === 'deleted'}
          />
        </DialogBody>
        {/* Nested in the surface, as Fluent nests dialogs: it opens over this one. */}
        <RecurrenceScopeDialog {...scopeDialog} />
      </DialogSurface>
    </Dialog>
  );
}
