import {
  Body1,
  DialogContent,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Skeleton,
  SkeletonItem,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { EventDetails } from '../hooks/use-event-details.ts';
import { EVENT_DETAILS_MESSAGES as M, EVENT_MESSAGES } from '../lib/event-messages.ts';
import { EventDetailsList } from './event-details-list.tsx';
import { EventDetailsTabs } from './event-details-tabs.tsx';

const useStyles = makeStyles({
  skeleton: { display: 'grid', gap: tokens.spacingVerticalM },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface EventDetailsContentProps {
  details: EventDetails;
  /** The calendars the user reads: the History tab names them. */
  calendars: readonly Calendar[];
  /** A delete found the event changed by someone else. */
  conflict: boolean;
  /** The link "Copy link" could not put on the clipboard, for the user to copy. */
  uncopiedLink: string | null;
  /** What someone else did to the event meanwhile (event-live-notice.tsx). */
  liveNotice?: ReactNode;
}

/** The dialog's body: the details once loaded (a skeleton until then, or why they are not), and a link left to copy. */
export function EventDetailsContent({ details, calendars, conflict, uncopiedLink, liveNotice }: EventDetailsContentProps) {
  const { query, display, event, calendar, notFound, occurrence, series } = details;
  const styles = useStyles();
  const intl = useIntl();
  const say = intl.formatMessage;
  return (
    <DialogContent className={styles.content}>
      {liveNotice}
      {conflict && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{say(EVENT_MESSAGES.changedHeading)}</MessageBarTitle>
            {say(M.notDeleted)}
          </MessageBarBody>
        </MessageBar>
      )}
      {event ? (
        <EventDetailsTabs details={details} calendars={calendars}>
          <EventDetailsList event={event} display={display} calendar={calendar} occurrence={occurrence} series={series} />
        </EventDetailsTabs>
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
  );
}

/** Focuses the link and selects it, ready to copy. */
function selectOnMount(input: HTMLInputElement | null): void {
  input?.focus();
  input?.select();
}
