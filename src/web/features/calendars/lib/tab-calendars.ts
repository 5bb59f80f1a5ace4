/** A tab's content URL names its calendars: /?calendars=a,b. */
const CALENDARS_PARAM = 'calendars';

/** The calendars a tab shows, from its URL; null for every calendar. */
export function tabCalendarIds(search: string): string[] | null {
  const ids = new URLSearchParams(search).get(CALENDARS_PARAM)?.split(',').filter(Boolean) ?? [];
  return ids.length > 0 ? ids : null;
}

/** The URL a tab opens on: the app, showing just these calendars. */
export function tabContentUrl(calendarIds: readonly string[]): string {
  const url = new URL('/', window.location.origin);
  url.searchParams.set(CALENDARS_PARAM, calendarIds.join(','));
  return url.href;
}
