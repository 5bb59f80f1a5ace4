import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../errors.ts';
import { sendProblem, toHttpProblem } from '../../http/problem-reply.ts';

/** The one error handler: every error leaves as application/problem+json, and 5xx bodies say nothing of the cause. */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      const problem = toHttpProblem(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(request, reply, problem);
    });
    app.setNotFoundHandler((request, reply) =>
      sendProblem(request, reply, notFound(`No route for ${request.method} ${request.url.split('?')[0]}.`)),
    );
  },
  { name: 'error-handler' },
);
