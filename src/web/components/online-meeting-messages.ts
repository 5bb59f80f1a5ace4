import { defineMessage, defineMessages } from 'react-intl';

/** An event's online meeting, said the same wherever it can be joined: details, hover card, the calendar's event. */
export const ONLINE_MEETING_MESSAGES = defineMessages({
  join: { id: 'onlineMeeting.join', defaultMessage: 'Join' },
  joinMeeting: { id: 'onlineMeeting.joinMeeting', defaultMessage: 'Join the Teams meeting' },
  joinEvent: defineMessage<{ title: string }>({ id: 'onlineMeeting.joinEvent', defaultMessage: 'Join “{title}”' }),
});
