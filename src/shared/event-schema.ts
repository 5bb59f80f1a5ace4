import { z } from 'zod';
import {
  DAY_MS,
  EVENT_DESCRIPTION_MAX,
  EVENT_GROUP_ID_MAX,
  EVENT_LOCATION_MAX,
  EVENT_MAX_DURATION_DAYS,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
} from './limits.ts';
import {
  addDays,
  EVENT_YEARS_MESSAGE,
  eventTimeMs,
  isDateOnly,
  isEndInEventYears,
  isStartInEventYears,
  isValidTimeZone,
} from './time.ts';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// Accepted so that an event read from the API can be written back; the server ignores them.
const serverManaged = z.unknown().optional();

const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date-time with an offset, e.g. 2026-11-21T09:00:00Z',
});
const isoDate = z.iso.date({ error: 'Use a date in the form YYYY-MM-DD' });

const fields = {
  title: z
    .string()
    .trim()
    .min(1, 'Enter a title')
    .max(EVENT_TITLE_MAX, `A title has at most ${EVENT_TITLE_MAX} characters`),
  start: z
    .union([isoDate, isoDateTime], { error: 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset' })
    .refine(isStartInEventYears, EVENT_YEARS_MESSAGE),
  end: z
    .union([isoDate, isoDateTime], { error: 'Use a date (YYYY-MM-DD) or an ISO 8601 date-time with an offset' })
    .refine(isEndInEventYears, EVENT_YEARS_MESSAGE),
  allDay: z.boolean(),
  url: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(EVENT_URL_MAX, `A link has at most ${EVENT_URL_MAX} characters`)
      .refine(isHttpUrl, 'Only http:// and https:// links are allowed'),
  ]),
  groupId: z.string().max(EVENT_GROUP_ID_MAX, `A group id has at most ${EVENT_GROUP_ID_MAX} characters`),
  description: z
    .string()
    .max(EVENT_DESCRIPTION_MAX, `A description has at most ${EVENT_DESCRIPTION_MAX} characters`),
  location: z
    .string()
    .trim()
    .max(EVENT_LOCATION_MAX, `A location has at most ${EVENT_LOCATION_MAX} characters`),
  timeZone: z.string().refine(isValidTimeZone, 'Use an IANA time zone, e.g. Europe/London'),
  calendarId: z.string().min(1).max(100),
};

function extendedPropsSchema() {
  return z.strictObject({
    calendarId: fields.calendarId.optional(),
    description: fields.description.optional(),
    location: fields.location.optional(),
    timeZone: fields.timeZone.optional(),
    createdBy: serverManaged,
    updatedBy: serverManaged,
    createdAt: serverManaged,
    updatedAt: serverManaged,
    version: serverManaged,
  });
}

/** An event as a client writes it: FullCalendar's event shape. */
export const eventWriteSchema = z.strictObject({
  id: serverManaged,
  title: fields.title,
  start: fields.start,
  end: fields.end.nullish(),
  allDay: fields.allDay.optional(),
  url: fields.url.nullish(),
  groupId: fields.groupId.nullish(),
  extendedProps: extendedPropsSchema().optional(),
});

/** A partial update: the fields it names replace the event's; extendedProps merge one level deep. */
export const eventPatchSchema = z.strictObject({
  id: serverManaged,
  title: fields.title.optional(),
  start: fields.start.optional(),
  end: fields.end.nullish(),
  allDay: fields.allDay.optional(),
  url: fields.url.nullish(),
  groupId: fields.groupId.nullish(),
  extendedProps: extendedPropsSchema().optional(),
});

export type EventWrite = z.input<typeof eventWriteSchema>;
export type EventPatch = z.output<typeof eventPatchSchema>;

/** A valid event, normalised: timed starts and ends are UTC ISO strings, all-day ones are dates. */
export interface EventDraft {
  title: string;
  allDay: boolean;
  start: string;
  end: string;
  url: string;
  groupId: string;
  description: string;
  location: string;
  timeZone: string;
  /** Only set when a write asks to move the event to another calendar. */
  calendarId?: string;
}

export const DEFAULT_TIMED_DURATION_MS = 3_600_000;

type EventIssue = { path: string[]; message: string };

