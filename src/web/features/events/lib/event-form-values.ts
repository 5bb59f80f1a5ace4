import type { z } from 'zod';
import { eventWriteSchema, normaliseEvent, type CalendarEvent } from '../../../../shared/event-schema.ts';
import {
  DAY_MS,
  EVENT_DESCRIPTION_HTML_MAX,
  EVENT_LOCATION_MAX,
  EVENT_MAX_DURATION_DAYS,
  EVENT_MEETING_URL_MAX,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  EVENT_VIDEO_URL_MAX,
  EVENT_YEAR_MAX,
  EVENT_YEAR_MIN,
} from '../../../../shared/limits.ts';
import { localSpanOf } from '../../../../shared/local-date-time.ts';
import { addDays, dateToDayMs, EVENT_YEARS_MESSAGE, isDateOnly } from '../../../../shared/time.ts';
import { withWebScheme } from '../../../../shared/web-link.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import { instantOfWallClock, nextFullHour, wallClockAt } from '../../../lib/zoned-time.ts';
import type { FIELD_GROUP_MESSAGES} from './event-form-messages.ts';
import { EVENT_FORM_ERROR_MESSAGES as E, DATE_ERRORS, type FormMessage } from './event-form-messages.ts';
import { REPEAT_ERRORS } from './recurrence-messages.ts';
import { RICH_FIELD_MESSAGES as R } from './rich-content-messages.ts';
import { descriptionTextError, meetingFieldError, videoFieldError } from './rich-fields.ts';
import { ruleToSave, type StoredRule } from './rule-to-save.ts';
import { NO_REPEAT, REPEAT_FIELDS, repeatRule, repeatValuesFromRule, type RepeatField, type RepeatValues } from './repeat-options.ts';

/** What the event form edits: dates and times as the date and time fields give them, in the event's time zone. */
export interface EventFormValues {
  title: string;
  calendarId: string;
  /** One of the calendar's categories, '' for none. */
  categoryId: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  /** Inclusive for all-day events, as people count days; the API's all-day end is exclusive. */
  endDate: string;
  endTime: string;
  /** The event's IANA time zone: its dates and times are wall-clock times there, and a series repeats in it. */
  timeZone: string;
  location: string;
  description: string;
  /** A video link as pasted; the server stores its canonical embed URL. */
  video: string;
  /** A Teams meeting's join link. */
  onlineMeetingUrl: string;
  url: string;
  repeat: RepeatValues;
}

export type EventFormField = Exclude<keyof EventFormValues, 'allDay' | 'repeat'> | RepeatField;

/** Field order on the form: the first invalid one gets focus. */
export const EVENT_FORM_FIELDS: readonly EventFormField[] = [
  'title',
  'calendarId',
  'categoryId',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'timeZone',
  ...REPEAT_FIELDS,
  'location',
  'description',
  'video',
  'onlineMeetingUrl',
  'url',
];

export type EventFormErrors = Partial<Record<EventFormField, FormMessage>>;

type EventWriteBody = z.output<typeof eventWriteSchema>;

/** The date inputs' min and max: the supported years, in the shown time zone (the API checks the exact instants). */
export const EVENT_DATE_INPUT_MIN = `${EVENT_YEAR_MIN}-01-01`;
export const EVENT_DATE_INPUT_MAX = `${EVENT_YEAR_MAX}-12-31`;

const TIME_INPUT = /^\d{2}:\d{2}$/;
/** A date and time input's values as a local date-time, as the API takes a series' start in its zone. */
const localText = (date: string, time: string) => `${date}T${time}:00`;
const HOUR_MS = 3_600_000;

const EMPTY_DETAILS = { title: '', categoryId: '', location: '', description: '', video: '', onlineMeetingUrl: '', url: '', repeat: NO_REPEAT };

function timedValues(start: Date, end: Date, timeZone: string) {
  const from = wallClockAt(start, timeZone);
  const to = wallClockAt(end, timeZone);
  return { allDay: false, startDate: from.date, startTime: from.time, endDate: to.date, endTime: to.time, timeZone };
}

// The times the form offers for an all-day event, should the user switch all-day off.
const DEFAULT_TIMES = { startTime: '09:00', endTime: '10:00' };

