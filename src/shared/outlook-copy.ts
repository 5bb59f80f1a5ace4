/** GET and POST /api/calendars/{id}/events/{eventId}/outlook: the signed-in user's copy of an event in their Outlook calendar. */
export interface OutlookCopy {
  /** Whether their Outlook calendar holds a copy (found by Graph, by our event id on it). */
  inOutlook: boolean;
  /** The copy in Outlook on the web, when Graph gave its link. */
  webLink: string | null;
}

/** POST's answer: the copy, and whether this add made it (201) or brought an existing one up to date (200). */
export interface OutlookCopyAdded extends OutlookCopy {
  created: boolean;
}

/** The 422 answered for a series Outlook cannot repeat exactly as it repeats here (its detail says why). */
export const OUTLOOK_CANNOT_REPEAT_TYPE = 'urn:company-calendar:problem:outlook-cannot-repeat';

/** The delegated Graph permission "Add to my Outlook calendar" needs. */
export const OUTLOOK_PERMISSION = 'Calendars.ReadWrite';
