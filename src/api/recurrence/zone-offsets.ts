// Wall clock ↔ instant in an IANA zone, fast: a feed expands thousands of occurrences, and a Temporal object per
// conversion made series expansion most of the feed's cost. Each zone's offset transitions are read from Temporal
// once per UTC year and cached; conversions are then two array scans. Near a transition (a gap or an overlap)
// the answer comes from Temporal itself, so the result is always Temporal's, with 'compatible' disambiguation.
import { Temporal } from 'temporal-polyfill';

const DAY_MS = 86_400_000;
/** Zone-years whose transitions are kept: a few hundred zones over a few years is plenty. */
export const ZONE_YEAR_CACHE_SIZE = 2_000;

interface ZoneYear {
  /** The year's first instant, and the next year's. */
  startMs: number;
  endMs: number;
  /** The offset in force at the year's first instant, in ms. */
  startOffsetMs: number;
  /** Offset changes within the year, in order: from `atMs` on, `offsetMs` holds. */
  transitions: { atMs: number; offsetMs: number }[];
}

const zoneYears = new Map<string, ZoneYear>();
/** The year each zone was last asked about: a feed asks about the same few, over and over. */
const lastZoneYear = new Map<string, ZoneYear>();

function readZoneYear(timeZone: string, year: number): ZoneYear {
  const startMs = Date.UTC(year, 0, 1);
  const endMs = Date.UTC(year + 1, 0, 1);
  let at = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(timeZone);
  const startOffsetMs = at.offsetNanoseconds / 1e6;
  const transitions: ZoneYear['transitions'] = [];
  for (let next = at.getTimeZoneTransition('next'); next && next.epochMilliseconds < endMs; next = at.getTimeZoneTransition('next')) {
    transitions.push({ atMs: next.epochMilliseconds, offsetMs: next.offsetNanoseconds / 1e6 });
    at = next;
  }
  return { startMs, endMs, startOffsetMs, transitions };
}

function zoneYear(timeZone: string, instantMs: number): ZoneYear {
  const last = lastZoneYear.get(timeZone);
  if (last && instantMs >= last.startMs && instantMs < last.endMs) return last;
  const year = new Date(instantMs).getUTCFullYear();
  const key = `${timeZone}@${year}`;
  let found = zoneYears.get(key);
  if (!found) {
    found = readZoneYear(timeZone, year);
    zoneYears.set(key, found);
    if (zoneYears.size > ZONE_YEAR_CACHE_SIZE) zoneYears.delete(zoneYears.keys().next().value as string);
  }
  lastZoneYear.set(timeZone, found);
  return found;
}

/** The zone's UTC offset at an instant, in ms. */
export function offsetAtMs(instantMs: number, timeZone: string): number {
  const { startOffsetMs, transitions } = zoneYear(timeZone, instantMs);
  let offset = startOffsetMs;
  for (const transition of transitions) {
    if (instantMs < transition.atMs) break;
    offset = transition.offsetMs;
  }
  return offset;
}

/** The wall-clock reading of an instant, as ms on the floating (UTC) line. */
export function wallClockMs(instantMs: number, timeZone: string): number {
  return instantMs + offsetAtMs(instantMs, timeZone);
}

/** The instant a wall-clock time names: a gap moves it forward, an overlap takes the earlier instant. */
export function instantOfWallClockMs(floatingMs: number, timeZone: string): number {
  // One offset all around it (a day either side covers every zone's offset): no gap or overlap can be involved.
  const offset = offsetAtMs(floatingMs - DAY_MS, timeZone);
  if (offset === offsetAtMs(floatingMs + DAY_MS, timeZone) && offset === offsetAtMs(floatingMs - offset, timeZone)) {
    return floatingMs - offset;
  }
  const plain = Temporal.Instant.fromEpochMilliseconds(floatingMs).toZonedDateTimeISO('UTC').toPlainDateTime();
  return plain.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
}
