/**
 * From this width up the header shows every command as a labelled button with who is signed in. An administrator's
 * full header needs about 950 px in one row; below this width (and above the phone layout) Manage calendars, who is
 * signed in and Sign out fold into More options, so that the header never wraps to a second row.
 */
export const HEADER_FULL_MIN_WIDTH = 1024;

export const HEADER_COMPACT_QUERY = `(max-width: ${HEADER_FULL_MIN_WIDTH - 1}px)`;