/** A new event, in the zone shown: from a selected range, or the next full hour today. */
export function newEventValues(calendarId: string, range: DateSpan | null, timeZone: string, now = new Date()): EventFormValues {
  if (range?.allDay) {
    const endDate = addDays(wallClockAt(range.end, timeZone).date, -1);
    return { ...EMPTY_DETAILS, ...DEFAULT_TIMES, calendarId, allDay: true, startDate: wallClockAt(range.start, timeZone).date, endDate, timeZone };
  }
  if (range) return { ...EMPTY_DETAILS, calendarId, ...timedValues(range.start, range.end, timeZone) };
  const start = nextFullHour(now, timeZone);
  return { ...EMPTY_DETAILS, calendarId, ...timedValues(start, new Date(start.getTime() + HOUR_MS), timeZone) };
}

/**
 * An event's values, its dates and times in its own zone (where it was planned: "10:00 in Tokyo" stays 10:00 whoever
 * edits it); `shownTimeZone` for an event without one (an offline copy kept by an earlier build).
 */
export function eventFormValues(event: CalendarEvent, shownTimeZone: string): EventFormValues {
  const timeZone = event.extendedProps.timeZone ?? shownTimeZone;
  const details = {
    title: event.title,
    calendarId: event.extendedProps.calendarId,
    // An offline copy kept by an earlier build has events without categories.
    categoryId: event.extendedProps.categoryId ?? '',
    location: event.extendedProps.location,
    description: event.extendedProps.description,
    // As for categories: not in an offline copy kept by an earlier build.
    video: event.extendedProps.video ?? '',
    onlineMeetingUrl: event.extendedProps.onlineMeetingUrl ?? '',
    url: event.url ?? '',
    // A series' rule is read in its own zone, where its weekdays and dates are counted.
    repeat: repeatValuesFromRule(event.rrule ?? '', { start: event.start, allDay: event.allDay, timeZone }),
  };
  if (event.allDay) {
    return { ...details, ...DEFAULT_TIMES, allDay: true, startDate: event.start, endDate: addDays(event.end, -1), timeZone };
  }
  return { ...details, ...(localSeriesValues(event, timeZone) ?? timedValues(new Date(event.start), new Date(event.end), timeZone)) };
}

/**
 * A series given in local time, shown in its own zone: its local start (02:30 even on a day the zone skips it, which
 * its instant would show as 03:30) and its end as long after on the clock. Null for any other event.
 */
function localSeriesValues(event: CalendarEvent, timeZone: string) {
  const { localStart, timeZone: zone } = event.extendedProps;
  const local = event.rrule && zone === timeZone ? localSpanOf({ ...event, localStart, timeZone: zone }) : null;
  if (!local) return null;
  return {
    allDay: false,
    startDate: local.start.slice(0, 10),
    startTime: local.start.slice(11, 16),
    endDate: local.end.slice(0, 10),
    endTime: local.end.slice(11, 16),
    timeZone,
  };
}

type FieldGroup = keyof typeof FIELD_GROUP_MESSAGES;

/**
 * A new event with another's fields: its title, times, calendar (where the user may add to it), location,
 * description and link. A series' occurrence becomes a single event, as its copy repeats nothing.
 */
export function duplicateValues(event: CalendarEvent, timeZone: string, editableCalendarIds: readonly string[]): EventFormValues {
  const values = eventFormValues(event, timeZone);
  const calendarId = editableCalendarIds.includes(values.calendarId) ? values.calendarId : (editableCalendarIds[0] ?? '');
  // In another calendar the category is another's: none, for the user to choose.
  const categoryId = calendarId === values.calendarId ? values.categoryId : '';
  return { ...values, calendarId, categoryId, repeat: NO_REPEAT };
}

const FIELD_GROUPS: readonly { label: FieldGroup; fields: readonly (keyof EventFormValues)[] }[] = [
  { label: 'title', fields: ['title'] },
  // A category is one of its calendar's: the two are taken together.
  { label: 'calendar', fields: ['calendarId', 'categoryId'] },
  // Dates and times only make sense together: the user's, or the latest version's, whole.
  { label: 'dateAndTime', fields: ['allDay', 'startDate', 'startTime', 'endDate', 'endTime', 'timeZone'] },
  { label: 'location', fields: ['location'] },
  { label: 'description', fields: ['description'] },
  { label: 'video', fields: ['video'] },
  { label: 'meeting', fields: ['onlineMeetingUrl'] },
  { label: 'link', fields: ['url'] },
  { label: 'repeat', fields: ['repeat'] },
];

