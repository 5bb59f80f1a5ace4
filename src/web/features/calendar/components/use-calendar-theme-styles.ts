import { makeStyles, tokens } from '@fluentui/react-components';
import { EVENT_TIME_MIN_WIDTH_PX, MORE_LINK_STRIP_PX } from '../lib/time-grid-widths.ts';

/** Stable class names for our own styling hooks and for tests (FullCalendar v7's own classes are hashed). */
export const CALENDAR_CLASS = 'cc-calendar';
/** The "+ more" popover, which FullCalendar renders at the end of the body, outside the calendar. */
export const POPOVER_CLASS = 'cc-popover';
export const EVENT_CLASS = 'cc-event';
export const BLOCK_EVENT_CLASS = 'cc-block-event';
/** A time grid's event too short for two lines: its time and title share one. */
export const SHORT_EVENT_CLASS = 'cc-short-event';
/** A list-item event: a row of a list view, and also a month view's timed (dot) event. */
export const LIST_EVENT_CLASS = 'cc-list-event';
/** A day of a list view, holding its events. */
export const LIST_DAY_CLASS = 'cc-list-day';
export const EVENT_TITLE_CLASS = 'cc-event-title';
export const EVENT_TIME_CLASS = 'cc-event-time';
/** A day's or week's number that goes to it, and the hours outside the working day in time grids. */
export const NAV_LINK_CLASS = 'cc-nav-link';
export const NON_BUSINESS_CLASS = 'cc-non-business';
/** A day's column in a time grid: a keyboard moves through its slots (see useGridKeyboard). */
export const DAY_LANE_CLASS = 'cc-day-lane';
/** A "+N" link to the events a day has no room for (month cells and time grids). */
export const MORE_LINK_CLASS = 'cc-more-link';
/** A time grid's row of one slot, across the days; data-time names its time. */
export const SLOT_LANE_CLASS = 'cc-slot-lane';
/** An event someone else just changed (see use-live-changes.ts), and the hint inside it that says who. */
export const LIVE_HINTED_CLASS = 'cc-live-hinted';
export const LIVE_HINT_CLASS = 'cc-live-hint';
/** The mark of an occurrence of a series, before its title (event-content.tsx). */
export const REPEAT_ICON_CLASS = 'cc-repeat-icon';
/** The month as printed: a table of its own (printed-month.tsx). */
export const PRINTED_MONTH_CLASS = 'cc-printed-month';
/** The time grids' line at the time it is now, and its dot on the time axis. */
export const NOW_CLASS = 'cc-now';
export const TOOLBAR_CLASS = 'cc-toolbar';
export const TOOLBAR_TITLE_CLASS = 'cc-toolbar-title';

/** The least height of an event in a list view: a touch target a finger can hit (WCAG 2.5.5). */
export const TOUCH_TARGET_MIN_PX = 44;

/**
 * FullCalendar's forma theme, coloured with Fluent tokens. The variables must be set on an element
 * inside the FluentProvider (or one carrying its theme class, like a portal), because that is where the
 * token variables are defined; and the forma palette file is not imported, because its dark-scheme
 * block would override this mapping.
 */
