// Every size and range limit the API enforces. Each one has a test.
export const CALENDAR_NAME_MAX = 100;
export const CALENDAR_DESCRIPTION_MAX = 1_000;
export const CALENDAR_EDITORS_MAX = 200;
export const PRINCIPAL_ID_MAX = 200;
export const EVENT_TITLE_MAX = 200;
/** The most visible characters of a description (its text, without markup). */
export const EVENT_DESCRIPTION_MAX = 10_000;
/** The most characters of a description's stored HTML, markup included. */
export const EVENT_DESCRIPTION_HTML_MAX = 40_000;
/**
 * How deep a description's elements may nest (a list in a list item in a list is three). The editor writes shallow
 * HTML: a list indented twenty times is about 45 deep, pasted Word or Outlook text about 20. Deeper is a 400: the
 * converters that make a description plain text (search, iCalendar) recurse once per level.
 */
export const EVENT_DESCRIPTION_NESTING_MAX = 100;
export const EVENT_LOCATION_MAX = 500;
export const EVENT_URL_MAX = 2_048;
export const EVENT_GROUP_ID_MAX = 200;
/** A video link as pasted, and the canonical embed URL it is stored as. */
export const EVENT_VIDEO_URL_MAX = 2_048;
/** An online meeting's join link. */
export const EVENT_MEETING_URL_MAX = 2_048;
/** An id the API hands out (calendars, events, categories): longer ones are refused before any lookup. */
export const ID_MAX = 100;
export const CATEGORY_NAME_MAX = 50;
/** How many categories one calendar may have. */
export const CATEGORIES_PER_CALENDAR_MAX = 50;
/** The longest search query, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Results per page of GET /api/search. */
export const SEARCH_PAGE_SIZE = 25;
/** Events the header's search box suggests as words are typed: one request of GET /api/search with this limit. */
export const SEARCH_SUGGESTIONS_MAX = 5;
/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SEARCH_SUGGEST_DEBOUNCE_MS = 250;
/** Suggestions come from this many characters typed: one letter would match nearly everything. */
export const SEARCH_SUGGEST_MIN_CHARS = 2;
/** The longest event, in days. */
export const EVENT_MAX_DURATION_DAYS = 366;
/**
 * The supported years, both inclusive: every start and end lies from 1 January EVENT_YEAR_MIN, 00:00 UTC, to the end
 * of 31 December EVENT_YEAR_MAX. A start may be at most the last instant (or day) of EVENT_YEAR_MAX; an end, being
 * exclusive, at most 1 January EVENT_YEAR_MAX + 1, 00:00 UTC (the all-day end after 31 December).
 */
export const EVENT_YEAR_MIN = 1900;
export const EVENT_YEAR_MAX = 2200;
/** The widest window GET /api/events answers, in days. */
export const EVENT_WINDOW_MAX_DAYS = 400;
/** How many calendarId filters one GET /api/events may carry. */
export const EVENT_WINDOW_CALENDARS_MAX = 100;
/** Request bodies above this size get 413. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
/**
 * The deepest nesting of arrays and objects a JSON body may hold, checked on its text before it is parsed: the
 * bodies the API reads nest 2 levels (an event's extendedProps, a calendar's editors); 30,000 levels in 60 kB once
 * took the server's heap.
 */
export const REQUEST_BODY_DEPTH_MAX = 32;

export const DAY_MS = 86_400_000;

/** The most occurrences a series' COUNT may ask for: two years of a daily series. */
export const RECURRENCE_COUNT_MAX = 730;
/** The widest INTERVAL: every 99 days, weeks, months or years. */
export const RECURRENCE_INTERVAL_MAX = 99;
/** The longest repeat rule (RRULE value), in characters. */
export const RECURRENCE_RULE_MAX = 1_000;
/** How many skipped occurrences (exdate) one series may carry. */
export const RECURRENCE_EXDATE_MAX = 1_000;
/** How many extra occurrences (rdate, RDATE in iCalendar) one series may carry beside its rule's: each feed window filters them all. */
export const RECURRENCE_RDATE_MAX = 1_000;
/** The most occurrences one series yields for one window: a guard, since a long event repeated daily overlaps many. */
export const RECURRENCE_WINDOW_OCCURRENCES_MAX = 500;
/** How many occurrences of one series may be changed on their own (overrides), all kept in the series' record. */
export const RECURRENCE_OVERRIDES_MAX = 500;
/**
 * The most events one feed window returns, single events and series occurrences together: more is a 422 asking for a
 * shorter window or fewer calendars. It also bounds series expansion, which stops as soon as the window is over it.
 */
