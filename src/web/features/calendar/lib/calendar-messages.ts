/** The calendar's own words, beside those FullCalendar's locale files bring. */
export const CALENDAR_MESSAGES = {
  agenda: 'Agenda',
  // FullCalendar names a step by its unit ("Previous week"); a view of several days has none.
  previousDays: (days: number) => `Previous ${days} days`,
  nextDays: (days: number) => `Next ${days} days`,
  /** The printed page's heading: the calendars shown, and the period (the calendar's own title for it). */
  /** When the server refuses a window for holding more events than one answer carries. */
  windowTooFull: (limit: number) => `This view holds more than ${limit.toLocaleString('en')} events. Switch to a shorter view or hide some calendars.`,
  printHeading: (calendarNames: readonly string[], period: string) => (calendarNames.length > 0 ? `${calendarNames.join(', ')} — ${period}` : period),
} as const;

/** "3 days" in the user's language, from the browser's own unit names. */
export function dayCount(language: string, days: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}
