import { DAY_MS, EVENT_MAX_DURATION_DAYS, EVENT_TITLE_MAX, EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../../../shared/limits.ts';
import { addDays, isDateOnly } from '../../../../shared/time.ts';
import type { DateSpan } from '../../../lib/date-span.ts';
import { instantOfWallClock } from '../../../lib/zoned-time.ts';

/** The query parameters of a link that opens a filled-in New event form: `/?new=1&title=…&start=…&end=…&calendarId=…`. */
export const NEW_EVENT_PARAMS = ['new', 'title', 'start', 'end', 'calendarId'] as const;

/** What a new-event link fills in; each part only when its parameter is valid. */
export interface NewEventLink {
  title?: string;
  calendarId?: string;
  range: DateSpan | null;
}

const HOUR_MS = 3_600_000;
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** A calendar id as the API takes it. */
const CALENDAR_ID_MAX = 100;

function inEventYears(at: Date, timeZone: string): boolean {
  if (Number.isNaN(at.getTime())) return false;
  const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(at));
  return year >= EVENT_YEAR_MIN && year <= EVENT_YEAR_MAX;
}

/**
 * A start or end: a date (all-day, 2027-03-09), a wall-clock time in the viewer's zone (2027-03-09T10:00), or an
 * instant with its offset. Null when it is none of these, or outside the supported years.
 */
function readWhen(value: string | null, timeZone: string): { at: Date; allDay: boolean } | null {
  if (value === null) return null;
  let at: Date;
  let allDay = false;
  try {
    const wall = WALL_CLOCK.exec(value);
    if (isDateOnly(value)) [at, allDay] = [instantOfWallClock({ date: value, time: '00:00' }, timeZone), true];
    else if (wall) at = instantOfWallClock({ date: wall[1] ?? '', time: wall[2] ?? '' }, timeZone);
    else if (WITH_OFFSET.test(value)) at = new Date(value);
    else return null;
  } catch {
    // A date such as 2027-02-30.
    return null;
  }
  return inEventYears(at, timeZone) ? { at, allDay } : null;
}

/** The span a link's start and end make; an end that is missing, of another kind, too early or too late is left out. */
function linkRange(start: string | null, end: string | null, timeZone: string): DateSpan | null {
  const from = readWhen(start, timeZone);
  if (from === null) return null;
  const to = readWhen(end, timeZone);
  const length = to === null || to.allDay !== from.allDay ? 0 : to.at.getTime() - from.at.getTime();
  if (from.allDay) {
    // An all-day link's end is its last day, as people say it; the span's end is the day after.
    const lastDay = to !== null && end !== null && length >= 0 && length < EVENT_MAX_DURATION_DAYS * DAY_MS ? end : (start ?? '');
    return { start: from.at, end: instantOfWallClock({ date: addDays(lastDay, 1), time: '00:00' }, timeZone), allDay: true };
  }
  const fits = length > 0 && length <= EVENT_MAX_DURATION_DAYS * DAY_MS;
  return { start: from.at, end: new Date(from.at.getTime() + (fits ? length : HOUR_MS)), allDay: false };
}

/** What a new-event link asks for, or null when the address is not one. */
export function readNewEventLink(search: string, timeZone: string): NewEventLink | null {
  const params = new URLSearchParams(search);
  if (params.get('new') !== '1') return null;
  const title = params.get('title')?.trim();
  const calendarId = params.get('calendarId')?.trim();
  return {
    ...(title && title.length <= EVENT_TITLE_MAX ? { title } : {}),
    ...(calendarId && calendarId.length <= CALENDAR_ID_MAX ? { calendarId } : {}),
    range: linkRange(params.get('start'), params.get('end'), timeZone),
  };
}
