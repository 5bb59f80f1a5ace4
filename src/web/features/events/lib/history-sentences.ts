// A history entry in sentences: "Ada changed the time from 09:00–10:00 to 10:00–11:00". Times in the viewer's zone
// and clock, calendars and categories by name, rules in words (describe-recurrence.ts), descriptions as plain text.
import type { IntlShape } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { ChangeEntry, FieldChange } from '../../../../shared/history-schema.ts';
import { addDays, dateToDayMs, isDateOnly } from '../../../../shared/time.ts';
import type { TimeOfDayOptions } from '../../../lib/time-format.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';
import { describeRecurrence } from './describe-recurrence.ts';
import { HISTORY_SENTENCES as S, HISTORY_WORDS as W } from './history-messages.ts';
import { rangeFormatter } from '../../../lib/format-range.ts';

/** How the viewer reads the history, and what it names. */
export interface HistoryDisplay {
  locale: string;
  timeZone: string;
  timeOfDay: Readonly<TimeOfDayOptions>;
  intl: Pick<IntlShape, 'formatMessage'>;
  /** The calendars the viewer reads, with their categories: names for ids. */
  calendars: readonly Calendar[];
  /** A description's HTML as the text people read. */
  plainText(html: string): string;
  /** Now, in ms: dates of another year say their year. */
  now: number;
  /** The series as last read, for a rule whose change does not carry its start. */
  series?: { start: string; allDay: boolean; timeZone: string };
}

/** An entry in words: one sentence per thing it changed, and for a series how much of it. */
export interface EntryWords {
  sentences: string[];
  scope: string | null;
}

/** The most characters of a title, place or description a sentence quotes; longer ones end in "…". */
export const HISTORY_QUOTE_MAX = 120;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function shorten(value: string, max = HISTORY_QUOTE_MAX): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

interface SpanFormats {
  timed: Intl.DateTimeFormat;
  timedRange(start: number, end: number): string;
  allDay: Intl.DateTimeFormat;
  allDayRange(start: number, end: number): string;
}

/** Formats for a set of starts and ends: times alone when all fall on one day, dates with a year when not this year's. */
function spanFormats(values: readonly string[], display: HistoryDisplay, timesAlone = true): SpanFormats {
  const { locale, timeZone, timeOfDay } = display;
  const dates = values.map((value) => (isDateOnly(value) ? value : wallClockAt(new Date(value), timeZone).date));
  const thisYear = wallClockAt(new Date(display.now), timeZone).date.slice(0, 4);
  const withYear = dates.some((date) => date.slice(0, 4) !== thisYear);
  const day: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: withYear ? 'numeric' : undefined };
  const sameDay = timesAlone && values.every((value) => !isDateOnly(value)) && new Set(dates).size === 1;
  const timed = { ...(sameDay ? {} : day), ...timeOfDay, timeZone };
  // All-day dates are floating: formatted on the UTC number line.
  const allDay = { ...day, timeZone: 'UTC' };
  return {
    timed: new Intl.DateTimeFormat(locale, timed),
    timedRange: rangeFormatter(locale, timed),
    allDay: new Intl.DateTimeFormat(locale, allDay),
    allDayRange: rangeFormatter(locale, allDay),
  };
}

function formatSpan(start: string, end: string, formats: SpanFormats): string {
  if (!isDateOnly(start)) return formats.timedRange(Date.parse(start), Date.parse(end));
  const first = dateToDayMs(start);
  const last = isDateOnly(end) ? dateToDayMs(addDays(end, -1)) : first;
  return last > first ? formats.allDayRange(first, last) : formats.allDay.format(first);
}

function formatInstant(value: string, formats: SpanFormats): string {
  return isDateOnly(value) ? formats.allDay.format(dateToDayMs(value)) : formats.timed.format(new Date(value));
}

/** A date an occurrence is known by (its recurrence id: an instant, or a date for all-day series). */
function occurrenceDate(recurrenceId: string, display: HistoryDisplay): string {
  return formatInstant(recurrenceId, spanFormats([recurrenceId], display, false));
}

type Fields = ReadonlyMap<string, FieldChange>;

/** The time: start and end together as a span, or the one that changed. */
function timeSentence(fields: Fields, name: string, display: HistoryDisplay): string | null {
  const say = display.intl.formatMessage;
  const [start, end] = [fields.get('start'), fields.get('end')];
  if (start && end) {
    const [oldStart, oldEnd, newStart, newEnd] = [start.old, end.old, start.new, end.new].map(text) as [string, string, string, string];
    const formats = spanFormats([oldStart, oldEnd, newStart, newEnd], display);
    return say(S.changedTime, { name, old: formatSpan(oldStart, oldEnd, formats), new: formatSpan(newStart, newEnd, formats) });
  }
  const one = start ?? end;
  if (!one) return null;
  const [old, now] = [text(one.old), text(one.new)];
  const formats = spanFormats([old, now], display);
  return say(start ? S.changedStart : S.changedEnd, { name, old: formatInstant(old, formats), new: formatInstant(now, formats) });
}

