/** The browser's IANA time zone, e.g. Europe/London. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
