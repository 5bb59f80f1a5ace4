/** A span of time picked on the calendar, as FullCalendar reports a selection: the end is exclusive. */
export interface DateSpan {
  start: Date;
  end: Date;
  allDay: boolean;
}