// The repeat values are an object: two copies of one choice are the same choice.
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Whether two sets of values are the same, field by field: a form holding what it started with has nothing to lose. */
export const sameFormValues = (a: EventFormValues, b: EventFormValues) => (Object.keys(a) as (keyof EventFormValues)[]).every((field) => sameValue(a[field], b[field]));

/**
 * After a conflict: the user's edit replayed on the latest version. A group of fields the user changed (from the
 * version they started on) keeps their values; the others take the latest version's. `takenFromLatest` names
 * what the other change brought in.
 */
export function rebaseFormValues(
  started: EventFormValues,
  edited: EventFormValues,
  latest: EventFormValues,
): { values: EventFormValues; takenFromLatest: FieldGroup[] } {
  const values = { ...edited };
  const takenFromLatest: FieldGroup[] = [];
  for (const { label, fields } of FIELD_GROUPS) {
    const differs = (a: EventFormValues, b: EventFormValues) => fields.some((field) => !sameValue(a[field], b[field]));
    if (differs(edited, started) || !differs(latest, started)) continue;
    Object.assign(values, Object.fromEntries(fields.map((field) => [field, latest[field]])));
    takenFromLatest.push(label);
  }
  return { values, takenFromLatest };
}

/** Which form field an API or schema path belongs to, e.g. "extendedProps.location" → location. */
export function formFieldForPath(path: string, values: EventFormValues): EventFormField | null {
  switch (path) {
    case 'title':
    case 'url':
      return path;
    case 'extendedProps.location':
      return 'location';
    case 'extendedProps.description':
      return 'description';
    case 'extendedProps.video':
      return 'video';
    case 'extendedProps.onlineMeetingUrl':
      return 'onlineMeetingUrl';
    case 'extendedProps.calendarId':
      return 'calendarId';
    case 'extendedProps.categoryId':
      return 'categoryId';
    case 'extendedProps.timeZone':
      return 'timeZone';
    case 'start':
      return 'startDate';
    case 'rrule':
    case 'exdate':
    case 'rdate':
      return 'repeat';
    case 'end':
      // A timed event that ends on its start day ends too early by its time.
      return values.allDay || values.endDate !== values.startDate ? 'endDate' : 'endTime';
    default:
      return null;
  }
}

/**
 * What is wrong with a date input's value, if anything. A date input takes years up to 275760, which would make
 * instants the schema cannot even read, so the years are checked here before any instant is made.
 */
function dateInputError(value: string, missing: FormMessage): FormMessage | null {
  if (value === '') return missing;
  return isDateOnly(value) && value >= EVENT_DATE_INPUT_MIN && value <= EVENT_DATE_INPUT_MAX ? null : DATE_ERRORS.yearsOutOfRange;
}

const TOO_LONG: Partial<Record<EventFormField, FormMessage>> = {
  title: { message: E.titleTooLong, values: { max: EVENT_TITLE_MAX } },
  location: { message: E.locationTooLong, values: { max: EVENT_LOCATION_MAX } },
  // The schema limits the description's HTML; its visible text is checked apart (descriptionTextError).
  description: { message: R.descriptionFormattingTooLong, values: { max: EVENT_DESCRIPTION_HTML_MAX } },
  video: { message: R.videoTooLong, values: { max: EVENT_VIDEO_URL_MAX } },
  onlineMeetingUrl: { message: R.meetingTooLong, values: { max: EVENT_MEETING_URL_MAX } },
  url: { message: E.urlTooLong, values: { max: EVENT_URL_MAX } },
};