export const FEED_EVENTS_MAX = 5_000;

/** How many subscription links (GET /ics/{secret}.ics) one person may hold at once, across calendars. */
export const SUBSCRIPTIONS_PER_USER_MAX = 20;
/** Requests one subscription link may make per minute (per instance): calendar apps poll every few hours. */
export const SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE = 60;
/**
 * The largest subscription feed, in bytes of iCalendar: a bigger one is a 422 that asks for a link to one category
 * instead. ICS_EXPORT_EVENTS_MAX bounds a feed's events; this bounds its size when they carry long descriptions, which
 * every calendar app polling the link downloads again and again.
 */
export const SUBSCRIPTION_FEED_BYTES_MAX = 4 * 1024 * 1024;

/** The shortest and longest directory search (GET /api/directory/search?q=), in characters. */
export const DIRECTORY_QUERY_MIN = 1;
export const DIRECTORY_QUERY_MAX = 100;
/** The most people and groups one directory search answers, users and groups together. */
export const DIRECTORY_RESULTS_MAX = 20;
/** The most ids one POST /api/directory/resolve names: every editor of a calendar. */
export const DIRECTORY_RESOLVE_IDS_MAX = CALENDAR_EDITORS_MAX;

/** The largest .ics file one import takes (POST /api/calendars/{id}/import): more is a 413. The web app checks it first. */
export const ICS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most components (events, tasks, journal entries) one .ics file may hold for an import: more is a 400 asking to
 * split it. Counted on the BEGIN lines directly inside a VCALENDAR (time zones aside), before anything parses the file.
 */
export const ICS_IMPORT_COMPONENTS_MAX = 2_000;
/**
 * The most single events that a file's events repeating only on listed dates (RDATE without RRULE) become, one per
 * date, all such events of the file together: as many as a file may hold items, so an import writes at most twice
 * ICS_IMPORT_COMPONENTS_MAX events. An event whose dates would pass it is skipped, saying so.
 */
export const ICS_IMPORT_LISTED_DATES_MAX = ICS_IMPORT_COMPONENTS_MAX;
/**
 * The most changes to an occurrence and all after it (RANGE=THISANDFUTURE) one series of an .ics file is split at,
 * earliest first (Apple writes one per "this and following" edit); each split works out the series' occurrences up to
 * it. Later ones are skipped, saying so.
 */
export const ICS_IMPORT_SPLITS_MAX = 20;
/**
 * The most components of every kind and depth one .ics file may hold (calendars, events, their alarms, time zones and
 * their observances), counted on BEGIN lines before parsing: more is a 400.
 */
export const ICS_IMPORT_ALL_COMPONENTS_MAX = 20_000;
/**
 * How deep components may nest in an .ics file, VCALENDAR being 1: real files go 3 deep (VCALENDAR, VEVENT, VALARM).
 * Deeper is a 400 before anything parses the file (150,000 nested VCALENDARs overflowed the parser's stack).
 */
export const ICS_IMPORT_DEPTH_MAX = 8;
/**
 * The longest content line of an .ics file, unfolded, in characters: a description at EVENT_DESCRIPTION_HTML_MAX with
 * every character escaped (twice as long), and as much again of the markup Outlook writes in X-ALT-DESC and the
 * sanitiser drops. Longer is a 400 naming the line, before anything parses it.
 */
