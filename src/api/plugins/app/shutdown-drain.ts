import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../../errors.ts';
import { sendProblem } from '../../http/problem-reply.ts';

/** What a request that arrives during shutdown is told to wait: long enough for another instance, or this one restarted. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a shutdown, before close(): from now on every new request is answered 503 with Retry-After,
     * the drain callbacks run (live streams end), and it resolves once every request in flight has been answered.
     */
    drain(): Promise<void>;
    /** Runs `callback` when the drain begins: for what would hold a request open for good (a live stream). */
    onDrain(callback: () => void | Promise<void>): void;
  }
}

const shuttingDown = () =>
  new HttpProblem(503, 'Service Unavailable', {
    detail: 'This server is shutting down. Try again shortly.',
    headers: { 'retry-after': String(SHUTDOWN_RETRY_AFTER_SECONDS), connection: 'close' },
  });

/**
 * Shutdown as load balancers and clients expect it: while the server still listens, new requests are refused with a
 * problem saying when to come back (not a reset, nor Fastify's plain JSON), answers close their connections so that no
 * client sends another request on them, and the requests in flight finish with their real answers.
 */
export default fp(
  async function shutdownDrain(app: FastifyInstance) {
    const callbacks: (() => void | Promise<void>)[] = [];
    let draining = false;
    let inFlight = 0;
    let drained: (() => void) | null = null;
    const settle = () => {
      if (inFlight === 0) drained?.();
    };

    app.addHook('onRequest', async (request, reply) => {
      if (draining) return sendProblem(request, reply, shuttingDown());
      inFlight++;
      // 'close' comes once the answer is sent, or the client went away: either way it is no longer in flight.
      reply.raw.once('close', () => {
        inFlight--;
        settle();
      });
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });

    app.decorate('onDrain', (callback: () => void | Promise<void>) => void callbacks.push(callback));
    app.decorate('drain', async () => {
      draining = true;
      const done = new Promise<void>((resolve) => (drained = resolve));
      await Promise.all(callbacks.map((callback) => callback()));
      settle();
      await done;
    });
  },
  { name: 'shutdown-drain' },
);
