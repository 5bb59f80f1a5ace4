// Plain constants, no types: the style files' build-time evaluation (Griffel) reads this file as JavaScript.

/**
 * From this width the search's results sit beside the calendar, which narrows for them; below it they cover the
 * calendar whole, as a view of their own (the calendar under them inert), rather than part of it with its toolbar's
 * buttons under them, out of reach.
 */
export const SEARCH_BESIDE_MIN_WIDTH = 1024;

export const SEARCH_COVERS_QUERY = `(max-width: ${SEARCH_BESIDE_MIN_WIDTH - 1}px)`;
