import { z } from 'zod';
import { OUTLOOK_LABEL_MAX } from './limits.ts';

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

/**
 * The words the copy's body puts before the Teams meeting link and the link back, in the adder's language: the web
 * app sends them from its catalogues (the server has none). English when a caller sends none.
 */
export const DEFAULT_OUTLOOK_LABELS = { joinMeeting: 'Join the Microsoft Teams meeting', openInApp: 'Open in Company Calendar' } as const;
export type OutlookLabels = { joinMeeting: string; openInApp: string };

const labelSchema = z
  .string()
  .trim()
  .min(1, 'Enter the words for this link')
  .max(OUTLOOK_LABEL_MAX, `At most ${OUTLOOK_LABEL_MAX} characters`);

/** POST's body, which may be empty. */
export const outlookAddSchema = z
  .strictObject({ labels: z.strictObject({ joinMeeting: labelSchema, openInApp: labelSchema }).optional() })
  .optional()
  .transform((body): OutlookLabels => body?.labels ?? DEFAULT_OUTLOOK_LABELS);
