import { Button, type ButtonProps } from '@fluentui/react-components';
import { Video20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import { useOpenLink } from '../host/open-link.ts';
import { ONLINE_MEETING_MESSAGES as M } from './online-meeting-messages.ts';

interface JoinMeetingButtonProps {
  /** The meeting's join link, as the API stored it (a Teams meeting link). */
  url: string;
  /** The event's title, for a name that says which meeting where several may show. */
  title?: string;
  size?: ButtonProps['size'];
  appearance?: ButtonProps['appearance'];
}

/** "Join": opens the meeting in Teams from a Teams tab (teams-js), else in a new tab. */
export function JoinMeetingButton({ url, title, size, appearance = 'primary' }: JoinMeetingButtonProps) {
  const say = useIntl().formatMessage;
  const open = useOpenLink();
  return (
    <Button
      appearance={appearance}
      size={size}
      icon={<Video20Regular />}
      aria-label={title === undefined ? say(M.joinMeeting) : say(M.joinEvent, { title })}
      onClick={() => open(url)}
    >
      {say(M.join)}
    </Button>
  );
}
