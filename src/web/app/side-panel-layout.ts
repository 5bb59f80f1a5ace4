/**
 * From this width up the calendar panel (mini month, calendars, categories, time zone, view options) sits beside the
 * calendar; below it the panel is a drawer over the calendar, closed until ☰ opens it. Beside the 240 px panel a
 * week's days keep about 120 px each from this width: a title of about fifteen characters, or two overlapping events
 * side by side at their least width (EVENT_MIN_WIDTH_PX) and the strip for "+N". At 768 px with the panel they kept
 * 65 px ("Tok…").
 */
export const SIDE_PANEL_MIN_WIDTH = 1200;

export const PANEL_DRAWER_QUERY = `(max-width: ${SIDE_PANEL_MIN_WIDTH - 1}px)`;
