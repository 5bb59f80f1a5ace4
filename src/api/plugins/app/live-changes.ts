import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChangeHub, DEFAULT_HUB_LIMITS, type ChangeHub, type ChangeHubLimits } from '../../live/change-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changeHub: ChangeHub;
  }
}

/**
 * The live stream's hub: one subscription to the store's changes for the whole instance. Its streams end when a
 * shutdown drains the server, and before it closes (preClose), or they would hold either open for good.
 */
export default fp(
  async function liveChanges(app: FastifyInstance, opts: { limits?: Partial<ChangeHubLimits> }) {
    const hub = createChangeHub(app.store, app.log, { ...DEFAULT_HUB_LIMITS, ...opts.limits });
    app.decorate('changeHub', hub);
    app.onDrain(() => hub.close());
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'live-changes', dependencies: ['store', 'shutdown-drain'] },
);
