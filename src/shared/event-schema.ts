import { z } from 'zod';
import {
  DAY_MS,
  EVENT_DESCRIPTION_HTML_MAX,
  EVENT_GROUP_ID_MAX,
  EVENT_LOCATION_MAX,
  EVENT_MAX_DURATION_DAYS,
  EVENT_MEETING_URL_MAX,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  EVENT_VIDEO_URL_MAX,
  ID_MAX,
  RECURRENCE_OVERRIDES_MAX,
} from './limits.ts';
import { instantOfLocalMs, isLocalDateTime, localDateTimeMs, localDateTimeText, localStartOf } from './local-date-time.ts';
import { isTeamsMeetingUrl, MEETING_URL_MESSAGE } from './meeting-url.ts';
import { exdateSchema, rdateSchema, rruleSchema } from './recurrence-rule.ts';
import {
  addDays,
  DEFAULT_TIMED_DURATION_MS,
  EVENT_YEARS_MESSAGE,
  eventTimeMs,
  isDateOnly,
  isEndInEventYears,
  isStartInEventYears,
  isValidTimeZone,
} from './time.ts';
import { isHttpUrl } from './web-link.ts';

// Accepted so that an event read from the API can be written back; the server ignores them.
const serverManaged = z.unknown().optional();

const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date-time with an offset, e.g. 2026-11-21T09:00:00Z',
});
const isoDate = z.iso.date({ error: 'Use a date in the form YYYY-MM-DD' });
const localDateTime = z.string().refine(isLocalDateTime);
const EVENT_TIME_FORMS = 'Use a date (YYYY-MM-DD), an ISO 8601 date-time with an offset, or a local date-time (YYYY-MM-DDTHH:mm:ss) read in extendedProps.timeZone';
// The years are checked on the stores' line; a local date-time is taken at its UTC reading here (normaliseEvent checks its instant).
const onLine = (value: string) => (isLocalDateTime(value) ? `${value}Z` : value);

/**
 * One occurrence of a series changed on its own ("this event"): the fields that differ from the series, with start
 * and end normalised as a draft's. Kept inside the series' own record, keyed by recurrence id, so that one
 * conditional write of the series (its ETag) covers the series and all its overrides together.
 */
export const occurrenceOverrideSchema = z.object({
  title: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  allDay: z.boolean().optional(),
  url: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
});
export type OccurrenceOverride = z.infer<typeof occurrenceOverrideSchema>;
/** A series' overrides by recurrence id (the occurrence's original start, as the feed writes it). */
export type OccurrenceOverrides = Record<string, OccurrenceOverride>;
/**
 * Where an imported event came from (iCalendar import, src/api/ical): its UID in the file, and the SEQUENCE and last
 * change (LAST-MODIFIED, else DTSTAMP; an ISO instant or '') of the version imported, so that importing again finds it
 * (per calendar) and updates it only when the file's copy is newer. Written by the import alone.
 */
export const importSourceSchema = z.object({ uid: z.string().min(1), sequence: z.number().int().min(0), modified: z.string() });
export type ImportSource = z.infer<typeof importSourceSchema>;

const overridesSchema = z
  .record(z.string(), occurrenceOverrideSchema)
  .refine((value) => Object.keys(value).length <= RECURRENCE_OVERRIDES_MAX, `A series has at most ${RECURRENCE_OVERRIDES_MAX} changed occurrences`);

const fields = {
  title: z
    .string()
    .trim()
    .min(1, 'Enter a title')
    .max(EVENT_TITLE_MAX, `A title has at most ${EVENT_TITLE_MAX} characters`),
  start: z
    .union([isoDate, isoDateTime, localDateTime], { error: EVENT_TIME_FORMS })
    .refine((value) => isStartInEventYears(onLine(value)), EVENT_YEARS_MESSAGE),
  end: z
    .union([isoDate, isoDateTime, localDateTime], { error: EVENT_TIME_FORMS })
    .refine((value) => isEndInEventYears(onLine(value)), EVENT_YEARS_MESSAGE),
  allDay: z.boolean(),
  calendarId: z.string().min(1).max(ID_MAX),
};

/**
 * Where FullCalendar's event object carries a field: at the top, or in extendedProps; 'server' fields are kept by
 * the server alone (returned in extendedProps when not empty, never written by a client through the event's body).
 */
type FieldPlace = 'top' | 'extendedProps' | 'server';

function optionalField<S extends z.ZodType, P extends FieldPlace>(place: P, schema: S, fallback: z.output<S>) {
  return { place, schema, fallback };
}

