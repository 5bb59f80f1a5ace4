/**
 * At or below this width the app takes its phone layout: the calendar list in a drawer, a one-row header, the
 * agenda and a 3-day view. 640 px because the side panel (240 px) beside a month grid whose seven columns keep
 * about 57 px each needs that much; every phone held upright (at most 430 px) and a Teams meeting's side panel
 * (320 px) fall below it, a tablet held upright (744 px and up) above it.
 */
export const PHONE_LAYOUT_MAX_WIDTH = 640;

export const PHONE_LAYOUT_QUERY = `(max-width: ${PHONE_LAYOUT_MAX_WIDTH}px)`;

/** Days the phone's agenda lists, from the day it starts on: a week, one small window of events on a slow network. */
export const AGENDA_DAYS = 7;