/** An issue of the shared event rules as the form says it: by the field and the rule broken, not the schema's words. */
export function eventIssueMessage(field: EventFormField | null, issue: { code?: string; message: string }, span: { start: string; end: string }): FormMessage {
  if (issue.code === 'too_big' && field && TOO_LONG[field]) return TOO_LONG[field];
  if (field === 'title') return { message: E.titleMissing };
  if (field === 'url') return { message: E.urlInvalid };
  if (field === 'onlineMeetingUrl') return { message: R.meetingInvalid };
  if (field === 'calendarId') return { message: E.calendarMissing };
  if (field === 'repeat') return REPEAT_ERRORS.ruleInvalid;
  if (issue.message.startsWith(EVENT_YEARS_MESSAGE)) return DATE_ERRORS.yearsOutOfRange;
  if (field === 'startDate' || field === 'endDate' || field === 'endTime') {
    // Of the span rules left, an end after the start can only be too far after it.
    const after = isDateOnly(span.end) ? dateToDayMs(span.end) > dateToDayMs(span.start) : Date.parse(span.end) > Date.parse(span.start);
    return after ? { message: E.tooLong, values: { days: EVENT_MAX_DURATION_DAYS } } : { message: E.endBeforeStart };
  }
  return { message: E.invalid };
}

export type EventFormResult =
  | { ok: true; event: EventWriteBody }
  | { ok: false; errors: EventFormErrors; formErrors: FormMessage[] };

export interface EventFormOptions {
  /** The zone the form's dates and times are in: the viewer's. */
  timeZone: string;
  /** Whether the body names the zone: a new event's is the viewer's, and the zone its rule repeats in. */
  includeTimeZone: boolean;
  /** Whether the body carries the repeat rule: not for an occurrence, whose series keeps its rule. */
  includeRule: boolean;
  /** The zone an existing series repeats in; a new one repeats in the viewer's. */
  seriesTimeZone?: string;
  /** The SharePoint sites whose Stream videos may be embedded (the client config's). */
  sharePointOrigins?: readonly string[];
  /** The rule the edited series (or "this and following") has now: a save leaves out a rule the form did not change. */
  storedRule?: StoredRule | null;
}

/** The body's extendedProps from the form, but for the zone. */
function formContent({ categoryId, location, description, video, onlineMeetingUrl }: EventFormValues) {
  return { categoryId, location, description, video, onlineMeetingUrl };
}

/** The description's, video's and meeting link's errors the shared schema cannot find: visible text, providers, Teams. */
function richFieldErrors(values: EventFormValues, sharePointOrigins: readonly string[]): [EventFormField, FormMessage][] {
  const errors: [EventFormField, FormMessage | null][] = [
    ['description', descriptionTextError(values.description)],
    ['video', videoFieldError(values.video, sharePointOrigins)],
    ['onlineMeetingUrl', meetingFieldError(values.onlineMeetingUrl)],
  ];
  return errors.flatMap(([field, error]) => (error ? [[field, error]] : []));
}

/** The repeat rule for the form's first start, with the Repeat control's errors when it has any. */
function formRule(values: EventFormValues, start: string, timeZone: string): { rrule: string; errors: Partial<Record<RepeatField, FormMessage>> } {
  const rule = repeatRule(values.repeat, { start, allDay: values.allDay, timeZone });
  return rule.ok ? { rrule: rule.rrule, errors: {} } : { rrule: '', errors: rule.errors };
}

/**
 * Checks the form with the shared event rules (the same ones the API applies) and builds the request body.
 * Only what the inputs themselves cannot say (a missing date or time) is checked here first.
 */