function categoryName(calendarId: string, categoryId: string, display: HistoryDisplay): string {
  const calendar = display.calendars.find((candidate) => candidate.id === calendarId);
  return calendar?.categories?.find((category) => category.id === categoryId)?.name ?? display.intl.formatMessage(W.unknownCategory);
}

export function calendarName(calendarId: string | null, display: HistoryDisplay): string {
  return display.calendars.find((calendar) => calendar.id === calendarId)?.name ?? display.intl.formatMessage(W.unknownCalendar);
}

function categorySentence(change: FieldChange, entry: ChangeEntry, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  const [old, now] = [text(change.old), text(change.new)];
  // A move's category before is its old calendar's.
  const before = old && categoryName(entry.fromCalendarId ?? entry.calendarId, old, display);
  const after = now && categoryName(entry.calendarId, now, display);
  if (!before) return say(S.setCategory, { name, value: after });
  if (!after) return say(S.removedCategory, { name, value: before });
  return say(S.changedCategory, { name, old: before, new: after });
}

function locationSentence(change: FieldChange, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  const [old, now] = [shorten(text(change.old)), shorten(text(change.new))];
  if (!old) return say(S.setLocation, { name, value: now });
  if (!now) return say(S.removedLocation, { name, value: old });
  return say(S.changedLocation, { name, old, new: now });
}

function linkSentence(change: FieldChange, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  const [old, now] = [text(change.old), text(change.new)];
  if (!old) return say(S.setLink, { name, value: now });
  if (!now) return say(S.removedLink, { name, value: old });
  return say(S.changedLink, { name, old, new: now });
}

function descriptionSentence(change: FieldChange, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  const [old, now] = [display.plainText(text(change.old)), shorten(display.plainText(text(change.new)))];
  if (!now) return say(S.removedDescription, { name });
  return say(old.trim() ? S.changedDescription : S.addedDescription, { name, value: now });
}

function rruleSentence(change: FieldChange, fields: Fields, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  const [old, now] = [text(change.old), text(change.new)];
  if (!now) return say(S.madeSingle, { name });
  const start = fields.get('start');
  const series = {
    start: start ? text(start.new) : (display.series?.start ?? ''),
    allDay: start ? isDateOnly(text(start.new)) : (display.series?.allDay ?? false),
    timeZone: text(fields.get('timeZone')?.new) || display.series?.timeZone || display.timeZone,
  };
  const words = (rule: string) => describeRecurrence(rule, { ...series, locale: display.locale, viewerTimeZone: display.timeZone, intl: display.intl }) ?? rule;
  if (!old) return say(S.madeSeries, { name, value: words(now) });
  return say(S.changedRepeat, { name, old: words(old), new: words(now) });
}

/** The dates a list field (exdate, rdate) gained and lost, each told with its own message. */
function dateListSentences(change: FieldChange, name: string, display: HistoryDisplay, [gained, lost]: readonly [typeof S.skippedOccurrences, typeof S.skippedOccurrences]): string[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const [old, now] = [list(change.old), list(change.new)];
  const dates = (items: string[]) => new Intl.ListFormat(display.locale).format(items.map((item) => occurrenceDate(item, display)));
  const added = now.filter((item) => !old.includes(item));
  const removed = old.filter((item) => !now.includes(item));
  const say = display.intl.formatMessage;
  return [
    ...(added.length > 0 ? [say(gained, { name, count: added.length, dates: dates(added) })] : []),
    ...(removed.length > 0 ? [say(lost, { name, count: removed.length, dates: dates(removed) })] : []),
  ];
}

function overrideSentence(change: FieldChange, recurrenceId: string, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  const date = occurrenceDate(recurrenceId, display);
  if (change.new === null) return say(S.resetOccurrence, { name, date });
  const now = change.new as { start?: unknown; end?: unknown };
  const before = (change.old ?? {}) as { start?: unknown; end?: unknown };
  const [start, end] = [text(now.start), text(now.end)];
  if (start && end && (start !== before.start || end !== before.end)) {
    return say(S.movedOccurrence, { name, date, value: formatSpan(start, end, spanFormats([start, end], display)) });
  }
  return say(S.changedOccurrence, { name, date });
}

/** Added, changed or removed: for fields told only by whether they are there (a video, a meeting). */
function presenceSentence(change: FieldChange, name: string, display: HistoryDisplay, [added, changed, removed]: readonly [typeof S.addedVideo, typeof S.addedVideo, typeof S.addedVideo]): string {
  const say = display.intl.formatMessage;
  if (!text(change.old)) return say(added, { name });
  return say(text(change.new) ? changed : removed, { name });
}

// Fields the history does not tell: set by the import alone, or that no one reads; a series' local start is its
// start, told with the time.
const UNTOLD = new Set(['importSource', 'groupId', 'allDay', 'start', 'end', 'localStart']);