/** Date or date-time by allDay. */
function kindIssues(allDay: boolean, start: string, end: string | null): EventIssue[] {
  const issues: EventIssue[] = [];
  if (allDay) {
    if (!isDateOnly(start)) issues.push({ path: ['start'], message: 'An all-day event starts on a date (YYYY-MM-DD)' });
    if (end !== null && !isDateOnly(end)) issues.push({ path: ['end'], message: 'An all-day event ends on a date (YYYY-MM-DD)' });
  } else {
    if (isDateOnly(start)) issues.push({ path: ['start'], message: 'A timed event starts at a date-time with an offset' });
    if (end !== null && isDateOnly(end)) issues.push({ path: ['end'], message: 'A timed event ends at a date-time with an offset' });
  }
  return issues;
}

/** Start and end as stored: all-day dates as given, timed ones as UTC ISO strings; a missing end gets the default length. */
function normaliseSpan(allDay: boolean, start: string, end: string | null): { start: string; end: string } {
  if (allDay) return { start, end: end ?? addDays(start, 1) };
  const startMs = Date.parse(start);
  const endMs = end === null ? startMs + DEFAULT_TIMED_DURATION_MS : Date.parse(end);
  return { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString() };
}

/** The range and length rules, checked on the stored strings through the very numbers the stores keep. */
function spanIssues(allDay: boolean, span: { start: string; end: string }, endGiven: boolean): EventIssue[] {
  const outside: EventIssue[] = [];
  if (!isStartInEventYears(span.start)) outside.push({ path: ['start'], message: EVENT_YEARS_MESSAGE });
  if (!isEndInEventYears(span.end)) {
    const filled = allDay ? 'a day' : 'an hour';
    outside.push({ path: ['end'], message: endGiven ? EVENT_YEARS_MESSAGE : `${EVENT_YEARS_MESSAGE} (without an end, an event lasts ${filled})` });
  }
  if (outside.length > 0) return outside;
  const duration = eventTimeMs(span.end) - eventTimeMs(span.start);
  if (duration <= 0) {
    return [{ path: ['end'], message: allDay ? 'The end must be after the start (all-day ends are exclusive)' : 'The end must be after the start' }];
  }
  if (duration > EVENT_MAX_DURATION_DAYS * DAY_MS) return [{ path: ['end'], message: `An event lasts at most ${EVENT_MAX_DURATION_DAYS} days` }];
  return [];
}

/**
 * The event rules that span fields: date or date-time by allDay, the supported years, end after start, the
 * longest event. Returns the normalised draft, or issues with the paths at fault.
 */
export function normaliseEvent(input: z.output<typeof eventWriteSchema>): { ok: true; draft: EventDraft } | { ok: false; issues: EventIssue[] } {
  const allDay = input.allDay ?? isDateOnly(input.start);
  const end = input.end ?? null;
  const kind = kindIssues(allDay, input.start, end);
  if (kind.length > 0) return { ok: false, issues: kind };
  const span = normaliseSpan(allDay, input.start, end);
  const issues = spanIssues(allDay, span, end !== null);
  if (issues.length > 0) return { ok: false, issues };

  const props = input.extendedProps ?? {};
  return {
    ok: true,
    draft: {
      title: input.title,
      allDay,
      ...span,
      url: input.url ?? '',
      groupId: input.groupId ?? '',
      description: props.description ?? '',
      location: props.location ?? '',
      timeZone: props.timeZone ?? 'UTC',
      ...(props.calendarId === undefined ? {} : { calendarId: props.calendarId }),
    },
  };
}

export interface UserRef {
  id: string;
  name: string;
}

/** An event as the API returns it: FullCalendar's EventInput shape. */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  url?: string;
  groupId?: string;
  extendedProps: {
    calendarId: string;
    description: string;
    location: string;
    timeZone: string;
    createdBy: UserRef;
    updatedBy: UserRef;
    createdAt: string;
    updatedAt: string;
    /** Bumped by every write; the ETag is this number in quotes. */
    version: number;
  };
}

/** The writable view of a stored event, so a patch can be merged onto it and checked as a whole. */
export function eventToWrite(event: CalendarEvent): z.output<typeof eventWriteSchema> {
  return {
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    url: event.url ?? '',
    groupId: event.groupId ?? '',
    extendedProps: {
      description: event.extendedProps.description,
      location: event.extendedProps.location,
      timeZone: event.extendedProps.timeZone,
    },
  };
}
