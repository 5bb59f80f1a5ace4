import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { forgetLinkedEvent, linkedEventId } from '../../../host/event-link.ts';
import { useHost } from '../../../host/host-context.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { useEventById } from '../requests/get-event-by-id.ts';

/** Opens the event a link points at (Teams sub-page or ?eventId=), once, when it has loaded. */
export function useLinkedEvent(open: (event: CalendarEvent) => void): void {
  const host = useHost();
  const notify = useNotify();
  const intl = useIntl();
  const [eventId] = useState(() => linkedEventId(host));
  const query = useEventById(eventId);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || (!query.isSuccess && !query.isError)) return;
    handled.current = true;
    forgetLinkedEvent();
    if (query.isSuccess) open(query.data);
    else if (isApiStatus(query.error, 404)) {
      notify.error(intl.formatMessage(EVENT_MESSAGES.linkedGone), intl.formatMessage(EVENT_MESSAGES.maybeDeleted));
    } else notify.error(intl.formatMessage(EVENT_MESSAGES.linkedFailed), errorMessage(query.error, intl));
  }, [query.isSuccess, query.isError, query.data, query.error, open, notify, intl]);
}