/** One field's change in words; start, end and allDay are told together (timeSentence). */
function fieldSentences(change: FieldChange, entry: ChangeEntry, fields: Fields, display: HistoryDisplay): string[] {
  const { name } = entry.by;
  const say = display.intl.formatMessage;
  const [old, now] = [text(change.old), text(change.new)];
  if (change.field.startsWith('overrides.')) return [overrideSentence(change, change.field.slice('overrides.'.length), name, display)];
  switch (change.field) {
    case 'title':
      return [say(S.changedTitle, { name, old: shorten(old), new: shorten(now) })];
    case 'location':
      return [locationSentence(change, name, display)];
    case 'description':
      return [descriptionSentence(change, name, display)];
    case 'url':
      return [linkSentence(change, name, display)];
    case 'categoryId':
      return [categorySentence(change, entry, name, display)];
    case 'rrule':
      return [rruleSentence(change, fields, name, display)];
    case 'exdate':
      return dateListSentences(change, name, display, [S.skippedOccurrences, S.returnedOccurrences]);
    case 'rdate':
      return dateListSentences(change, name, display, [S.addedDates, S.removedDates]);
    case 'timeZone':
      return [say(S.changedTimeZone, { name, old, new: now })];
    case 'video':
      return [presenceSentence(change, name, display, [S.addedVideo, S.changedVideo, S.removedVideo])];
    case 'onlineMeetingUrl':
      return [presenceSentence(change, name, display, [S.addedMeeting, S.changedMeeting, S.removedMeeting])];
    default:
      return UNTOLD.has(change.field) ? [] : [say(S.changedField, { name, field: change.field })];
  }
}

/** A change to a calendar's own fields, or to one of its categories (`category.<id>`). */
function calendarFieldSentence(change: FieldChange, name: string, display: HistoryDisplay): string {
  const say = display.intl.formatMessage;
  if (change.field.startsWith('category.')) {
    const [old, now] = [change.old as { name?: unknown } | null, change.new as { name?: unknown } | null];
    if (!old) return say(S.addedCategory, { name, value: text(now?.name) });
    if (!now) return say(S.deletedCategory, { name, value: text(old.name) });
    if (old.name !== now.name) return say(S.renamedCategory, { name, old: text(old.name), new: text(now.name) });
    return say(S.changedCategoryLook, { name, value: text(now.name) });
  }
  switch (change.field) {
    case 'name':
      return say(S.renamedCalendar, { name, old: text(change.old), new: text(change.new) });
    case 'color':
      return say(S.recolouredCalendar, { name });
    case 'description':
      return say(S.changedCalendarDescription, { name });
    case 'editors': {
      const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
      const [old, now] = [list(change.old), list(change.new)];
      return say(S.changedEditors, { name, added: now.filter((id) => !old.includes(id)).length, removed: old.filter((id) => !now.includes(id)).length });
    }
    default:
      return say(S.changedField, { name, field: change.field });
  }
}

const EVENT_KINDS = {
  created: [S.createdEvent, S.createdSeries],
  deleted: [S.deletedEvent, S.deletedSeries],
  restored: [S.restoredEvent, S.restoredSeries],
} as const;
const CALENDAR_KINDS = { created: S.createdCalendar, deleted: S.deletedCalendar, restored: S.restoredCalendar } as const;

function eventSentences(entry: ChangeEntry, display: HistoryDisplay): string[] {
  const say = display.intl.formatMessage;
  const { name } = entry.by;
  if (entry.kind === 'created' || entry.kind === 'deleted' || entry.kind === 'restored') {
    return [say(EVENT_KINDS[entry.kind][entry.series ? 1 : 0], { name })];
  }
  const fields = new Map(entry.changes.map((change) => [change.field, change]));
  const moved = entry.kind === 'moved' && entry.fromCalendarId !== null
    ? [say(S.moved, { name, from: calendarName(entry.fromCalendarId, display), to: calendarName(entry.calendarId, display) })]
    : [];
  const time = timeSentence(fields, name, display);
  const sentences = [...moved, ...(time ? [time] : []), ...entry.changes.flatMap((change) => fieldSentences(change, entry, fields, display))];
  return sentences.length > 0 ? sentences : [say(S.changedEvent, { name })];
}

function scopeWords(entry: ChangeEntry, display: HistoryDisplay): string | null {
  const say = display.intl.formatMessage;
  if (entry.scope === 'all') return say(W.scopeAll);
  if (entry.scope === null || entry.recurrenceId === null) return null;
  const date = occurrenceDate(entry.recurrenceId, display);
  return say(entry.scope === 'this' ? W.scopeThis : W.scopeFollowing, { date });
}

/** An entry of an event's history or a calendar's activity, in sentences. */
export function describeEntry(entry: ChangeEntry, display: HistoryDisplay): EntryWords {
  if (entry.eventId !== null) return { sentences: eventSentences(entry, display), scope: scopeWords(entry, display) };
  const say = display.intl.formatMessage;
  const sentences =
    entry.kind === 'created' || entry.kind === 'deleted' || entry.kind === 'restored'
      ? [say(CALENDAR_KINDS[entry.kind], { name: entry.by.name })]
      : entry.changes.map((change) => calendarFieldSentence(change, entry.by.name, display));
  return { sentences, scope: null };
}
