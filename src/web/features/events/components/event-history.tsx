import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useLiveRefetch } from '../../../lib/use-live-refetch.ts';
import { useHistoryDisplay } from '../hooks/use-history-display.ts';
import { HISTORY_MESSAGES as M } from '../lib/history-messages.ts';
import { useEventHistory } from '../requests/get-history.ts';
import { HistoryEntryList } from './history-entry-list.tsx';

interface EventHistoryProps {
  /** The event, or for an occurrence its series: an occurrence's history is its series'. */
  eventKey: EventKey;
  /** The series as last read, if it is one: its rule's start for the words of rule changes. */
  series: CalendarEvent | undefined;
  calendars: readonly Calendar[];
}

/** The details dialog's History tab: who changed what in the event (or its series), newest first. */
export function EventHistory({ eventKey, series, calendars }: EventHistoryProps) {
  const say = useIntl().formatMessage;
  const history = useEventHistory(eventKey);
  useLiveRefetch((notice) => notice.eventId === eventKey.eventId, history.refetch);
  const rule = series && { start: series.start, allDay: series.allDay, timeZone: series.extendedProps.timeZone ?? 'UTC' };
  const display = useHistoryDisplay(calendars, rule);
  return <HistoryEntryList history={history} display={display} titled={false} empty={say(M.empty)} />;
}