/**
 * The event's optional fields, each defined once: where FullCalendar carries it, its rule, and its value when a write
 * leaves it out (or a stored event predates it). The write and patch schemas, EventDraft, CalendarEvent and both
 * stores follow from this table; neither store names these fields. Adding one is an entry here, plus a SQLite
 * migration that adds its column (sqlite/migrations.ts says how).
 */
const OPTIONAL_FIELDS = {
  url: optionalField(
    'top',
    z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(EVENT_URL_MAX, `A link has at most ${EVENT_URL_MAX} characters`)
        .refine(isHttpUrl, 'Only http:// and https:// links are allowed'),
    ]),
    '',
  ),
  groupId: optionalField('top', z.string().max(EVENT_GROUP_ID_MAX, `A group id has at most ${EVENT_GROUP_ID_MAX} characters`), ''),
  // Rich text: HTML that the server sanitises on every write (the event service also limits its visible text).
  description: optionalField(
    'extendedProps',
    z.string().max(EVENT_DESCRIPTION_HTML_MAX, `A formatted description has at most ${EVENT_DESCRIPTION_HTML_MAX} characters of HTML`),
    '',
  ),
  location: optionalField('extendedProps', z.string().trim().max(EVENT_LOCATION_MAX, `A location has at most ${EVENT_LOCATION_MAX} characters`), ''),
  timeZone: optionalField('extendedProps', z.string().refine(isValidTimeZone, 'Use an IANA time zone, e.g. Europe/London'), 'UTC'),
  // A series: its RFC 5545 rule ('' for a single event), the starts it skips and the extra starts (RDATE) it adds
  // beside its rule's; the service checks them against the event.
  rrule: optionalField('top', z.union([z.literal(''), rruleSchema]), ''),
  exdate: optionalField('top', exdateSchema, [] as string[]),
  rdate: optionalField('top', rdateSchema, [] as string[]),
  overrides: optionalField('server', overridesSchema, {} as OccurrenceOverrides),
  importSource: optionalField('server', importSourceSchema.nullable(), null as ImportSource | null),
  // A timed series' start as the local date-time it was given in (YYYY-MM-DDTHH:mm:ss in its zone), '' when it was
  // given as an instant: its rule repeats that wall-clock time, which the instant cannot say on a day the zone skips it.
  localStart: optionalField('server', z.string(), ''),
  // One of its calendar's categories ('' for none): the event service checks that it belongs to the event's calendar.
  categoryId: optionalField('extendedProps', z.union([z.literal(''), z.string().max(ID_MAX, 'No category has an id that long')]), ''),
  // A video link as pasted: the event service stores its canonical embed URL (video-url.ts) or refuses it.
  video: optionalField('extendedProps', z.string().trim().max(EVENT_VIDEO_URL_MAX, `A video link has at most ${EVENT_VIDEO_URL_MAX} characters`), ''),
  onlineMeetingUrl: optionalField(
    'extendedProps',
    z.union([
      z.literal(''),
      z.string().trim().max(EVENT_MEETING_URL_MAX, `A meeting link has at most ${EVENT_MEETING_URL_MAX} characters`).refine(isTeamsMeetingUrl, MEETING_URL_MESSAGE),
    ]),
    '',
  ),
};

type OptionalFields = typeof OPTIONAL_FIELDS;
export type OptionalKey = keyof OptionalFields;
type OptionalKeyAt<P extends FieldPlace> = { [K in OptionalKey]: OptionalFields[K]['place'] extends P ? K : never }[OptionalKey];
/** The optional fields' values, as a draft and a stored event hold them. */
export type OptionalValues = { [K in OptionalKey]: z.output<OptionalFields[K]['schema']> };

function optionalKeysAt<P extends FieldPlace>(place: P): OptionalKeyAt<P>[] {
  return (Object.keys(OPTIONAL_FIELDS) as OptionalKey[]).filter((key): key is OptionalKeyAt<P> => OPTIONAL_FIELDS[key].place === place);
}

const TOP_KEYS = optionalKeysAt('top');
const PROP_KEYS = optionalKeysAt('extendedProps');
const SERVER_KEYS = optionalKeysAt('server');

/** Each optional field's name and fallback, for a store that maps the fields one by one. */
export const EVENT_OPTIONAL_FIELDS: readonly { key: OptionalKey; fallback: unknown }[] = (Object.keys(OPTIONAL_FIELDS) as OptionalKey[]).map(
  (key) => ({ key, fallback: OPTIONAL_FIELDS[key].fallback }),
);

// Shapes of the optional fields for zod objects, typed per field.
function shapeOf<K extends OptionalKey, S>(keys: readonly K[], wrap: (schema: z.ZodType) => z.ZodType): S {
  return Object.fromEntries(keys.map((key) => [key, wrap(OPTIONAL_FIELDS[key].schema)])) as S;
}
const nullishShape = <K extends OptionalKey>(keys: readonly K[]) =>
  shapeOf<K, { [P in K]: z.ZodOptional<z.ZodNullable<OptionalFields[P]['schema']>> }>(keys, (schema) => schema.nullish());
