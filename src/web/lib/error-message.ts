import { createIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { IDEMPOTENCY_KEY_IN_FLIGHT_TYPE, OUTCOME_UNKNOWN_TYPE, WINDOW_TOO_FULL_TYPE } from '../../shared/problem.ts';
import { SOURCE_LANGUAGE } from '../i18n/locales.ts';
import { ApiError } from './api-client.ts';
import { isNetworkFailure } from './offline-status.ts';
import { PROBLEM_MESSAGES } from './problem-messages.ts';

// Apart from the API client: the first requests (boot.ts) use the client, and must not wait for React and react-intl
// to load before they leave.

// For callers outside React's tree, and those not yet passing theirs: the messages' English.
const ENGLISH = createIntl({ locale: SOURCE_LANGUAGE, defaultLocale: SOURCE_LANGUAGE });

// The statuses the API answers with, each in the user's words; others fall back to the server's detail.
const STATUS_MESSAGES: Partial<Record<number, MessageDescriptor>> = {
  400: PROBLEM_MESSAGES.invalid,
  401: PROBLEM_MESSAGES.signInExpired,
  403: PROBLEM_MESSAGES.forbidden,
  404: PROBLEM_MESSAGES.notFound,
  412: PROBLEM_MESSAGES.staleWrite,
  503: PROBLEM_MESSAGES.busy,
  507: PROBLEM_MESSAGES.storageFull,
};

function apiErrorMessage(error: ApiError, intl: IntlShape): string {
  const { problem } = error;
  if (problem.type === WINDOW_TOO_FULL_TYPE && problem.limit !== undefined) {
    return intl.formatMessage(PROBLEM_MESSAGES.windowTooFull, { limit: problem.limit });
  }
  // A keyed write still unsettled after its retries (idempotent-request.ts): not "busy", which promises nothing was saved.
  if (problem.type === OUTCOME_UNKNOWN_TYPE) return intl.formatMessage(PROBLEM_MESSAGES.outcomeUnknown);
  if (problem.type === IDEMPOTENCY_KEY_IN_FLIGHT_TYPE) return intl.formatMessage(PROBLEM_MESSAGES.stillSaving);
  if (error.status === 429) {
    return error.retryAfterSeconds === null
      ? intl.formatMessage(PROBLEM_MESSAGES.rateLimitedMoment)
      : intl.formatMessage(PROBLEM_MESSAGES.rateLimited, { seconds: error.retryAfterSeconds });
  }
  const known = STATUS_MESSAGES[error.status];
  if (known) return intl.formatMessage(known);
  if (error.status >= 500) return intl.formatMessage(PROBLEM_MESSAGES.serverError);
  // A problem the app has no words for: the server's own, rather than nothing.
  return problem.detail ?? problem.title;
}

/** What went wrong, for the user, in the language of `intl`: API problems by type and status, network failures as such. */
export function errorMessage(error: unknown, intl: IntlShape = ENGLISH): string {
  if (error instanceof ApiError) return apiErrorMessage(error, intl);
  if (isNetworkFailure(error)) return intl.formatMessage(PROBLEM_MESSAGES.unreachable);
  // Sign-in libraries' own failures: their message is all there is.
  if (error instanceof Error && error.message) return error.message;
  return intl.formatMessage(PROBLEM_MESSAGES.unknown);
}
