import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE } from '../../shared/problem.ts';
import { HttpProblem } from '../errors.ts';

/**
 * Requests that never reach a route: Node's HTTP parser refuses them (unknown method, bad request line, NUL
 * bytes, conflicting lengths, oversized head), or the router cannot decode their path. Their answers are
 * problems like any other, with a generic detail: the input is never echoed.
 */
export function protocolProblem(status: number): HttpProblem {
  const details: Partial<Record<number, string>> = {
    408: 'The request took too long to arrive.',
    414: 'The request path is too long.',
    431: 'The request line or its headers are too large.',
  };
  return new HttpProblem(status, STATUS_CODES[status] ?? 'Bad Request', {
    detail: details[status] ?? 'The request is not valid HTTP, or its path cannot be decoded.',
  });
}

function clientErrorStatus(code: string): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** Fastify's clientErrorHandler: writes the whole response to the socket, as the request never became one. */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ code: error.code }, 'refused a malformed request');
  if (socket.writable) {
    const problem = protocolProblem(clientErrorStatus(error.code));
    const body = JSON.stringify(problem.toProblem());
    socket.write(
      [
        `HTTP/1.1 ${problem.status} ${problem.title}`,
        `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/** Fastify's frameworkErrors: a path that cannot be decoded, or a parameter over the router's length. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const problem = protocolProblem(status);
  // No instance: the URL is the bad input. Hooks do not run here, so the body's own safety header is set.
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).header('x-content-type-options', 'nosniff').send(problem.toProblem());
}