const optionalShape = <K extends OptionalKey>(keys: readonly K[]) =>
  shapeOf<K, { [P in K]: z.ZodOptional<OptionalFields[P]['schema']> }>(keys, (schema) => schema.optional());
const requiredShape = <K extends OptionalKey>(keys: readonly K[]) => shapeOf<K, { [P in K]: OptionalFields[P]['schema'] }>(keys, (schema) => schema);

function extendedPropsSchema() {
  return z.strictObject({
    calendarId: fields.calendarId.optional(),
    ...optionalShape(PROP_KEYS),
    overrides: serverManaged,
    // Where an event came from decides what a later import of the same file updates: a client may not claim it.
    importSource: z.undefined({ error: 'importSource is kept by the server: only an iCalendar import sets it' }).optional(),
    localStart: serverManaged,
    seriesId: serverManaged,
    recurrenceId: serverManaged,
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
  ...nullishShape(TOP_KEYS),
  extendedProps: extendedPropsSchema().optional(),
});

/** A partial update: the fields it names replace the event's; extendedProps merge one level deep. */
export const eventPatchSchema = z.strictObject({
  id: serverManaged,
  title: fields.title.optional(),
  start: fields.start.optional(),
  end: fields.end.nullish(),
  allDay: fields.allDay.optional(),
  ...nullishShape(TOP_KEYS),
  extendedProps: extendedPropsSchema().optional(),
});

export type EventWrite = z.input<typeof eventWriteSchema>;
export type EventPatch = z.output<typeof eventPatchSchema>;

export const userRefSchema = z.object({ id: z.string(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** An event as the API returns it: FullCalendar's EventInput shape. Top-level optional fields are left out while empty. */
export const calendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  ...optionalShape(TOP_KEYS),
  extendedProps: z.object({
    calendarId: z.string(),
    ...requiredShape(PROP_KEYS),
    ...optionalShape(SERVER_KEYS),
    /** On an occurrence in the feed: its series' id, and its original start (a UTC instant, or a date for all-day series). */
    seriesId: z.string().optional(),
    recurrenceId: z.string().optional(),
    createdBy: userRefSchema,
    updatedBy: userRefSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Bumped by every write; the ETag is this number in quotes. */
    version: z.number().int(),
  }),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** A valid event, normalised: timed starts and ends are UTC ISO strings, all-day ones are dates. */
export type EventDraft = Pick<CalendarEvent, 'title' | 'allDay' | 'start' | 'end'> & OptionalValues;

/** Who made and last changed an event, and when: kept beside its draft. */
export type EventAuthorship = Pick<CalendarEvent['extendedProps'], 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt'>;

/** An event flat, every field at the top: as the stores keep it. */
export type FlatEvent = EventDraft & EventAuthorship & { id: string; calendarId: string; version: number };

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

/** A timed start and end with local date-times read as instants, and the local start a series keeps ('' for none). */
type TimedInput = { start: string; end: string | null; localStart: string };

const instantText = (ms: number) => new Date(ms).toISOString();

/**
 * Local date-times (no offset) read in the event's zone, as instants: a time the zone skips moves forward by the gap,
 * one it repeats is the first. A series keeps its local start, whose wall-clock time its rule repeats, and lasts the
 * wall-clock length from it to a local end (every occurrence alike, so 02:30–03:30 is an hour even on the day 02:30
 * is skipped); a single event's local start and end are each read on their own. Ends with an offset are instants.
 */
function readLocalTimes(input: z.output<typeof eventWriteSchema>, start: string, end: string | null): TimedInput | EventIssue[] {
  const startWallMs = localDateTimeMs(start);
  const endWallMs = end === null ? Number.NaN : localDateTimeMs(end);
  if (Number.isNaN(startWallMs) && Number.isNaN(endWallMs)) return { start, end, localStart: '' };
  const timeZone = input.extendedProps?.timeZone;
  if (timeZone === undefined) {
    return [{ path: ['extendedProps', 'timeZone'], message: 'A date-time without an offset is read in the event’s time zone: name it, e.g. America/New_York' }];
  }
  const series = Boolean(input.rrule);
  const startMs = Number.isNaN(startWallMs) ? Date.parse(start) : instantOfLocalMs(startWallMs, timeZone);
  let endMs: number | null = end === null ? null : Date.parse(end);
  if (!Number.isNaN(endWallMs)) endMs = series && !Number.isNaN(startWallMs) ? startMs + (endWallMs - startWallMs) : instantOfLocalMs(endWallMs, timeZone);
  return {
    start: instantText(startMs),
    end: endMs === null ? null : instantText(endMs),
    localStart: series && !Number.isNaN(startWallMs) ? localDateTimeText(startWallMs) : '',
  };
}

/**
 * The event rules that span fields: date or date-time by allDay, the supported years, end after start, the
 * longest event. Returns the normalised draft, or issues with the paths at fault.
 */
export function normaliseEvent(input: z.output<typeof eventWriteSchema>): { ok: true; draft: EventDraft } | { ok: false; issues: EventIssue[] } {
  const allDay = input.allDay ?? isDateOnly(input.start);
  const kind = kindIssues(allDay, input.start, input.end ?? null);
  if (kind.length > 0) return { ok: false, issues: kind };
  const timed = allDay ? { start: input.start, end: input.end ?? null, localStart: '' } : readLocalTimes(input, input.start, input.end ?? null);
  if (Array.isArray(timed)) return { ok: false, issues: timed };
  const span = normaliseSpan(allDay, timed.start, timed.end);
  const issues = spanIssues(allDay, span, timed.end !== null);
  if (issues.length > 0) return { ok: false, issues };

  return { ok: true, draft: { title: input.title, allDay, ...span, ...optionalValuesOf(input), localStart: timed.localStart } };
}

const DRAFT_KEYS = ['title', 'allDay', 'start', 'end', ...(Object.keys(OPTIONAL_FIELDS) as OptionalKey[])] as const;

/** Exactly a draft's fields, of a value that may carry more: what a store keeps is the draft and nothing else. */
export function exactDraft(value: EventDraft): EventDraft {
  return Object.fromEntries(DRAFT_KEYS.map((key) => [key, value[key]])) as EventDraft;
}

/** A write's optional fields, each read where FullCalendar carries it, or its fallback. */
function optionalValuesOf(input: z.output<typeof eventWriteSchema>): OptionalValues {
  const props = input.extendedProps ?? {};
  const values: Partial<Record<OptionalKey, unknown>> = {};
  for (const key of TOP_KEYS) values[key] = input[key] ?? OPTIONAL_FIELDS[key].fallback;
  for (const key of PROP_KEYS) values[key] = props[key] ?? OPTIONAL_FIELDS[key].fallback;
  for (const key of SERVER_KEYS) values[key] = OPTIONAL_FIELDS[key].fallback;
  return values as OptionalValues;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const isEmptyValue = (value: unknown) => isEmpty(value) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * A stored event as the API returns it, in FullCalendar's shape. A field the stored event lacks (it was written
 * before the field existed) reads as the field's fallback.
 */
export function toCalendarEvent(flat: FlatEvent): CalendarEvent {
  // Built field by field, without spreads: every event of a feed passes through here.
  const event: Record<string, unknown> = { id: flat.id, title: flat.title, start: flat.start, end: flat.end, allDay: flat.allDay };
  for (const key of TOP_KEYS) if (!isEmpty(flat[key])) event[key] = flat[key];
  const props: Record<string, unknown> = { calendarId: flat.calendarId };
  for (const key of PROP_KEYS) props[key] = flat[key] ?? OPTIONAL_FIELDS[key].fallback;
  for (const key of SERVER_KEYS) if (!isEmptyValue(flat[key])) props[key] = flat[key];
  props.createdBy = flat.createdBy;
  props.updatedBy = flat.updatedBy;
  props.createdAt = flat.createdAt;
  props.updatedAt = flat.updatedAt;
  props.version = flat.version;
  event.extendedProps = props;
  return event as CalendarEvent;
}

/** The writable view of a stored event, so a patch can be merged onto it and checked as a whole. */
export function eventToWrite(event: CalendarEvent): z.output<typeof eventWriteSchema> {
  const top: Partial<Record<OptionalKey, unknown>> = {};
  const props: Partial<Record<OptionalKey, unknown>> = {};
  for (const key of TOP_KEYS) top[key] = event[key] ?? OPTIONAL_FIELDS[key].fallback;
  for (const key of PROP_KEYS) props[key] = event.extendedProps[key];
  // A series given in local time is written back so (its end stays the instant it is, which keeps its length).
  const localStart = event.allDay ? '' : localStartOf({ start: event.start, localStart: event.extendedProps.localStart, timeZone: event.extendedProps.timeZone });
  return {
    title: event.title,
    start: localStart || event.start,
    end: event.end,
    allDay: event.allDay,
    ...(top as Pick<OptionalValues, OptionalKeyAt<'top'>>),
    extendedProps: props as Pick<OptionalValues, OptionalKeyAt<'extendedProps'>>,
  };
}
