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

/** The literal text Intl writes between the fields of these parts ("/", "年", ":", "時"). */
function literals(parts: readonly Intl.DateTimeFormatPart[]): Set<string> {
  return new Set(parts.filter((part) => part.type === 'literal').map((part) => part.value.trim()));
}

/**
 * Writes ranges of instants with Intl `options`, e.g. "Monday, December 7, 2026, 9:30 – 9:45 AM". Intl's range
 * patterns write a date or a time as it alone is written in most locales, but not in all: in Japanese they turn
 * "2026年12月7日" into "2026/12/7" and "9:30" into "9時30分". Such a range (its start written with literals the start
 * alone does not use) is written as its two ends, each exactly as Intl writes it with the options, the locale's own
 * separator between them; the end's date is left out when both fall on one day. The formats are made once.
 */
export function rangeFormatter(locale: string, options: Options): (start: number, end: number) => string {
  const whole = new Intl.DateTimeFormat(locale, options);
  const hasDate = DATE_FIELDS.some((field) => options[field] !== undefined);
  const hasTime = TIME_FIELDS.some((field) => options[field] !== undefined);
  const dates = new Intl.DateTimeFormat(locale, without(options, TIME_FIELDS));
  const endTimes = hasDate && hasTime ? new Intl.DateTimeFormat(locale, without(options, DATE_FIELDS)) : whole;
  return (start, end) => {
    const range = whole.formatRangeToParts(start, end);
    const own = literals(whole.formatToParts(start));
    const foreign = [...literals(range.filter((part) => part.source === 'startRange'))].some((literal) => !own.has(literal));
    if (!foreign) return range.map((part) => part.value).join('');
    const endFormat = hasDate && dates.format(start) === dates.format(end) ? endTimes : whole;
    return `${whole.format(start)}${rangeSeparator(locale)}${endFormat.format(end)}`;
  };
}

/** One range written by rangeFormatter. */
export function formatRange(locale: string, options: Options, start: number, end: number): string {
  return rangeFormatter(locale, options)(start, end);
}
