// ISO strings for the feed's occurrences, as Date#toISOString writes them but about four times faster: a feed of
// 1,000 series writes over 20,000 of them, and toISOString was a tenth of its cost.
import { DAY_MS } from '../../shared/limits.ts';
import { dayMsToDate } from '../../shared/time.ts';

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
/** Years 0000 to 9999 have four digits; Date writes others as ±YYYYYY, so they are left to it. */
const FIRST_MS = Date.parse('0000-01-01T00:00:00Z');
const LAST_MS = Date.parse('+010000-01-01T00:00:00Z');

/** YYYY-MM-DD of a day number (days since 1970-01-01), by the civil-from-days algorithm (H. Hinnant). */
function dateOfDay(days: number): string {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  // Months counted from March, so that 29 February is the year's last day.
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${TWO_DIGITS[Math.floor(year / 100)]!}${TWO_DIGITS[year % 100]!}-${TWO_DIGITS[month]!}-${TWO_DIGITS[day]!}`;
}

const inFourDigitYears = (ms: number) => Number.isInteger(ms) && ms >= FIRST_MS && ms < LAST_MS;

/** What `new Date(ms).toISOString()` gives: YYYY-MM-DDTHH:mm:ss.sssZ. */
export function isoInstant(ms: number): string {
  if (!inFourDigitYears(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  const inDay = ms - days * DAY_MS;
  const seconds = Math.floor(inDay / 1_000);
  const millis = inDay - seconds * 1_000;
  const time = `${TWO_DIGITS[Math.floor(seconds / 3_600)]!}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]!}:${TWO_DIGITS[seconds % 60]!}`;
  return `${dateOfDay(days)}T${time}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** What `dayMsToDate` gives for a UTC midnight: YYYY-MM-DD. */
export function isoDate(dayMs: number): string {
  return inFourDigitYears(dayMs) && dayMs % DAY_MS === 0 ? dateOfDay(dayMs / DAY_MS) : dayMsToDate(dayMs);
}
