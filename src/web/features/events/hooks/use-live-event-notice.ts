import { useState } from 'react';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { ChangeNotice } from '../../../../shared/history-schema.ts';
import { noticeTouches, useLiveBatches } from '../../../lib/live-notices.ts';

const shownOf = (event: CalendarEvent) => ({ id: event.id, seriesId: event.extendedProps.seriesId, recurrenceId: event.extendedProps.recurrenceId });

/**
 * The latest change someone else made to the event shown after the version shown: what the details dialog says of it
 * (null when none, or once the latest version is shown). The user's own changes, in this tab or another, say nothing.
 */
export function useLiveEventNotice(event: CalendarEvent | undefined, myId: string): ChangeNotice | null {
  const [notice, setNotice] = useState<ChangeNotice | null>(null);
  useLiveBatches(({ notices }) => {
    if (!event) return;
    const latest = notices.findLast((candidate) => candidate.by.id !== myId && noticeTouches(candidate, shownOf(event)));
    if (latest) setNotice(latest);
  });
  return event && notice && notice.version > event.extendedProps.version && noticeTouches(notice, shownOf(event)) ? notice : null;
}
