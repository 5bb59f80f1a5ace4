import { EVENT_DESCRIPTION_MAX, EVENT_DESCRIPTION_NESTING_MAX } from '../../../../shared/limits.ts';
import { isTeamsMeetingUrl } from '../../../../shared/meeting-url.ts';
import { normaliseVideoUrl } from '../../../../shared/video-url.ts';
import { descriptionNesting, descriptionText } from '../../../../shared/rich-text.ts';
import { EVENT_FORM_ERROR_MESSAGES as E, type FormMessage } from './event-form-messages.ts';
import { RICH_FIELD_MESSAGES as R } from './rich-content-messages.ts';

/** What the video field says is wrong with a link, in the app's words; null for none (or an empty field). */
export function videoFieldError(value: string, sharePointOrigins: readonly string[]): FormMessage | null {
  if (value.trim() === '' || normaliseVideoUrl(value, sharePointOrigins).ok) return null;
  return sharePointOrigins.length > 0 ? { message: R.videoInvalidWithStream, values: { sites: sharePointOrigins.join(', ') } } : { message: R.videoInvalid };
}

/** What the Teams meeting field says is wrong with a link; null for none (or an empty field). */
export function meetingFieldError(value: string): FormMessage | null {
  return value.trim() === '' || isTeamsMeetingUrl(value.trim()) ? null : { message: R.meetingInvalid };
}

/** The description's error when its visible text or its nesting is over the limit (the schema limits its HTML). */
export function descriptionTextError(html: string): FormMessage | null {
  if (descriptionText(html).length > EVENT_DESCRIPTION_MAX) return { message: E.descriptionTooLong, values: { max: EVENT_DESCRIPTION_MAX } };
  if (descriptionNesting(html) > EVENT_DESCRIPTION_NESTING_MAX) return { message: E.descriptionTooDeep, values: { max: EVENT_DESCRIPTION_NESTING_MAX } };
  return null;
}
