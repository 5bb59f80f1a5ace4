import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { watchEventLoopDelay, type EventLoopDelayWatch } from '../../health/event-loop-delay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    eventLoopDelay: EventLoopDelayWatch;
  }
}

/** The event loop's delay, measured for /api/health and logged as a warning for each window that passed the threshold. */
export default fp(
  async function eventLoopDelay(app: FastifyInstance, opts: { windowMs?: number }) {
    const watch = watchEventLoopDelay({
      windowMs: opts.windowMs,
      onSlowWindow: (delay) => app.log.warn({ eventLoop: delay }, 'the event loop was blocked: requests waited this long before being served'),
    });
    app.decorate('eventLoopDelay', watch);
    app.addHook('onClose', async () => watch.stop());
  },
  { name: 'event-loop-delay' },
);
