import type { CalendarEvent, OccurrenceOverride } from '../../shared/event-schema.ts';
import { FEED_OCCURRENCES_MAX } from '../../shared/limits.ts';
import { eventTimeMs } from '../../shared/time.ts';
import { validationFailed } from '../errors.ts';
import { expandSeries, type Occurrence } from '../recurrence/expand-series.ts';
import type { EventWindow } from '../stores/repository.ts';

/** The id an occurrence has in the feed: unique and stable while the series keeps that occurrence. */
export const occurrenceId = (seriesId: string, recurrenceId: string) => `${seriesId}:${recurrenceId}`;

/**
 * One occurrence as an ordinary FullCalendar event: the series' fields, its own start and end, then its override's
 * fields. groupId is the series' id, so FullCalendar can tell the occurrences of one series; rrule and exdate are
 * left out, since FullCalendar would expand them again in the browser's zone.
 */
export function occurrenceEvent(series: CalendarEvent, occurrence: Occurrence, override: OccurrenceOverride | undefined): CalendarEvent {
  const { rrule: _rrule, exdate: _exdate, ...event } = series;
  const { overrides: _overrides, ...props } = series.extendedProps;
  const { title, start, end, allDay, url, description, location } = override ?? {};
  return {
    ...event,
    id: occurrenceId(series.id, occurrence.recurrenceId),
    groupId: series.id,
    title: title ?? series.title,
    start: start ?? occurrence.start,
    end: end ?? occurrence.end,
    allDay: allDay ?? series.allDay,
    ...(url === undefined ? {} : { url }),
    extendedProps: {
      ...props,
      ...(description === undefined ? {} : { description }),
      ...(location === undefined ? {} : { location }),
      seriesId: series.id,
      recurrenceId: occurrence.recurrenceId,
    },
  };
}

function overlaps(event: CalendarEvent, window: EventWindow): boolean {
  const [from, to] = event.allDay ? [window.fromDayMs, window.toDayMs] : [window.fromMs, window.toMs];
  return eventTimeMs(event.start) < to && eventTimeMs(event.end) > from;
}

/** An override's occurrence as the rule made it: its recurrence id is its original start, its length the series'. */
function originalOccurrence(series: CalendarEvent, recurrenceId: string): Occurrence {
  const length = eventTimeMs(series.end) - eventTimeMs(series.start);
  const end = series.allDay ? new Date(eventTimeMs(recurrenceId) + length).toISOString().slice(0, 10) : new Date(Date.parse(recurrenceId) + length).toISOString();
  return { recurrenceId, start: recurrenceId, end };
}

/**
 * A series' occurrences overlapping the window, expanded in its own zone: overrides replace their occurrence
 * (wherever they moved it), exdates are left out.
 */
export function expandForFeed(series: CalendarEvent, window: EventWindow): CalendarEvent[] {
  const overrides = series.extendedProps.overrides ?? {};
  const stored = { ...series, rrule: series.rrule ?? '', exdate: series.exdate ?? [], timeZone: series.extendedProps.timeZone, version: series.extendedProps.version };
  const plain = expandSeries(stored, window)
    .occurrences.filter((occurrence) => overrides[occurrence.recurrenceId] === undefined)
    .map((occurrence) => occurrenceEvent(series, occurrence, undefined));
  const changed = Object.entries(overrides)
    .map(([recurrenceId, override]) => occurrenceEvent(series, originalOccurrence(series, recurrenceId), override))
    .filter((event) => overlaps(event, window));
  return [...plain, ...changed];
}

/** Every series' occurrences for the window; more than FEED_OCCURRENCES_MAX is a 400 asking for a narrower window. */
export function expandAllForFeed(series: readonly CalendarEvent[], window: EventWindow): CalendarEvent[] {
  const occurrences: CalendarEvent[] = [];
  for (const one of series) {
    occurrences.push(...expandForFeed(one, window));
    if (occurrences.length > FEED_OCCURRENCES_MAX) {
      throw validationFailed([
        { field: 'end', message: `This window holds more than ${FEED_OCCURRENCES_MAX} occurrences of repeating events: ask for a shorter window or fewer calendars` },
      ]);
    }
  }
  return occurrences;
}
