// Plain constants, no types: the style files' build-time evaluation (Griffel) reads this file as JavaScript.

/**
 * The least width of an event in a week or day view where events overlap, side by side: enough for a word of a title a
 * line. Past as many as keep it, a day shows "+N" for the rest (FullCalendar's eventMaxStack), as Outlook does.
 */
export const EVENT_MIN_WIDTH_PX = 40;

/**
 * The strip a day showing "+N" keeps at its inline end for the link: FullCalendar lays the link over the day's last
 * events, where it hid their end and took their clicks (a Join mark's among them).
 */
export const MORE_LINK_STRIP_PX = 28;

/**
 * Below this width a time grid's event shows its title alone: its time ("14:00 – 15:30") would break inside its
 * numbers ("14:0 / 0"), and the event's place in the grid says when it is, as Outlook leaves it to.
 */
export const EVENT_TIME_MIN_WIDTH_PX = 56;
