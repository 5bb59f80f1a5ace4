// VTIMEZONE components made from the time zone database (through Temporal), for the years an export spans only:
// bundled VTIMEZONE sets go stale (ical-generator's are from 2018), and long ones break Google's import.
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';

interface Transition {
  atMs: number;
  fromOffsetMs: number;
  toOffsetMs: number;
}

/** An onset as a yearly rule reads it: the month, the weekday and which of the month's (1–5, or -1 for the last). */
interface YearlyOnset {
  month: number;
  weekday: number;
  nth: number;
  isLast: boolean;
  timeOfDayMs: number;
  year: number;
}

const DAY_MS = 86_400_000;
const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** The zone's offset at startMs and its changes in [startMs, endMs). */
function transitionsBetween(timeZone: string, startMs: number, endMs: number): { initialOffsetMs: number; transitions: Transition[] } {
  let at = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(timeZone);
  const initialOffsetMs = at.offsetNanoseconds / 1e6;
  const transitions: Transition[] = [];
  let offset = initialOffsetMs;
  for (let next = at.getTimeZoneTransition('next'); next && next.epochMilliseconds < endMs; next = at.getTimeZoneTransition('next')) {
    const toOffsetMs = next.offsetNanoseconds / 1e6;
    if (toOffsetMs !== offset) transitions.push({ atMs: next.epochMilliseconds, fromOffsetMs: offset, toOffsetMs });
    offset = toOffsetMs;
    at = next;
  }
  return { initialOffsetMs, transitions };
}

/** The wall-clock time (on the floating line) an onset is written in: the offset in force before it (RFC 5545 §3.6.5). */
const onsetWallMs = (transition: Transition) => transition.atMs + transition.fromOffsetMs;

function yearlyOnset(transition: Transition): YearlyOnset {
  const wall = new Date(onsetWallMs(transition));
  const day = wall.getUTCDate();
  const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    month: wall.getUTCMonth() + 1,
    weekday: wall.getUTCDay(),
    nth: Math.ceil(day / 7),
    isLast: day + 7 > daysInMonth,
    timeOfDayMs: onsetWallMs(transition) % DAY_MS,
    year: wall.getUTCFullYear(),
  };
}

/**
 * The BYDAY ordinal that names every onset of one kind (its nth weekday, or -1 for the last), or null when they
 * do not follow one yearly rule through every year of the span.
 */
function sharedOrdinal(onsets: readonly YearlyOnset[], years: readonly [number, number]): number | null {
  const [first] = onsets;
  if (!first || onsets.length !== years[1] - years[0] + 1) return null;
  const same = onsets.every(
    (onset, index) =>
      onset.year === years[0] + index && onset.month === first.month && onset.weekday === first.weekday && onset.timeOfDayMs === first.timeOfDayMs,
  );
  if (!same) return null;
  if (onsets.every((onset) => onset.nth === first.nth)) return first.nth;
  return onsets.every((onset) => onset.isLast) ? -1 : null;
}

function utcOffset(offsetMs: number): ICAL.UtcOffset {
  return ICAL.UtcOffset.fromSeconds(Math.round(offsetMs / 1000));
}

function floatingTime(wallMs: number): ICAL.Time {
  const wall = new Date(wallMs);
  return ICAL.Time.fromData({
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    isDate: false,
  });
}

/** One observance: DAYLIGHT when it moves the clock forward (the usual reading; parsers go by the offsets). */
function observance(transition: Transition, startWallMs: number, rule?: string): ICAL.Component {
  const component = new ICAL.Component(transition.toOffsetMs > transition.fromOffsetMs ? 'daylight' : 'standard');
  component.addPropertyWithValue('dtstart', floatingTime(startWallMs));
  component.addPropertyWithValue('tzoffsetfrom', utcOffset(transition.fromOffsetMs));
  component.addPropertyWithValue('tzoffsetto', utcOffset(transition.toOffsetMs));
  if (rule) component.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule));
  return component;
}

/**
 * Observances as yearly rules (one STANDARD and one DAYLIGHT, as Outlook writes them), when the span's changes follow
 * two rules through every year of it; they then run on past the span, for series without an end. Else null.
 */
function yearlyObservances(transitions: readonly Transition[], years: readonly [number, number]): ICAL.Component[] | null {
  const kinds = new Map<string, Transition[]>();
  for (const transition of transitions) {
    const key = `${transition.fromOffsetMs}>${transition.toOffsetMs}`;
    kinds.set(key, [...(kinds.get(key) ?? []), transition]);
  }
  if (kinds.size !== 2) return null;
  const observances: ICAL.Component[] = [];
  for (const group of kinds.values()) {
    const onsets = group.map(yearlyOnset);
    const ordinal = sharedOrdinal(onsets, years);
    if (ordinal === null) return null;
    const { month, weekday } = onsets[0]!;
    observances.push(observance(group[0]!, onsetWallMs(group[0]!), `FREQ=YEARLY;BYMONTH=${month};BYDAY=${ordinal}${WEEKDAY_CODES[weekday]!}`));
  }
  return observances;
}

/** Every change of the span as its own observance, after one for the offset in force at its start. */
function discreteObservances(timeZone: string, startMs: number, endMs: number): ICAL.Component[] {
  const { initialOffsetMs, transitions } = transitionsBetween(timeZone, startMs, endMs);
  const initial = { atMs: startMs, fromOffsetMs: initialOffsetMs, toOffsetMs: initialOffsetMs };
  return [observance(initial, onsetWallMs(initial)), ...transitions.map((transition) => observance(transition, onsetWallMs(transition)))];
}

/**
 * A VTIMEZONE for an IANA zone over whole years, from 1 January of fromYear to the end of toYear (UTC). Events in
 * those years get the offsets the time zone database gives them; a zone whose changes follow a yearly rule from the
 * year before the span through it is written as that rule (starting that year before, so that the span's first
 * months, before its first change, are covered too), which also covers later years.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): ICAL.Component {
  const endMs = Date.UTC(toYear + 1, 0, 1);
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', timeZone);
  const ruled = yearlyObservances(transitionsBetween(timeZone, Date.UTC(fromYear - 1, 0, 1), endMs).transitions, [fromYear - 1, toYear]);
  const observances = ruled ?? discreteObservances(timeZone, Date.UTC(fromYear, 0, 1), endMs);
  for (const child of observances) component.addSubcomponent(child);
  return component;
}
