import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../../errors.ts';

export const RATE_LIMIT_WINDOW = '1 minute';

/**
 * Per-user limits (per IP before sign-in). Counters live in this process: each instance limits on its own.
 * It runs at preHandler so that the caller is known.
 */
export default fp(
  async function rateLimiting(app: FastifyInstance, opts: { perMinute: number }) {
    await app.register(rateLimit, {
      global: true,
      max: opts.perMinute,
      timeWindow: RATE_LIMIT_WINDOW,
      hook: 'preHandler',
      keyGenerator: (request) => (request.principal ? `user:${request.principal.tenantId}:${request.principal.id}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) =>
        // The plugin has already set Retry-After.
        new HttpProblem(429, 'Too Many Requests', { detail: `Too many requests. Try again in ${context.after}.` }),
    });
  },
  { name: 'rate-limit' },
);