export const ICS_IMPORT_LINE_MAX = 4 * EVENT_DESCRIPTION_HTML_MAX;
/**
 * The most lines (as the file numbers them, folded or not) one .ics file may have, counted on its bytes before they are
 * decoded: 100 a component at ICS_IMPORT_COMPONENTS_MAX, room for long attendee lists. A 5 MB file of one-character
 * properties (a million lines) would otherwise be read into a million objects. More is a 400.
 */
export const ICS_IMPORT_LINES_MAX = 200_000;
/** The most parameters one property of an .ics file may carry (an ATTENDEE has about eight): more is a 400 naming the line. */
export const ICS_IMPORT_PARAMETERS_MAX = 50;
/** The most time zones (VTIMEZONE) one .ics file may define: more is a 400. Outlook writes one per zone its events use. */
export const ICS_IMPORT_VTIMEZONES_MAX = 50;
/**
 * The most observances (STANDARD, DAYLIGHT) one VTIMEZONE may hold: Outlook and Google write two, Apple a few, a
 * zone's whole history some dozens. More is a 400 naming the VTIMEZONE's line.
 */
export const ICS_IMPORT_OBSERVANCES_MAX = 100;
/**
 * How many of a file's own time zones (VTIMEZONEs whose TZID names no zone we know) an import matches to IANA zones, at
 * about 20 ms each; the others place their times by their own offsets, and a series in one is skipped.
 */
export const ICS_IMPORT_ZONE_MATCHES_MAX = 20;

/**
 * The most events one iCalendar export holds (GET …/calendar.ics, and a subscription's feed), a series counting once
 * with its changed occurrences; the store reads at most one more to know. More is a 422 asking for a shorter range
 * or one category. A calendar of 100k events exports a range of it, never the whole at once.
 */
export const ICS_EXPORT_EVENTS_MAX = 5_000;

/** The most characters of each of the words the web app sends for the links in an Outlook copy's body. */
export const OUTLOOK_LABEL_MAX = 100;

/** How long a deleted event stays in its calendar's trash, restorable, before it is purged for good. */
export const EVENT_TRASH_DAYS = 30;
/** How long a deleted calendar (with its events) stays in the tenant's calendar trash before it is purged. */
export const CALENDAR_TRASH_DAYS = 30;
/** How long history entries are kept (SQLite: purged; Cosmos: their TTL). */
export const HISTORY_RETENTION_DAYS = 400;
/** How often the stores purge what outlived its keeping (trash, history), besides once at start-up. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/** The most entries one page of an event's history or a calendar's activity holds (`?limit=`, default HISTORY_PAGE_DEFAULT). */
export const HISTORY_PAGE_MAX = 100;
export const HISTORY_PAGE_DEFAULT = 25;
/** The most entries of a calendar's trash one answer lists (newest first); the rest wait their purge. */
export const TRASH_LIST_MAX = 500;

/** The most live streams (GET /api/changes) one person may hold open on one instance: more is a 429. */
export const LIVE_STREAMS_PER_USER_MAX = 8;
/** The most live streams one instance holds open at once: more is a 429 with Retry-After. */
export const LIVE_STREAMS_PER_INSTANCE_MAX = 2_000;
/** How often a live stream sends a comment when nothing else, so that proxies (App Service's front end) keep it open. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** The most changes a reconnect replays after its Last-Event-ID; further behind, the stream says to refetch. */
export const LIVE_REPLAY_MAX = 500;
/** The web app refetches a calendar's window at most once in this long, however many notices arrive. */
export const LIVE_REFETCH_COALESCE_MS = 500;
/** How long the toast after a delete, a drag or a resize offers Undo. */
export const UNDO_WINDOW_MS = 10_000;
/** The longest Idempotency-Key a request may carry (the web app sends a UUID, 36 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How many times the web app sends a keyed write again when it cannot know whether it was saved. */
export const IDEMPOTENT_RETRY_ATTEMPTS = 4;
/** The web app's first wait before sending a keyed write again; doubled each time after. */
export const IDEMPOTENT_RETRY_BASE_MS = 1_000;
