import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { ChangeNotice } from '../../../../shared/history-schema.ts';
import { LIVE_EVENT_MESSAGES as M } from '../lib/live-event-messages.ts';

interface EventLiveNoticeProps {
  /** Someone else's change to the event after the version shown, or null. */
  notice: ChangeNotice | null;
  onShowLatest(): void;
}

/**
 * "Ada changed this event" with Show latest, or "Ada deleted this event": in a status region that is always there, so
 * that screen readers hear the message when it comes.
 */
export function EventLiveNotice({ notice, onShowLatest }: EventLiveNoticeProps) {
  const say = useIntl().formatMessage;
  const deleted = notice?.kind === 'deleted';
  const title = notice && say(deleted ? M.deleted : notice.kind === 'restored' ? M.restored : M.changed, { name: notice.by.name });
  return (
    <div role="status">
      {notice && (
        <MessageBar intent={deleted ? 'warning' : 'info'} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{title}</MessageBarTitle>
            {say(deleted ? M.deletedDetail : M.changedDetail)}
          </MessageBarBody>
          {!deleted && (
            <MessageBarActions>
              <Button onClick={onShowLatest}>{say(M.showLatest)}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
    </div>
  );
}
