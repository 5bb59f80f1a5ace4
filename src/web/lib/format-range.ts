type Options = Intl.DateTimeFormatOptions;

const TIME_FIELDS = ['hour', 'minute', 'second', 'hour12', 'hourCycle', 'dayPeriod', 'timeStyle', 'fractionalSecondDigits'] as const;
const DATE_FIELDS = ['weekday', 'era', 'year', 'month', 'day', 'dateStyle'] as const;

function without(options: Options, fields: readonly (keyof Options)[]): Options {
  return Object.fromEntries(Object.entries(options).filter(([key]) => !fields.includes(key as keyof Options)));
}

/** The locale's own range separator, as Intl writes it between two dates ("–" in English, "～" in Japanese). */
function rangeSeparator(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).formatRangeToParts(
    Date.UTC(2000, 0, 1),
    Date.UTC(2001, 1, 2),
  );
  return parts.find((part, index) => part.source === 'shared' && parts[index - 1]?.source === 'startRange')?.value ?? ' – ';
}

/**
 * A range of instants written with Intl `options`, e.g. "Monday, December 7, 2026, 9:30 – 9:45 AM". Intl's range
 * patterns write a date as the date alone is written in most locales, but not in all: in Japanese they turn
 * "2026年12月7日" into "2026/12/7". Such a range is written as its two ends, each exactly as Intl writes it with the
 * options, the locale's own separator between them; the end's date is left out when both fall on one day.
 */
export function formatRange(locale: string, options: Options, start: number, end: number): string {
  const range = new Intl.DateTimeFormat(locale, options).formatRange(start, end);
  const hasDate = DATE_FIELDS.some((field) => options[field] !== undefined);
  const dates = new Intl.DateTimeFormat(locale, without(options, TIME_FIELDS));
  const startDate = dates.format(start);
  const endDate = dates.format(end);
  if (!hasDate || range.includes(startDate) || range.includes(endDate)) return range;
  const hasTime = TIME_FIELDS.some((field) => options[field] !== undefined);
  const endOptions = hasTime && startDate === endDate ? without(options, DATE_FIELDS) : options;
  return `${new Intl.DateTimeFormat(locale, options).format(start)}${rangeSeparator(locale)}${new Intl.DateTimeFormat(locale, endOptions).format(end)}`;
}
