/** Events are addressed by calendar and id, as in the API's paths (and, later, deep links). */
export interface EventKey {
  calendarId: string;
  eventId: string;
}
