import { addDays, isDateOnly } from '../../../../shared/time.ts';

/** The longest text a date field reads: no date is written longer, so more is refused before any work. */
export const TYPED_DATE_MAX_CHARS = 64;

/** What a typed date reads as: a date (YYYY-MM-DD), or why it is none (never another date than the one meant). */
export type TypedDate =
  | { ok: true; date: string }
  | { ok: false; problem: 'noSuchDay'; year: number; month: number; days: number }
  | { ok: false; problem: 'noSuchMonth'; month: number }
  | { ok: false; problem: 'unreadable' };

type DatePart = 'day' | 'month' | 'year';

// Arabic-Indic and Eastern Arabic-Indic digits as ASCII ones; full-width digits are NFKC's.
const ARABIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;
function arabicDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}
// Direction marks that Intl writes into Arabic dates, and spaces of every width.
const INVISIBLE = /[\u200b-\u200f\u061c\u2066-\u2069]/g;

/** Lower case, without accents or the dot of an abbreviation, one apostrophe: "Déc." and "dec" read the same. */
const folded = (text: string, locale: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\.$/, '').replace(/[\u2019`]/g, "'").toLocaleLowerCase(locale);

/** The order a locale writes a date's numbers in: day, month, year in en-GB; month first in en-US; year first in ja. */
export function datePartOrder(locale: string): DatePart[] {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 11, 10));
  return parts.flatMap(({ type }) => (type === 'day' || type === 'month' || type === 'year' ? [type] : []));
}

interface Words {
  /** Month names and abbreviations, folded, to their number (1–12). */
  months: Map<string, number>;
  /** Words a date may hold that say nothing of it: weekday names, ordinal endings, "de", "le". */
  ignored: Set<string>;
  /** Words for days near today ("today", "demain", "明日"), to their distance from it. */
  relative: Map<string, number>;
}

const PARTICLES = ['st', 'nd', 'rd', 'th', 'er', 'e', 'de', 'del', 'le', 'the', 'of', 'den', 'am'];
// The marks of Chinese, Japanese and Korean dates: 2026年12月10日.
const CJK_MARKS = ['年', '月', '日', '일', '월', '년'];
// 1 to 7 January 2024 were Monday to Sunday.
const WEEK = Array.from({ length: 7 }, (_, day) => Date.UTC(2024, 0, 1 + day));
const MONTHS = Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 10));

function wordsOf(locale: string, into: Words): void {
  const fold = (text: string) => folded(text, locale);
  const name = (options: Intl.DateTimeFormatOptions, at: number, part: 'month' | 'weekday') =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).formatToParts(at).find((found) => found.type === part)?.value ?? '';
  MONTHS.forEach((at, index) => {
    // Alone ("décembre"), and as a date writes it (Russian's or Polish's genitive "grudnia").
    for (const month of ['long', 'short'] as const) {
      for (const options of [{ month }, { month, day: 'numeric' } as const]) {
        const written = fold(name(options, at, 'month'));
        if (written && !/\d/.test(written) && !into.months.has(written)) into.months.set(written, index + 1);
      }
    }
  });
  for (const at of WEEK) for (const weekday of ['long', 'short'] as const) into.ignored.add(fold(name({ weekday }, at, 'weekday')));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const days of [-1, 0, 1, 2]) {
    const word = fold(relative.format(days, 'day'));
    // Only words: "in 2 days" is what a locale without a word for the day after tomorrow writes.
    if (!/\d/.test(word) && !into.relative.has(word)) into.relative.set(word, days);
  }
}

const wordsCache = new Map<string, Words>();

/** The words of a locale's dates, with English's beside them (month names are often typed in English anywhere). */
function localeWords(locale: string): Words {
  let words = wordsCache.get(locale);
  if (!words) {
    words = { months: new Map(), ignored: new Set([...PARTICLES, ...CJK_MARKS]), relative: new Map() };
    wordsOf(locale, words);
    wordsOf('en', words);
    wordsCache.set(locale, words);
  }
  return words;
}

/** A month by its name or an abbreviation of at least three letters that names no other month. */
function monthOf(word: string, months: Map<string, number>): number | undefined {
  const exact = months.get(word);
  if (exact !== undefined || word.length < 3) return exact;
  const found = new Set([...months].filter(([name]) => name.startsWith(word)).map(([, month]) => month));
  return found.size === 1 ? [...found][0] : undefined;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A two-digit year as the one of its century nearest to the reference year: "26" is 2026. */
function fullYear(text: string, referenceYear: number): number {
  const year = Number(text);
  if (text.length > 2) return year;
  const century = Math.floor(referenceYear / 100) * 100;
  return [century - 100, century, century + 100].map((start) => start + year).reduce((best, candidate) => (Math.abs(candidate - referenceYear) < Math.abs(best - referenceYear) ? candidate : best));
}

function checked(year: number, month: number, day: number): TypedDate {
  if (month < 1 || month > 12) return { ok: false, problem: 'noSuchMonth', month };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return day < 1 ? { ok: false, problem: 'unreadable' } : { ok: false, problem: 'noSuchDay', year, month, days };
  return { ok: true, date: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/**
 * Numbers alone: a year of three or more digits wherever it stands (first is year, month, day, as in 2026/12/10);
 * the others in the locale's order; without a year, this year.
 */
function fromNumbers(numbers: string[], order: DatePart[], referenceYear: number): TypedDate {
  if (numbers.length < 2 || numbers.length > 3) return { ok: false, problem: 'unreadable' };
  const longYear = numbers.findIndex((number) => number.length > 2);
  let parts: DatePart[];
  if (numbers.length === 2) parts = order.filter((part) => part !== 'year');
  else if (longYear === 0) parts = ['year', 'month', 'day'];
  else if (longYear === 2) parts = [...order.filter((part) => part !== 'year'), 'year'];
  else parts = order;
  if (longYear >= 0 && parts[longYear] !== 'year') return { ok: false, problem: 'unreadable' };
  const value = (part: DatePart) => numbers[parts.indexOf(part)];
  const yearText = value('year');
  return checked(yearText === undefined ? referenceYear : fullYear(yearText, referenceYear), Number(value('month')), Number(value('day')));
}

/** A month by name, with a day and perhaps a year: "10 December 2026", "Dec 10, 2026", "10 déc.", "١٠ ديسمبر ٢٠٢٦". */
function withMonthName(month: number, numbers: string[], order: DatePart[], referenceYear: number): TypedDate {
  if (numbers.length === 0 || numbers.length > 2) return { ok: false, problem: 'unreadable' };
  let dayText = numbers[0]!;
  let yearText = numbers[1];
  // Two short numbers ("10 Dec 26"): the locale says which comes first; a long one is the year.
  const yearFirst = numbers.length === 2 && (numbers[0]!.length > 2 || (numbers[1]!.length <= 2 && order.indexOf('year') < order.indexOf('day')));
  if (yearFirst) [yearText, dayText] = [numbers[0], numbers[1]!];
  if (dayText.length > 2) return { ok: false, problem: 'unreadable' };
  return checked(yearText === undefined ? referenceYear : fullYear(yearText, referenceYear), month, Number(dayText));
}

/**
 * A date as a person types it in their locale, on the day `today` (YYYY-MM-DD): its numbers in the locale's order
 * ("10/12/2026" is 10 December in en-GB, fr and de, 12 October in en-US; "2026/12/10" in ja), in any digits;
 * month names and abbreviations in the locale or English; the locale's words for yesterday, today and tomorrow (and
 * the day after, where it has one); an ISO date. A date the calendar has not (31 February, a 13th month) is an
 * error, never the date it would roll over to.
 */
export function readTypedDate(text: string, locale: string, today: string): TypedDate {
  if (text.length > TYPED_DATE_MAX_CHARS) return { ok: false, problem: 'unreadable' };
  const plain = text.normalize('NFKC').replace(ARABIC_DIGIT, arabicDigit).replace(INVISIBLE, '').trim();
  if (isDateOnly(plain)) return checked(Number(plain.slice(0, 4)), Number(plain.slice(5, 7)), Number(plain.slice(8, 10)));
  const words = localeWords(locale);
  const whole = words.relative.get(folded(plain, locale));
  if (whole !== undefined) return { ok: true, date: addDays(today, whole) };
  const tokens = plain.match(/\d+|[\p{L}\p{M}]+/gu) ?? [];
  const numbers = tokens.filter((token) => /^\d+$/.test(token));
  const month = monthNamed(tokens.filter((token) => !/^\d+$/.test(token)).map((token) => folded(token, locale)), words);
  const order = datePartOrder(locale);
  const referenceYear = Number(today.slice(0, 4));
  if (month === null) return fromNumbers(numbers, order, referenceYear);
  return month === undefined ? { ok: false, problem: 'unreadable' } : withMonthName(month, numbers, order, referenceYear);
}

/**
 * The month a date's words name: null for none, undefined when the words are not a date's (unknown words, two
 * months). A word that is both a month and a weekday (Spanish "mar") is the month unless another word is one.
 */
function monthNamed(named: string[], { months, ignored }: Words): number | null | undefined {
  const month = (word: string) => monthOf(word, months);
  if (named.some((word) => month(word) === undefined && !ignored.has(word))) return undefined;
  const sure = named.filter((word) => month(word) !== undefined && !ignored.has(word));
  const found = new Set((sure.length > 0 ? sure : named.filter((word) => month(word) !== undefined)).map(month));
  if (found.size === 0) return null;
  return found.size === 1 ? [...found][0] : undefined;
}
