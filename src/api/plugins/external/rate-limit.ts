import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../../errors.ts';
import { clientAddressKey } from '../../http/client-address.ts';

export const RATE_LIMIT_WINDOW = '1 minute';

/** 429, saying when to try again, in the detail and in Retry-After. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too Many Requests', {
    detail: `Too many requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/**
 * Per-user limits (per IP before sign-in) on every route that does not opt out with `config: { rateLimit: false }`:
 * the web app's routes do (web-app.ts). Counters live in this process: each instance limits on its own.
 * It runs at preHandler so that the caller is known.
 */
export default fp(
  async function rateLimiting(app: FastifyInstance, opts: { perMinute: number }) {
    await app.register(rateLimit, {
      global: true,
      max: opts.perMinute,
      timeWindow: RATE_LIMIT_WINDOW,
      hook: 'preHandler',
      keyGenerator: (request) => (request.principal ? `user:${request.principal.tenantId}:${request.principal.id}` : clientAddressKey(request)),
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
      // No X-RateLimit-* headers on the answers under the limit: with counters per instance, behind a load balancer
      // they would tell a client a remainder that is not its own. A 429 still says when to retry.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
  },
  { name: 'rate-limit' },
);
