// An event of ours as the Graph event of the user's copy in Outlook: subject, body with a link back, times in the
// event's zone (a Windows name, as Graph wants), all-day, location, the series' pattern, and the extended property
// that finds the copy again. Graph's event cannot hold a Teams meeting made elsewhere (onlineMeeting is read-only),
// so the meeting link goes into the body, as a join link, where Outlook people look for it.
import { Temporal } from 'temporal-polyfill';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import { localSpanOf } from '../../shared/local-date-time.ts';
import type { OutlookLabels } from '../../shared/outlook-copy.ts';
import { parseRecurrenceRule } from '../../shared/recurrence-rule.ts';
import { plainTextToHtml } from '../../shared/rich-text.ts';
import { toGraphRecurrence, type GraphRecurrence } from '../graph/graph-recurrence.ts';
import { windowsZoneOf } from '../graph/graph-time-zone.ts';
import { ruleGivesStart } from '../recurrence/expand-series.ts';

/**
 * The single-value extended property on the copy that holds our event's id: a property set GUID of ours and a name.
 * Graph finds the copy by it ($filter on singleValueExtendedProperties), whatever the user does to its subject.
 */
export const OUTLOOK_EVENT_ID_PROPERTY = 'String {6f1c2b7e-3a4d-4c59-9e8f-0b1a2c3d4e5f} Name CompanyCalendarEventId';

export interface GraphDateTime {
  dateTime: string;
  timeZone: string;
}

export interface GraphEventBody {
  subject: string;
  body: { contentType: 'html'; content: string };
  start: GraphDateTime;
  end: GraphDateTime;
  isAllDay: boolean;
  location: { displayName: string };
  recurrence: GraphRecurrence | null;
  singleValueExtendedProperties: { id: string; value: string }[];
}

/** The link back to the event, and the words before it and before the meeting link, in the adder's language. */
export interface OutlookLinks {
  link: string;
  labels: OutlookLabels;
}

export type OutlookEventResult = { ok: true; body: GraphEventBody } | { ok: false; reason: string };

/** The body: the description as it is (sanitised HTML), then the Teams meeting and the link back to the event. */
function bodyHtml(event: CalendarEvent, { link, labels }: OutlookLinks): string {
  const { description, onlineMeetingUrl } = event.extendedProps;
  const meeting = onlineMeetingUrl ? plainTextToHtml(`${labels.joinMeeting}: ${onlineMeetingUrl}`) : '';
  return `${description}${meeting}${plainTextToHtml(`${labels.openInApp}: ${link}`)}`;
}

/** A timed start or end as Graph's wall-clock time in the given zone. */
function wallClock(instant: string, timeZone: string, graphTimeZone: string): GraphDateTime {
  const local = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDateTime();
  return { dateTime: local.toString({ smallestUnit: 'second' }), timeZone: graphTimeZone };
}

function times(event: CalendarEvent, timeZone: string, graphTimeZone: string): Pick<GraphEventBody, 'start' | 'end'> {
  if (event.allDay) {
    // All-day events start and end at midnight in one zone; our end date is exclusive, as Graph's is.
    return { start: { dateTime: `${event.start}T00:00:00`, timeZone: graphTimeZone }, end: { dateTime: `${event.end}T00:00:00`, timeZone: graphTimeZone } };
  }
  // A series started in local time repeats that time, which Graph takes as it is; its end as long after on the clock.
  const local = event.rrule ? localSpanOf({ ...event, localStart: event.extendedProps.localStart, timeZone }) : null;
  if (local) return { start: { dateTime: local.start, timeZone: graphTimeZone }, end: { dateTime: local.end, timeZone: graphTimeZone } };
  return { start: wallClock(event.start, timeZone, graphTimeZone), end: wallClock(event.end, timeZone, graphTimeZone) };
}

function recurrenceOf(event: CalendarEvent, graphTimeZone: string, start: GraphDateTime): { ok: true; recurrence: GraphRecurrence | null } | { ok: false; reason: string } {
  if (!event.rrule) return { ok: true, recurrence: null };
  const parsed = parseRecurrenceRule(event.rrule);
  if (!parsed.ok) return { ok: false, reason: parsed.errors.join(' ') };
  // Graph's pattern holds neither: Outlook would leave such occurrences out.
  if ((event.rdate ?? []).length > 0) return { ok: false, reason: 'Outlook cannot hold the extra dates this series has beside its repeat rule' };
  const series = { rrule: event.rrule, start: event.start, end: event.end, allDay: event.allDay, timeZone: event.extendedProps.timeZone, exdate: [] };
  if (!ruleGivesStart(series)) return { ok: false, reason: 'Outlook would leave out this series’ first occurrence, a day its repeat rule does not name' };
  const [date, time] = start.dateTime.split('T') as [string, string];
  return toGraphRecurrence(parsed.rule, {
    date,
    time: event.allDay ? null : time,
    timeZone: event.extendedProps.timeZone,
    graphTimeZone,
  });
}

/** Our event (a single event or a whole series) as the body of its Outlook copy, or why Outlook cannot hold it exactly. */
export function toOutlookEvent(event: CalendarEvent, links: OutlookLinks): OutlookEventResult {
  const zone = event.extendedProps.timeZone;
  const windowsZone = windowsZoneOf(zone);
  // A single timed event is the same instant in UTC; a series repeats in its zone, which Outlook must know.
  if (!windowsZone && event.rrule) return { ok: false, reason: `Outlook does not know the time zone ${zone} this series repeats in` };
  const graphTimeZone = windowsZone ?? 'UTC';
  const shown = times(event, windowsZone ? zone : 'UTC', graphTimeZone);
  const recurrence = recurrenceOf(event, graphTimeZone, shown.start);
  if (!recurrence.ok) return recurrence;
  return {
    ok: true,
    body: {
      subject: event.title,
      body: { contentType: 'html', content: bodyHtml(event, links) },
      ...shown,
      isAllDay: event.allDay,
      location: { displayName: event.extendedProps.location },
      recurrence: recurrence.recurrence,
      singleValueExtendedProperties: [{ id: OUTLOOK_EVENT_ID_PROPERTY, value: event.id }],
    },
  };
}
