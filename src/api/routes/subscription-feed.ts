import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE } from '../../shared/limits.ts';
import { notFound } from '../errors.ts';
import { sendCachedText } from '../http/cached-body-reply.ts';
import { ICS_CONTENT_TYPE } from '../ical/ical-export.ts';
import { requestOrigin } from '../http/request-origin.ts';
import { RATE_LIMIT_WINDOW } from '../plugins/external/rate-limit.ts';
import { FEED_ROUTE, hashSecret, secretOfFeedFile } from '../subscriptions/subscription-secret.ts';

/**
 * How long a calendar app may keep a feed before asking again. Outlook and Google poll every few hours whatever this
 * says; an hour keeps a browser or proxy-less client from asking on every look, and a change shows within it.
 */
export const FEED_MAX_AGE_SECONDS = 3600;

const fileOf = (request: FastifyRequest) => (request.params as { file: string }).file;

/**
 * Each link has its own count, keyed by its secret's hash (never the secret): the app's per-user limit cannot apply, as
 * nobody signs in, and one address may be a mail provider polling for thousands of people.
 */
const perLinkLimit = {
  max: SUBSCRIPTION_FEED_REQUESTS_PER_MINUTE,
  timeWindow: RATE_LIMIT_WINDOW,
  keyGenerator: (request: FastifyRequest) => `ics:${hashSecret(fileOf(request))}`,
};

/**
 * GET /ics/{secret}.ics: a personal subscription link's feed, with no bearer token (calendar apps send none). The
 * secret is looked up by its hash, so there is nothing to compare in constant time: a guess costs one index lookup
 * and learns only 404. Revoked, unknown, or its creator can no longer see the calendar or category: 404.
 */
export default async function subscriptionFeedRoutes(app: FastifyInstance) {
  app.get(FEED_ROUTE, { config: { rateLimit: perLinkLimit } }, async (request, reply) => {
    const secret = secretOfFeedFile(fileOf(request));
    const feed = secret === null ? null : await app.subscriptionService.feed(secret, requestOrigin(request));
    if (!feed) throw notFound('No calendar here: the link is unknown or was revoked, or what it showed is gone.');
    reply.header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`);
    return sendCachedText(request, reply, feed, ICS_CONTENT_TYPE);
  });
}
