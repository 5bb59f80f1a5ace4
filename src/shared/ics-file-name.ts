// What an iCalendar download is called: the same name from the API's Content-Disposition and the web app's save.

/** The longest file name, in characters, before ".ics". */
export const ICS_FILE_NAME_MAX = 60;

/** What an export of a calendar, or of one category of it, is named after. */
export function icsExportTitle(calendarName: string, categoryName?: string): string {
  return categoryName ? `${calendarName} – ${categoryName}` : calendarName;
}

/** A file name from a title: letters, digits, dots, dashes and single spaces; "calendar" if nothing is left. */
export function icsFileName(title: string): string {
  const safe = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, ' ')
    .trim()
    .replace(/^[.-]+/, '')
    .slice(0, ICS_FILE_NAME_MAX)
    .trim();
  return `${safe || 'calendar'}.ics`;
}
