import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChangeHub, DEFAULT_HUB_LIMITS, type ChangeHub, type ChangeHubLimits } from '../../live/change-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changeHub: ChangeHub;
  }
}

/**
 * The live stream's hub: one subscription to the store's changes for the whole instance. Its streams end before the
 * server closes (preClose), or they would hold its close open for good.
 */
export default fp(
  async function liveChanges(app: FastifyInstance, opts: { limits?: Partial<ChangeHubLimits> }) {
    const hub = createChangeHub(app.store, app.log, { ...DEFAULT_HUB_LIMITS, ...opts.limits });
    app.decorate('changeHub', hub);
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'live-changes', dependencies: ['store'] },
);
