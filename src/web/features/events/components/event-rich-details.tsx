import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { isTeamsMeetingUrl } from '../../../../shared/meeting-url.ts';
import { JoinMeetingButton } from '../../../components/join-meeting-button.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { EVENT_DETAILS_MESSAGES as D } from '../lib/event-messages.ts';
import { VIDEO_MESSAGES as M } from '../lib/rich-content-messages.ts';
import { EventVideo } from './event-video.tsx';

interface EventRichDetailsProps {
  event: CalendarEvent;
  termClass: string;
  valueClass: string;
}

/** The details' rows for the event's content: its formatted description, its video and its Teams meeting. */
export function EventRichDetails({ event, termClass, valueClass }: EventRichDetailsProps) {
  const say = useIntl().formatMessage;
  const { description, video, onlineMeetingUrl } = event.extendedProps;
  return (
    <>
      {description && (
        <>
          <dt className={termClass}>{say(D.description)}</dt>
          <dd className={valueClass}>
            <RichText html={description} />
          </dd>
        </>
      )}
      {video && (
        <>
          <dt className={termClass}>{say(M.video)}</dt>
          <dd className={valueClass}>
            <EventVideo url={video} title={event.title} />
          </dd>
        </>
      )}
      {/* Checked again here, as the web link is: an address the page opens. */}
      {onlineMeetingUrl && isTeamsMeetingUrl(onlineMeetingUrl) && (
        <>
          <dt className={termClass}>{say(M.meeting)}</dt>
          <dd className={valueClass}>
            <JoinMeetingButton url={onlineMeetingUrl} />
          </dd>
        </>
      )}
    </>
  );
}