export const useCalendarThemeStyles = makeStyles({
  root: {
    '--fc-forma-primary': tokens.colorBrandBackground,
    '--fc-forma-primary-over': tokens.colorBrandBackgroundHover,
    '--fc-forma-primary-down': tokens.colorBrandBackgroundPressed,
    '--fc-forma-primary-foreground': tokens.colorNeutralForegroundOnBrand,
    '--fc-forma-event': tokens.colorBrandBackground,
    '--fc-forma-event-contrast': tokens.colorNeutralForegroundOnBrand,
    '--fc-forma-background-event': tokens.colorBrandBackground2,
    '--fc-forma-highlight': tokens.colorBrandBackground2,
    '--fc-forma-background': tokens.colorNeutralBackground1,
    '--fc-forma-faint': tokens.colorNeutralBackground2,
    '--fc-forma-muted': tokens.colorSubtleBackgroundHover,
    '--fc-forma-strong': tokens.colorSubtleBackgroundPressed,
    '--fc-forma-stronger': tokens.colorNeutralBackground5,
    '--fc-forma-strongest': tokens.colorNeutralBackground6,
    '--fc-forma-foreground': tokens.colorNeutralForeground1,
    '--fc-forma-faint-foreground': tokens.colorNeutralForeground4,
    '--fc-forma-muted-foreground': tokens.colorNeutralForeground3,
    '--fc-forma-border': tokens.colorNeutralStroke2,
    '--fc-forma-muted-border': tokens.colorNeutralStroke3,
    '--fc-forma-strong-border': tokens.colorNeutralStroke1,
    '--fc-forma-ring-color': tokens.colorStrokeFocus2,
    fontFamily: tokens.fontFamilyBase,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,

    // Fluent's body text size, rather than forma's 16px.
    [`& .${CALENDAR_CLASS}, &.${POPOVER_CLASS}`]: { fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },

    // Forma fills hovered and selected controls with the muted and strong colours but keeps the text colour; in
    // Teams's high-contrast theme those fills are bright, and the text must switch as Fluent's own controls do.
    [`& .${CALENDAR_CLASS} button:hover, & .${CALENDAR_CLASS} [role=tab][aria-selected=true]`]: { color: tokens.colorNeutralForeground1Hover },
    [`& .${CALENDAR_CLASS} button:active`]: { color: tokens.colorNeutralForeground1Pressed },

    // Forma tints event blocks and keeps the page's text colour; we fill them with the calendar's own
    // colour and the static text token picked for contrast (see readableTextOn).
    [`& .${BLOCK_EVENT_CLASS}, & .${BLOCK_EVENT_CLASS}:hover, & .${BLOCK_EVENT_CLASS}:active`]: {
      backgroundColor: 'var(--fc-event-color)',
      color: 'var(--fc-event-contrast-color)',
    },
    [`& .${BLOCK_EVENT_CLASS}:hover`]: { boxShadow: tokens.shadow4 },

    // Focus rings in Fluent's focus colour, black on light pages and white on dark ones (3:1 and more on either), not
    // forma's brand colour (about 2.2:1 on the dark theme's background).
    [`& .${CALENDAR_CLASS} :focus-visible, &.${POPOVER_CLASS} :focus-visible`]: { outlineColor: tokens.colorStrokeFocus2 },
    // The month grid's day, its one tab stop: the ring inside the cell, whose neighbours would cover one outside it.
    [`& .${CALENDAR_CLASS} [role=gridcell]:focus-visible`]: {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: `calc(-1 * ${tokens.strokeWidthThick})`,
    },
    // A time grid's day with focus marks its slot: a band where --cc-slot-top and --cc-slot-height say.
    [`& .${DAY_LANE_CLASS}:focus-visible`]: {
      backgroundImage: `linear-gradient(${tokens.colorBrandBackground2}, ${tokens.colorBrandBackground2})`,
      backgroundRepeat: 'no-repeat',
      backgroundPosition: '0 var(--cc-slot-top, 0)',
      backgroundSize: '100% var(--cc-slot-height, 0)',
    },
    // A title too long for its day ends in an ellipsis; the whole of it is the event's tooltip (see useTitleHints).
    [`& .${EVENT_TITLE_CLASS}`]: { textOverflow: 'ellipsis' },
    // In the week and day grids an event's time and title wrap between words within its box, at Outlook's size:
    // events side by side stay readable word by word (see useEventMaxStack).
    // Each a container: a narrow one drops its time (EVENT_TIME_MIN_WIDTH_PX), and a time wraps only between words.
    [`& .${DAY_LANE_CLASS} .${BLOCK_EVENT_CLASS}`]: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, containerType: 'inline-size' },
    [`@container (max-width: ${EVENT_TIME_MIN_WIDTH_PX - 1}px)`]: { [`& .${DAY_LANE_CLASS} .${EVENT_TIME_CLASS}`]: { display: 'none' } },
    // A time grid's day with "+N" keeps a strip at its end for the link, which FullCalendar lays over the last events:
    // a transparent border narrows the box the events are placed in (by share of its width), and the link sits on it.
    [`& .${DAY_LANE_CLASS} > [role=list]:has(> [role=listitem] > .${MORE_LINK_CLASS})`]: {
      borderInlineEndWidth: `${MORE_LINK_STRIP_PX}px`,
      borderInlineEndStyle: 'solid',
      borderInlineEndColor: 'transparent',
    },
    [`& .${DAY_LANE_CLASS} [role=listitem]:has(> .${MORE_LINK_CLASS})`]: { insetInlineEnd: `-${MORE_LINK_STRIP_PX}px !important` },
    [`& .${DAY_LANE_CLASS} .${MORE_LINK_CLASS}`]: { width: `${MORE_LINK_STRIP_PX}px`, boxSizing: 'border-box', justifyContent: 'center' },
    // Forma's 4 px either side of the text would leave a third of a 40 px event to padding.
    [`& .${DAY_LANE_CLASS} .${BLOCK_EVENT_CLASS} > div`]: { paddingInline: tokens.spacingHorizontalXXS },
    [`& .${DAY_LANE_CLASS} .${BLOCK_EVENT_CLASS}:not(.${SHORT_EVENT_CLASS}) .${EVENT_TITLE_CLASS}`]: {
      whiteSpace: 'normal',
      overflowWrap: 'break-word',
      textOverflow: 'clip',
    },
    [`& .${DAY_LANE_CLASS} .${BLOCK_EVENT_CLASS}:not(.${SHORT_EVENT_CLASS}) .${EVENT_TIME_CLASS}`]: { whiteSpace: 'normal', textOverflow: 'clip' },

    // In list views only: the month's dot events keep their compact height.
    [`& .${LIST_DAY_CLASS} .${LIST_EVENT_CLASS}`]: { minHeight: `${TOUCH_TARGET_MIN_PX}px`, boxSizing: 'border-box' },
    // A list has room below each title: long ones wrap rather than lose their end.
    [`& .${LIST_DAY_CLASS} .${EVENT_TITLE_CLASS}`]: { whiteSpace: 'normal', overflowWrap: 'anywhere' },

    // An event someone else just changed is ringed (and says who: event-live-hint.tsx).
    [`& .${LIVE_HINTED_CLASS}`]: { outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`, outlineOffset: tokens.strokeWidthThin },
    [`& .${LIVE_HINTED_CLASS}:focus-visible`]: { outlineStyle: 'solid' },

    // On paper: no buttons, every title whole, and each calendar's colour kept as a border, since printers
    // leave backgrounds out unless asked.
    '@media print': {
      [`& .${TOOLBAR_CLASS}, & .${NOW_CLASS}`]: { display: 'none' },
      // Titles wrap between words; only a word longer than its column breaks (never a column of single letters).
      [`& .${EVENT_TITLE_CLASS}`]: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'break-word' },
      [`& .${EVENT_TIME_CLASS}`]: { overflow: 'visible', textOverflow: 'clip' },
      // A short event's one line is its title's (its time is on the time axis beside it): whole where it fits.
      [`& .${SHORT_EVENT_CLASS} .${EVENT_TIME_CLASS}`]: { display: 'none' },
      [`& .${SHORT_EVENT_CLASS} .${EVENT_TITLE_CLASS}`]: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
      [`& .${BLOCK_EVENT_CLASS}, & .${BLOCK_EVENT_CLASS}:hover`]: {
        backgroundColor: 'transparent',
        color: tokens.colorNeutralForeground1,
        boxShadow: 'none',
        border: `${tokens.strokeWidthThin} solid var(--fc-event-color)`,
        borderInlineStartWidth: tokens.strokeWidthThickest,
      },
    },

    '@media (forced-colors: active)': {
      [`& .${EVENT_CLASS}`]: { border: `${tokens.strokeWidthThin} solid CanvasText` },
      [`& .${EVENT_CLASS}:focus-visible, & [role=gridcell]:focus-visible`]: { outline: `${tokens.strokeWidthThick} solid Highlight` },
      [`& .${LIVE_HINTED_CLASS}`]: { outline: `${tokens.strokeWidthThick} dashed CanvasText` },
      // Forced colours drop the band's gradient: the slot is framed instead, over the lane's events, letting them show.
      [`& .${DAY_LANE_CLASS}:focus-visible::after`]: {
        content: '""',
        position: 'absolute',
        insetInline: 0,
        top: 'var(--cc-slot-top, 0)',
        height: 'var(--cc-slot-height, 0)',
        boxSizing: 'border-box',
        border: `${tokens.strokeWidthThick} solid Highlight`,
        pointerEvents: 'none',
      },
    },
  },
  // A phone's title shares its row with Today and the arrows.
  phone: { [`& .${TOOLBAR_TITLE_CLASS}`]: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 } },
});
