// "3 hours ago", "yesterday", "in 2 days": how long ago (or until) an instant, in the app's locale, by the largest
// unit that fits whole (years past months).
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 365.25 / 12 / 7],
  ['month', 12],
];

/** An instant (ISO 8601) relative to now (ms); under a minute is "now". */
export function relativeTime(iso: string, now: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let amount = (Date.parse(iso) - now) / 1000;
  if (Math.abs(amount) < 60) return format.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size) return format.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return format.format(Math.trunc(amount), 'year');
}
