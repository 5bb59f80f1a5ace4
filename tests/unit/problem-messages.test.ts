import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, test } from 'vitest';
import { forbidden, idempotencyKeyInFlight, notFound, unauthorized, validationFailed, windowTooFull, type HttpProblem } from '../../src/api/errors.ts';
import { preconditionFailed } from '../../src/api/http/conditional-requests.ts';
import { toHttpProblem } from '../../src/api/http/problem-reply.ts';
import { tooManyRequests } from '../../src/api/plugins/external/rate-limit.ts';
import { OutcomeUnknownError, StoreFullError, StoreUnavailableError } from '../../src/api/stores/repository.ts';
import { ApiError } from '../../src/web/lib/api-client.ts';
import { errorMessage } from '../../src/web/lib/error-message.ts';
import { PROBLEM_MESSAGES } from '../../src/web/lib/problem-messages.ts';

const catalog = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../src/web/i18n/catalogs/de.json'), 'utf8')) as Record<string, string>;
const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: catalog, onError: (error) => expect.fail(String(error)) });

/** The problem as the web app receives it. */
const received = (problem: HttpProblem, retryAfterSeconds: number | null = null) => new ApiError(problem.toProblem('/api/x'), retryAfterSeconds);

// Every problem the API answers with on purpose, from the API's own constructors.
const SERVER_PROBLEMS: [string, ApiError, keyof typeof PROBLEM_MESSAGES][] = [
  ['400 validation', received(validationFailed([{ field: 'title', message: 'Enter a title' }])), 'invalid'],
  ['401 unauthorized', received(unauthorized('Sign in first.')), 'signInExpired'],
  ['403 forbidden', received(forbidden('Only administrators manage calendars.')), 'forbidden'],
  ['404 not found', received(notFound()), 'notFound'],
  ['412 stale write', received(preconditionFailed()), 'staleWrite'],
  ['422 window too full', received(windowTooFull(2000)), 'windowTooFull'],
  ['429 rate limited', received(tooManyRequests(30), 30), 'rateLimited'],
  ['503 store busy', received(toHttpProblem(new StoreUnavailableError(5))), 'busy'],
  ['507 storage full', received(toHttpProblem(new StoreFullError())), 'storageFull'],
  ['503 outcome unknown', received(toHttpProblem(new OutcomeUnknownError())), 'outcomeUnknown'],
  ['409 key in flight', received(idempotencyKeyInFlight()), 'stillSaving'],
  ['500 server error', received(toHttpProblem(new Error('boom'))), 'serverError'],
];

describe('the words for a failed request', () => {
  test.each(SERVER_PROBLEMS)('%s: the catalogue’s words, not the server’s English detail', (_, error, key) => {
    const message = errorMessage(error, german);
    expect(message).toContain(catalog[PROBLEM_MESSAGES[key].id]!.split('{')[0]!.trim());
    expect(message).not.toBe(error.problem.detail);
    expect(errorMessage(error)).not.toBe(message);
  });

  test('counts are formatted: seconds to wait, and the most events a window holds', () => {
    expect(errorMessage(received(tooManyRequests(1), 1))).toBe('Too many requests. Try again in 1 second.');
    expect(errorMessage(received(tooManyRequests(30), 30))).toBe('Too many requests. Try again in 30 seconds.');
    expect(errorMessage(received(tooManyRequests(30)))).toBe('Too many requests. Try again in a moment.');
    expect(errorMessage(received(windowTooFull(2000)), german)).toContain('2.000');
  });

  test('no answer at all is a network failure; a problem the app has no words for keeps the server’s detail', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), german)).toBe(catalog['problem.unreachable']);
    const misdirected = new ApiError({ type: 'about:blank', title: 'Misdirected Request', status: 421, detail: 'This server does not answer for that host name.' });
    expect(errorMessage(misdirected, german)).toBe('This server does not answer for that host name.');
    expect(errorMessage('not an error', german)).toBe(catalog['problem.unknown']);
  });
});
