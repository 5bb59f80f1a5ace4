import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { EVENT_MESSAGES } from '../lib/event-messages.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { eventLink } from '../../../host/event-link.ts';
import { useHost } from '../../../host/host-context.tsx';
import { copyText } from '../../../lib/clipboard.ts';

/**
 * Copies a link to the event. Where the clipboard is unavailable (an insecure page, or a host frame without
 * clipboard-write), the link comes back instead, for a field the user can copy it from.
 */
export function useCopyEventLink(eventId: string): { copy(): void; uncopiedLink: string | null } {
  const host = useHost();
  const notify = useNotify();
  const intl = useIntl();
  const [uncopiedLink, setUncopiedLink] = useState<string | null>(null);
  const copy = useCallback(() => {
    const link = eventLink(host, eventId);
    void copyText(link).then((copied) => {
      setUncopiedLink(copied ? null : link);
      if (copied) notify.success(intl.formatMessage(EVENT_MESSAGES.linkCopied));
    });
  }, [host, eventId, notify, intl]);
  return { copy, uncopiedLink };
}