export function validateEventForm(
  values: EventFormValues,
  { timeZone, includeTimeZone, includeRule, seriesTimeZone, sharePointOrigins = [], storedRule = null }: EventFormOptions,
): EventFormResult {
  const instant = (date: string, time: string) => instantOfWallClock({ date, time }, timeZone).toISOString();
  // What the shared schema cannot say of the description, video and meeting link comes first.
  const errors: EventFormErrors = Object.fromEntries(richFieldErrors(values, sharePointOrigins));
  const formErrors: FormMessage[] = [];
  const addError = (field: EventFormField | null, message: FormMessage) => {
    if (field === null) formErrors.push(message);
    else errors[field] ??= message;
  };

  if (!values.calendarId) addError('calendarId', { message: E.calendarMissing });
  const startDateError = dateInputError(values.startDate, { message: E.startDateMissing });
  const endDateError = dateInputError(values.endDate, { message: E.endDateMissing });
  if (startDateError) addError('startDate', startDateError);
  if (endDateError) addError('endDate', endDateError);
  if (!values.allDay) {
    if (!TIME_INPUT.test(values.startTime)) addError('startTime', { message: E.startTimeMissing });
    if (!TIME_INPUT.test(values.endTime)) addError('endTime', { message: E.endTimeMissing });
  } else if (!errors.startDate && !errors.endDate && dateToDayMs(values.endDate) < dateToDayMs(values.startDate)) {
    addError('endDate', { message: E.endDateBeforeStart });
  }
  const datesOk = !errors.startDate && !errors.endDate && !errors.startTime && !errors.endTime;
  const start = !datesOk ? '' : values.allDay ? values.startDate : instant(values.startDate, values.startTime);
  // Without a start there is no rule to build: the dates' own errors say what is missing.
  const rule = includeRule && datesOk ? formRule(values, start, seriesTimeZone ?? timeZone) : null;
  Object.assign(errors, rule?.errors);
  const rrule = rule ? ruleToSave(rule.rrule, storedRule, { start, allDay: values.allDay, timeZone: seriesTimeZone ?? timeZone }) : undefined;

  // A series repeating in the zone shown is sent in local time, so that its rule keeps the time the form shows.
  const local = datesOk && !values.allDay && Boolean(rule?.rrule) && (seriesTimeZone ?? timeZone) === timeZone;
  const candidate = {
    title: values.title,
    allDay: values.allDay,
    // With dates missing, the schema still checks every other field; its date messages are then skipped.
    start: local ? localText(values.startDate, values.startTime) : start,
    end: !datesOk ? '' : values.allDay ? addDays(values.endDate, 1) : local ? localText(values.endDate, values.endTime) : instant(values.endDate, values.endTime),
    // Typed without its scheme ("www.example.com"): https, as the field itself completes it on leaving.
    url: withWebScheme(values.url),
    ...(rrule === undefined ? {} : { rrule }),
    // A local time is read in the event's zone, which is then named (an existing series' own).
    extendedProps: { ...formContent(values), ...(includeTimeZone || local ? { timeZone } : {}) },
  };
  const parsed = eventWriteSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!datesOk && (path === 'start' || path === 'end')) continue;
      const field = formFieldForPath(path, values);
      addError(field, eventIssueMessage(field, issue, candidate));
    }
  } else {
    const normalised = normaliseEvent(parsed.data);
    if (!normalised.ok) {
      for (const issue of normalised.issues) {
        const field = formFieldForPath(issue.path.join('.'), values);
        addError(field, eventIssueMessage(field, issue, candidate));
      }
    }
  }

  if (!parsed.success || Object.keys(errors).length > 0 || formErrors.length > 0) return { ok: false, errors, formErrors };
  return { ok: true, event: parsed.data };
}

const TIME = /^\d{2}:\d{2}$/;

/** The start's and end's instants of timed values, or null while a date or time is missing or malformed. */
function timedSpan(values: EventFormValues, timeZone: string): { start: number; end: number } | null {
  if (![values.startDate, values.endDate].every(isDateOnly) || ![values.startTime, values.endTime].every((time) => TIME.test(time))) return null;
  return {
    start: instantOfWallClock({ date: values.startDate, time: values.startTime }, timeZone).getTime(),
    end: instantOfWallClock({ date: values.endDate, time: values.endTime }, timeZone).getTime(),
  };
}

/**
 * The values with the start's date or time changed and the end moved by as much, as calendars do: moving the start
 * keeps the event's length (in days for an all-day event, else in time). While the dates or times are incomplete,
 * or the end is before the start, the end stays where it is.
 */
export function withStartMoved(values: EventFormValues, field: 'startDate' | 'startTime', value: string, timeZone: string): EventFormValues {
  const moved = { ...values, [field]: value };
  if (values.allDay) {
    if (![values.startDate, values.endDate, moved.startDate].every(isDateOnly)) return moved;
    const days = Math.round((dateToDayMs(values.endDate) - dateToDayMs(values.startDate)) / DAY_MS);
    return days < 0 ? moved : { ...moved, endDate: addDays(moved.startDate, days) };
  }
  const before = timedSpan(values, timeZone);
  const after = timedSpan(moved, timeZone);
  if (before === null || after === null || before.end < before.start) return moved;
  const end = wallClockAt(new Date(after.start + (before.end - before.start)), timeZone);
  return { ...moved, endDate: end.date, endTime: end.time };
}
