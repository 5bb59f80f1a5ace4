// A date-time without an offset ("2027-03-14T02:30:00"): what a clock in a named zone shows. A series given so repeats
// that wall-clock time, even from a day the zone skips it (RFC 5545 §3.3.5: DTSTART;TZID=… is a local time too).
// Temporal's functional API, as the web app's zoned-time.ts uses it, so the browser loads nothing more for it.
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Its reading as ms on the floating (UTC) line, or NaN when it is not a real local date-time (no 25:00, no 30 February). */
export function localDateTimeMs(value: string): number {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second = 0] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as number[];
  const ms = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  // Date.UTC rolls 30 February over into March and reads years below 100 as 19xx: a round trip catches both.
  return localDateTimeText(ms) === `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}` ? ms : Number.NaN;
}

export function isLocalDateTime(value: string): boolean {
  return !Number.isNaN(localDateTimeMs(value));
}

/** A floating reading as the API writes a local date-time: YYYY-MM-DDTHH:mm:ss. */
export function localDateTimeText(floatingMs: number): string {
  return new Date(floatingMs).toISOString().slice(0, 19);
}

/**
 * The instant the zone's clocks show this reading: one the zone skips (a DST gap) is read with the offset before
 * the gap, so it lands as far past the gap's start as it was meant to be (02:30 → 03:30, RFC 5545 §3.3.5); one
 * the zone shows twice (an overlap) is the first. Temporal's 'compatible' disambiguation does exactly that.
 */
export function instantOfLocalMs(floatingMs: number, timeZone: string): number {
  const d = new Date(floatingMs);
  const plain = PlainDateTimeFns.create(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
  return PlainDateTimeFns.toZonedDateTime(plain, timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/**
 * A series' stored local start, if it still names its start: a copy of a series made to start elsewhere (a split, an
 * occurrence) carries the old one along, which then names another instant and says nothing of the new start.
 */
export function localStartOf(event: { start: string; localStart?: string; timeZone: string }): string {
  if (!event.localStart) return '';
  return instantOfLocalMs(localDateTimeMs(event.localStart), event.timeZone) === Date.parse(event.start) ? event.localStart : '';
}

/**
 * A series' local start and its end as long after on the clock (the length is its instants'), or null when it has no
 * local start that names its start: what a client shows and writes back, in its zone.
 */
export function localSpanOf(event: { start: string; end: string; localStart?: string; timeZone: string }): { start: string; end: string } | null {
  const start = localStartOf(event);
  if (!start) return null;
  return { start, end: localDateTimeText(localDateTimeMs(start) + Date.parse(event.end) - Date.parse(event.start)) };
}

/** What the zone's clocks show at an instant, as a local date-time. */
export function localDateTimeAt(instantMs: number, timeZone: string): string {
  const t = InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(instantMs), timeZone);
  return localDateTimeText(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
}

/**
 * The local start of a series' occurrence, for a series that starts there (a split): the series' time of day (its
 * local start's, else its first instant's reading) on the occurrence's date, if that names the occurrence. '' when
 * it would add nothing: the series was started by an instant and the zone shows that time that day; then the new
 * series is too. So a series split at a day its zone skips 02:30 goes on at 02:30, not at that day's 03:30.
 */
export function occurrenceLocalStart(series: { start: string; localStart?: string; timeZone: string }, occurrenceStart: string): string {
  const kept = localStartOf(series);
  const timeOfDay = (kept || localDateTimeAt(Date.parse(series.start), series.timeZone)).slice(10);
  const occurrenceMs = Date.parse(occurrenceStart);
  const reading = localDateTimeAt(occurrenceMs, series.timeZone);
  const local = `${reading.slice(0, 10)}${timeOfDay}`;
  if (!kept && local === reading) return '';
  return instantOfLocalMs(localDateTimeMs(local), series.timeZone) === occurrenceMs ? local : '';
}
