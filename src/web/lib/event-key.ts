/** An event as the API's paths address it: by calendar and id. (Links carry the id alone: see get-event-by-id.) */
export interface EventKey {
  calendarId: string;
  eventId: string;
}
