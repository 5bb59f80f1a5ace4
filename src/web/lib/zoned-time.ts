// The same Temporal functions FullCalendar uses for named time zones, so the app and the calendar agree.
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTimeFns from 'temporal-polyfill/fns/ZonedDateTime';

/** A wall-clock reading, as the browser's date and time inputs give it. */
interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function zoned(instant: Date, timeZone: string) {
  return InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(instant.getTime()), timeZone);
}

/** What a clock in the time zone shows at an instant. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const t = zoned(instant, timeZone);
  return { date: `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`, time: `${pad(t.hour)}:${pad(t.minute)}` };
}

/** The instant a clock in the time zone shows this date and time (the earlier one when a clock change repeats it). */
export function instantOfWallClock({ date, time }: WallClock, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(PlainDateTimeFns.toZonedDateTime(PlainDateTimeFns.create(year, month, day, hour, minute), timeZone).epochMilliseconds);
}

/** The next full hour after an instant, in the time zone (not every zone is a whole number of hours from UTC). */
export function nextFullHour(instant: Date, timeZone: string): Date {
  return new Date(ZonedDateTimeFns.addHours(ZonedDateTimeFns.startOfHour(zoned(instant, timeZone)), 1).epochMilliseconds);
}
