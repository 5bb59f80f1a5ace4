/** An RFC 9457 problem detail, as every API error is sent. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** For validation errors: each field at fault, with a message. */
  errors?: FieldError[];
  /** For a window too full to answer: the most events one window returns. */
  limit?: number;
  /** For consent required: the Microsoft Graph scopes (full URIs) the user has yet to allow. */
  scopes?: string[];
  /** For a restore refused because the calendar is in the calendar trash (CALENDAR_TRASHED_TYPE): that calendar. */
  calendarId?: string;
}

/** The type of the 422 a feed window holding more than FEED_EVENTS_MAX events gets, for the web app to recognise. */
export const WINDOW_TOO_FULL_TYPE = 'urn:company-calendar:problem:window-too-full';

/**
 * The type of the 422 an .ics import gets when reading its file needs more time or memory than one import may use
 * (its worker thread was ended): nothing was imported.
 */
export const FILE_TOO_COMPLEX_TYPE = 'urn:company-calendar:problem:file-too-complex';

/**
 * The type of the 503 a write gets when the store did not say whether it was stored (a connection cut, or the store's
 * deadline passed while the write was in flight): send the same request again with the same Idempotency-Key.
 */
export const OUTCOME_UNKNOWN_TYPE = 'urn:company-calendar:problem:outcome-unknown';

/** The 422 a request gets whose Idempotency-Key was first used for another request (another body or route). */
export const IDEMPOTENCY_KEY_REUSED_TYPE = 'urn:company-calendar:problem:idempotency-key-reused';

/** The 409 a request gets while an earlier request with the same Idempotency-Key is still being processed. */
export const IDEMPOTENCY_KEY_IN_FLIGHT_TYPE = 'urn:company-calendar:problem:idempotency-key-in-flight';

/** The type of the 422 an iCalendar export holding more than ICS_EXPORT_EVENTS_MAX events gets; `limit` says how many fit. */
export const EXPORT_TOO_LARGE_TYPE = 'urn:company-calendar:problem:export-too-large';

/** A 403 answered when Microsoft Graph needs the user's consent first; `scopes` names what to ask for. */
export const CONSENT_REQUIRED_TYPE = 'urn:company-calendar:problem:consent-required';

/** The type of the 422 a subscription feed over SUBSCRIPTION_FEED_BYTES_MAX gets: its link should name a category. */
export const FEED_TOO_LARGE_TYPE = 'urn:company-calendar:problem:feed-too-large';

export interface FieldError {
  /** A dotted path into the request, e.g. "extendedProps.location", or the query parameter's name. */
  field: string;
  message: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** 409: an event cannot be restored while its calendar is in the calendar trash; `calendarId` names the calendar. */
export const CALENDAR_TRASHED_TYPE = 'urn:company-calendar:problem:calendar-trashed';

/** 507: the store had no room for the write (its disk or database is full) and nothing was saved; reads still work. */
export const STORAGE_FULL_TYPE = 'urn:company-calendar:problem:storage-full';
