import { defineMessage, defineMessages } from 'react-intl';

/**
 * What the app says when a request fails, by the problem's type or status: the server's problem details stay in
 * English for developers and logs, and the user reads these.
 */
export const PROBLEM_MESSAGES = defineMessages({
  invalid: { id: 'problem.invalid', defaultMessage: 'Some of the details are not valid. Check them and try again.' },
  signInExpired: { id: 'problem.signInExpired', defaultMessage: 'Your sign-in has expired or was not accepted.' },
  forbidden: { id: 'problem.forbidden', defaultMessage: 'You are not allowed to do this.' },
  notFound: { id: 'problem.notFound', defaultMessage: 'This no longer exists, or you cannot see it.' },
  staleWrite: {
    id: 'problem.staleWrite',
    defaultMessage: 'Someone else changed this since you opened it. Look at the latest version, then make your change again.',
  },
  windowTooFull: defineMessage<{ limit: number }>({
    id: 'problem.windowTooFull',
    defaultMessage:
      'There are too many events to show here: at most {limit, plural, one {# event} other {# events}} fit. Show a shorter period or fewer calendars.',
  }),
  rateLimited: defineMessage<{ seconds: number }>({
    id: 'problem.rateLimited',
    defaultMessage: '{seconds, plural, one {Too many requests. Try again in # second.} other {Too many requests. Try again in # seconds.}}',
  }),
  rateLimitedMoment: { id: 'problem.rateLimitedMoment', defaultMessage: 'Too many requests. Try again in a moment.' },
  busy: { id: 'problem.busy', defaultMessage: 'The calendar is busy. Try again shortly.' },
  storageFull: { id: 'problem.storageFull', defaultMessage: 'The calendar’s storage is full, so nothing was saved. Try again once an administrator has freed space.' },
  outcomeUnknown: {
    id: 'problem.outcomeUnknown',
    defaultMessage: 'The server did not confirm whether your change was saved. Check whether it is there before you make it again.',
  },
  stillSaving: { id: 'problem.stillSaving', defaultMessage: 'Your change is still being saved. Check in a moment whether it is there.' },
  serverError: { id: 'problem.serverError', defaultMessage: 'Something went wrong on the server. Try again later.' },
  unreachable: { id: 'problem.unreachable', defaultMessage: 'The server could not be reached. Check your connection.' },
  unknown: { id: 'problem.unknown', defaultMessage: 'Something went wrong. Try again.' },
});
