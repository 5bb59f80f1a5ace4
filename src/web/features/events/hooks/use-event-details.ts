import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import type { EventKey } from '../../../lib/event-key.ts';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import { useEvent, useSeriesOf } from '../requests/get-event.ts';
import { occurrenceKeyOf } from '../requests/update-occurrence.ts';

/** What the details dialog shows, read afresh: the event, its calendar and its series; and how to show dates. */
export function useEventDetails(eventKey: EventKey, calendars: readonly Calendar[]) {
  const query = useEvent(eventKey);
  const display = { ...useRegionalSettings(), timeOfDay: useTimeOfDayOptions() };
  const event = query.data;
  // The event's own calendar once loaded: someone may have moved it since the calendar showed it.
  const calendarId = event?.extendedProps.calendarId ?? eventKey.calendarId;
  const calendar = calendars.find((candidate) => candidate.id === calendarId);
  const notFound = isApiStatus(query.error, 404);
  const occurrence = event ? occurrenceKeyOf(event) : null;
  const seriesQuery = useSeriesOf(occurrence);
  // The rule comes from the series: an occurrence does not carry it.
  const series = occurrence ? seriesQuery.data : event?.rrule ? event : undefined;
  return { query, display, event, calendar, notFound, occurrence, series, seriesQuery };
}

export type EventDetails = ReturnType<typeof useEventDetails>;
